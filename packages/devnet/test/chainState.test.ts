// What the devnet promises about its chain: chain id, canonical ERC-4337 addresses, Multicall3, and tokens
// that behave like ERC-20s at their mainnet addresses (CELO moving native balance as on mainnet).
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from "viem";
import { entryPoint07Abi, entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { multicall3Abi } from "../src/contracts.generated.js";
import {
  DEVNET_VAULT_ADDRESS,
  devnetChain,
  devnetVaultAbi,
  MULTICALL3_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_07,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("devnet chain state", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

  async function freshWallet() {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "5");
    return createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
  }

  it("is chain 42220 with EntryPoint 0.7, SimpleAccountFactory 0.7 and Multicall3 in place", async () => {
    expect(await publicClient.getChainId()).toBe(42220);
    for (const address of [entryPoint07Address, SIMPLE_ACCOUNT_FACTORY_07, MULTICALL3_ADDRESS]) {
      expect((await publicClient.getCode({ address }))?.length ?? 0).toBeGreaterThan(2);
    }
    // EntryPoint answers as the canonical one does.
    const deposit = await publicClient.readContract({
      address: entryPoint07Address,
      abi: entryPoint07Abi,
      functionName: "balanceOf",
      args: [devnet.accounts[0]!.address],
    });
    expect(deposit).toBe(0n);
    const chainId = await publicClient.readContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: "getChainId",
    });
    expect(chainId).toBe(42220n);
  });

  it("has the tokens at their mainnet addresses with their symbols and decimals", async () => {
    const results = await publicClient.multicall({
      contracts: Object.values(devnet.tokens).flatMap((t) => [
        { address: t.address, abi: erc20Abi, functionName: "symbol" } as const,
        { address: t.address, abi: erc20Abi, functionName: "decimals" } as const,
      ]),
      allowFailure: false,
    });
    const expected = Object.values(devnet.tokens).flatMap((t) => [t.symbol, t.decimals]);
    expect(results).toEqual(expected);
    expect(devnet.tokens.USDC.decimals).toBe(6);
    expect(devnet.tokens.USDm.address).toBe("0x765DE816845861e75A25fCA122bb6898B8B1282a");
  });

  it("ERC-20 stand-ins keep balances and allowances, emit events and revert when short", async () => {
    const alice = await freshWallet();
    const bob = await freshWallet();
    const USDC = devnet.tokens.USDC.address;
    await devnet.fund(alice.account.address, "USDC", "2.5");
    const hash = await alice.writeContract({
      address: USDC,
      abi: erc20Abi,
      functionName: "approve",
      args: [bob.account.address, parseUnits("1", 6)],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.logs).toHaveLength(1);
    const pull = await bob.writeContract({
      address: USDC,
      abi: erc20Abi,
      functionName: "transferFrom",
      args: [alice.account.address, bob.account.address, parseUnits("0.75", 6)],
    });
    await publicClient.waitForTransactionReceipt({ hash: pull });
    const read = (functionName: "balanceOf", owner: `0x${string}`) =>
      publicClient.readContract({ address: USDC, abi: erc20Abi, functionName, args: [owner] });
    expect(await read("balanceOf", alice.account.address)).toBe(1_750_000n);
    expect(await read("balanceOf", bob.account.address)).toBe(750_000n);
    expect(
      await publicClient.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: "allowance",
        args: [alice.account.address, bob.account.address],
      }),
    ).toBe(250_000n);
    await expect(
      publicClient.simulateContract({
        account: bob.account,
        address: USDC,
        abi: erc20Abi,
        functionName: "transferFrom",
        args: [alice.account.address, bob.account.address, parseUnits("1", 6)],
      }),
    ).rejects.toThrow(/InsufficientAllowance|reverted/);
    await expect(
      publicClient.simulateContract({
        account: alice.account,
        address: USDC,
        abi: erc20Abi,
        functionName: "transfer",
        args: [bob.account.address, parseUnits("100", 6)],
      }),
    ).rejects.toThrow(/InsufficientBalance|reverted/);
  });

  it("CELO's ERC-20 interface moves native balance through the transfer precompile", async () => {
    const alice = await freshWallet();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const CELO = devnet.tokens.CELO.address;
    const hash = await alice.writeContract({
      address: CELO,
      abi: erc20Abi,
      functionName: "transfer",
      args: [to, parseEther("1.25")],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther("1.25"));
    expect(
      await publicClient.readContract({
        address: CELO,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [to],
      }),
    ).toBe(parseEther("1.25"));
  });

  it("DevnetVault pulls an approved amount and refuses without an allowance", async () => {
    const alice = await freshWallet();
    const USDm = devnet.tokens.USDm.address;
    await devnet.fund(alice.account.address, "USDm", "5");
    const deposit = { address: DEVNET_VAULT_ADDRESS, abi: devnetVaultAbi, functionName: "deposit" } as const;
    await expect(
      publicClient.simulateContract({
        ...deposit,
        account: alice.account,
        args: [USDm, parseUnits("2", 18)],
      }),
    ).rejects.toThrow(/InsufficientAllowance|reverted/);
    const approve = await alice.writeContract({
      address: USDm,
      abi: erc20Abi,
      functionName: "approve",
      args: [DEVNET_VAULT_ADDRESS, parseUnits("2", 18)],
    });
    await publicClient.waitForTransactionReceipt({ hash: approve });
    const hash = await alice.writeContract({ ...deposit, args: [USDm, parseUnits("2", 18)] });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(
      await publicClient.readContract({
        address: DEVNET_VAULT_ADDRESS,
        abi: devnetVaultAbi,
        functionName: "deposits",
        args: [USDm, alice.account.address],
      }),
    ).toBe(parseUnits("2", 18));
  });

  it("fund() rejects unknown tokens and bad addresses", async () => {
    await expect(devnet.fund("0x1234", "USDm", "1")).rejects.toThrow(/not an address/);
    await expect(devnet.fund(devnet.accounts[0]!.address, "DOGE" as "USDm", "1")).rejects.toThrow(
      /unknown token/,
    );
  });
});

describe("devnet.fund under load", () => {
  const devnet = useDevnet();
  const publicClient = createPublicClient({
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  });

  it("60 concurrent mints all land and report success", async () => {
    const owners = Array.from({ length: 60 }, () => privateKeyToAccount(generatePrivateKey()).address);
    await Promise.all(owners.map((owner) => devnet.fund(owner, "EURm", "1")));
    const balances = await publicClient.multicall({
      contracts: owners.map((owner) => ({
        address: devnet.tokens.EURm.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      })),
      allowFailure: false,
    });
    expect(balances.every((b) => b === parseUnits("1", 18))).toBe(true);
  });
});
