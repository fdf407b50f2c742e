// The devnet self-test: a brand-new simple smart account sends one sponsored UserOperation carrying two
// calls (approve + transfer of USDm), built with plain viem + permissionless against the sponsor endpoint.
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { devnetChain, INVALID_API_KEY_ERROR } from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("sponsored UserOperation on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const USDm = devnet.tokens.USDm.address;

  it("runs approve + transfer of USDm from a brand-new smart account, gas sponsored", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner,
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
    await devnet.fund(account.address, "USDm", "10");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const spender = privateKeyToAccount(generatePrivateKey()).address;

    const pimlico = createPimlicoClient({
      chain,
      transport: http(devnet.sponsorUrl()),
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    const smartAccountClient = createSmartAccountClient({
      account,
      chain,
      bundlerTransport: http(devnet.sponsorUrl()),
      paymaster: pimlico,
      userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    });
    const nativeBefore = await publicClient.getBalance({ address: account.address });
    const userOpHash = await smartAccountClient.sendUserOperation({
      calls: [
        {
          to: USDm,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [spender, parseUnits("3", 18)],
          }),
        },
        {
          to: USDm,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transfer",
            args: [recipient, parseUnits("4", 18)],
          }),
        },
      ],
    });
    const receipt = await smartAccountClient.waitForUserOperationReceipt({ hash: userOpHash });
    expect(receipt.success).toBe(true);
    // A paymaster paid: the account held no native balance and still has none.
    expect(nativeBefore).toBe(0n);
    expect(receipt.paymaster).not.toBe("0x0000000000000000000000000000000000000000");
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n);
    expect(await publicClient.getCode({ address: account.address })).toBeDefined();

    const read = (functionName: "balanceOf", args: [`0x${string}`]) =>
      publicClient.readContract({ address: USDm, abi: erc20Abi, functionName, args });
    expect(await read("balanceOf", [account.address])).toBe(parseUnits("6", 18));
    expect(await read("balanceOf", [recipient])).toBe(parseUnits("4", 18));
    expect(
      await publicClient.readContract({
        address: USDm,
        abi: erc20Abi,
        functionName: "allowance",
        args: [account.address, spender],
      }),
    ).toBe(parseUnits("3", 18));
  });

  it("refuses a wrong or missing apikey with a JSON-RPC error", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "pimlico_getUserOperationGasPrice",
      params: [],
    });
    for (const url of [devnet.sponsorUrl("wrong-key"), `${devnet.sponsorBaseUrl}/v2/42220/rpc`]) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 7, error: INVALID_API_KEY_ERROR });
    }
    const ok = await fetch(devnet.sponsorUrl(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(ok.status).toBe(200);
    const gas = (await ok.json()) as { result: { fast: { maxFeePerGas: string } } };
    expect(BigInt(gas.result.fast.maxFeePerGas)).toBeGreaterThan(0n);
  });
});
