// The bundle test: a sponsored UserOperation whose two inner calls carry tags, built with plain viem and
// permissionless against the devnet's sponsor endpoint; the transaction forms then find both inner calls'
// tags from the bundle transaction's hash alone.
import { devnetChain } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AttributionRequestFn,
  appendSdkCalldataTag,
  checkAttributionInCalldata,
  checkAttributionInTransaction,
  decodeHandleOpsCalldata,
  type Hex,
  TransactionNotFoundError,
  TransactionRequestError,
  verifyAttributionInTransaction,
} from "../src/index.js";

describe("attribution of a sponsored UserOperation on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const sponsorEndpoint = `${devnet.sponsorBaseUrl}/v2/42220/rpc?apikey=${devnet.sponsorApiKey}`;
  const USDm = devnet.tokens.USDm.address;

  /** A bare EIP-1193 request over fetch: no viem involved. */
  const fetchRequest: AttributionRequestFn = async ({ method, params }) => {
    const response = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  };

  let sender: Hex;
  let bundleHash: Hex;
  let recipient: Hex;
  let approveData: Hex;
  let transferData: Hex;

  beforeAll(async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner,
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    sender = account.address;
    await devnet.fund(account.address, "USDm", "10");
    recipient = privateKeyToAccount(generatePrivateKey()).address;
    const spender = privateKeyToAccount(generatePrivateKey()).address;

    const pimlico = createPimlicoClient({
      chain,
      transport: http(sponsorEndpoint),
      entryPoint: { address: entryPoint07Address, version: "0.7" },
    });
    const smartAccountClient = createSmartAccountClient({
      account,
      chain,
      bundlerTransport: http(sponsorEndpoint),
      paymaster: pimlico,
      userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
    });
    approveData = appendSdkCalldataTag(
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, parseUnits("3", 18)] }),
      ["first_app"],
    );
    transferData = appendSdkCalldataTag(
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, parseUnits("4", 18)] }),
      ["Second_App", "builder_0123456789ab"],
    );
    const userOpHash = await smartAccountClient.sendUserOperation({
      calls: [
        { to: USDm, data: approveData },
        { to: USDm, data: transferData },
      ],
    });
    const receipt = await smartAccountClient.waitForUserOperationReceipt({ hash: userOpHash });
    expect(receipt.success).toBe(true);
    bundleHash = receipt.receipt.transactionHash;
  });

  it("the tagged calls did their job (the suffix does not disturb the token)", async () => {
    expect(
      await publicClient.readContract({
        address: USDm,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      }),
    ).toBe(parseUnits("4", 18));
  });

  it("checkAttributionInTransaction finds both inner calls' tags from the bundle hash alone (viem request)", async () => {
    const result = await checkAttributionInTransaction(
      { request: publicClient.request, hash: bundleHash },
      "second_app",
    );
    expect(result.hash).toBe(bundleHash);
    expect(result.bundle).toBe(true);
    expect(result.to).toBe(entryPoint07Address);
    expect(result.found).toBe(true);
    expect(result.platform).toBe(true);
    expect(result.matched).toBe(true);
    expect(result.tags).toEqual(["first_app", "second_app", "builder_0123456789ab"]);

    const inner = result.locations.filter((entry) => entry.kind === "innerCall");
    expect(inner).toEqual([
      {
        kind: "innerCall",
        userOperationIndex: 0,
        callIndex: 0,
        sender,
        target: USDm,
        value: 0n,
        found: true,
        tags: ["first_app"],
        platform: true,
        matched: false,
      },
      {
        kind: "innerCall",
        userOperationIndex: 0,
        callIndex: 1,
        sender,
        target: USDm,
        value: 0n,
        found: true,
        tags: ["second_app", "builder_0123456789ab"],
        platform: true,
        matched: true,
      },
    ]);
    // The transaction input and userOp.callData themselves carry no suffix: the tags live on the inner calls.
    expect(result.locations.find((entry) => entry.kind === "transaction")).toMatchObject({ found: false });
    expect(result.locations.find((entry) => entry.kind === "userOperation")).toMatchObject({
      sender,
      found: false,
    });
  });

  it("a bare fetch-based EIP-1193 request works the same, and a missing tag does not match", async () => {
    const result = await checkAttributionInTransaction({ request: fetchRequest, hash: bundleHash }, "absent");
    expect(result.matched).toBe(false);
    expect(result.locations.filter((entry) => entry.kind === "innerCall").map((entry) => entry.tags)).toEqual(
      [["first_app"], ["second_app", "builder_0123456789ab"]],
    );
  });

  it("verifyAttributionInTransaction reports the raw layers of both inner calls", async () => {
    const result = await verifyAttributionInTransaction({ request: publicClient.request, hash: bundleHash });
    expect(result.bundle).toBe(true);
    const inner = result.locations.filter((entry) => entry.kind === "innerCall");
    expect(inner.map((entry) => [entry.target, entry.erc8021, entry.legacy])).toEqual([
      [USDm, { schemaId: 0, codes: ["sdk", "first_app"] }, null],
      [USDm, { schemaId: 0, codes: ["sdk", "second_app", "builder_0123456789ab"] }, null],
    ]);
  });

  it("the inner calldata on chain is byte for byte what was tagged", async () => {
    const transaction = await publicClient.getTransaction({ hash: bundleHash });
    const bundle = decodeHandleOpsCalldata(transaction.input);
    expect(bundle?.userOperations).toHaveLength(1);
    expect(bundle?.userOperations[0]?.sender).toBe(sender);
    expect(bundle?.userOperations[0]?.calls?.map((call) => call.data)).toEqual([approveData, transferData]);
    expect(checkAttributionInCalldata(transaction.input).found).toBe(false);
  });

  it("an unknown hash gives TransactionNotFoundError", async () => {
    const hash = `0x${"12".repeat(32)}` as const;
    await expect(
      checkAttributionInTransaction({ request: publicClient.request, hash }),
    ).rejects.toBeInstanceOf(TransactionNotFoundError);
  });

  it("a failing request gives TransactionRequestError without the sponsor API key in it", async () => {
    // The sponsor endpoint refuses a wrong key; the URL (with the real key) is in viem's error message.
    const badKeyClient = createPublicClient({
      chain,
      transport: http(`${devnet.sponsorBaseUrl}/v2/42220/rpc?apikey=${devnet.sponsorApiKey}x`, {
        retryCount: 0,
      }),
    });
    const error = await checkAttributionInTransaction({
      request: badKeyClient.request,
      hash: bundleHash,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionRequestError);
    expect(String((error as TransactionRequestError).cause)).toContain(devnet.sponsorApiKey);
    expect((error as Error).message).not.toContain(devnet.sponsorApiKey);
    expect(JSON.stringify((error as TransactionRequestError).details)).not.toContain(devnet.sponsorApiKey);
  });
});
