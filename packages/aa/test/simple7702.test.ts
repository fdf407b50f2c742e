// EIP-7702 in preflow/aa (issue 26): the owner's own EOA, delegated to the simple 7702 account (EntryPoint 0.8),
// runs approve-then-act atomically and sponsored from its own address. Real devnet: anvil (Prague rules), alto
// serving EntryPoint 0.8, the mock paymaster's 0.8 singleton paymaster, the eth-infinitism Simple7702Account.
import { checkAttributionInTransaction } from "@preflow/attribution";
import { InvalidConfigError } from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import { createWalletClient, type Hex, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { describe, expect, it } from "vitest";
import {
  createAAClient,
  DelegationConflictError,
  deriveSmartAccountAddress,
  FeeCurrencyNotSponsoredError,
  SIMPLE_7702_ACCOUNT_ADDRESS,
} from "../src/index.js";
import { expectInErrorType } from "./helpers/errorTypes.js";
import {
  approveAndDeposit,
  fund,
  landedFlowResult,
  publicClientOf,
  sponsorship,
  USDm,
  usdmAllowance,
  usdmBalance,
  VAULT,
  vaultDeposit,
} from "./helpers/fixtures.js";

const HASH = /^0x[0-9a-f]{64}$/;
const DESIGNATOR = `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`;

describe('createAAClient({ smartAccount: "simple-7702" })', () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);

  async function newEoaClient(tags?: string[]) {
    const owner = privateKeyToAccount(generatePrivateKey());
    const aa = await createAAClient({
      owner,
      gasSponsorship: sponsorship(devnet),
      rpcUrl: devnet.rpcUrl,
      smartAccount: "simple-7702",
      ...(tags ? { attributionTags: tags } : {}),
    });
    return { owner, aa };
  }

  it("the account is the owner's own address", async () => {
    const { owner, aa } = await newEoaClient();
    expect(aa.smartAccountAddress).toBe(owner.address);
    expect(aa.smartAccount).toBe("simple-7702");
    expect(deriveSmartAccountAddress(owner, { smartAccount: "simple-7702" })).toEqual({
      eoaAddress: owner.address,
      smartAccountAddress: owner.address,
    });
    // The default is unchanged: the simple account on EntryPoint 0.7 at its own address.
    expect(deriveSmartAccountAddress(owner).smartAccountAddress).not.toBe(owner.address);
    await expect(
      createAAClient({
        owner,
        gasSponsorship: sponsorship(devnet),
        smartAccount: "kernel" as never,
      }),
    ).rejects.toThrow(InvalidConfigError);
  });

  it("a fresh EOA with USDm and no CELO delegates and runs approve + deposit atomically, sponsored; a second flow sends without a new authorization", async () => {
    const { owner, aa } = await newEoaClient(["myapp", "partner"]);
    await fund(devnet, owner.address, "USDm", "10");
    expect(await publicClient.getBalance({ address: owner.address })).toBe(0n);
    expect(await publicClient.getCode({ address: owner.address })).toBeUndefined();

    const flow = await approveAndDeposit(devnet, owner.address, parseUnits("3", 18));
    const result = await aa.sendPreparedFlow(flow);
    expect(result.error).toBeUndefined();
    expect(result).toEqual({
      mode: "batch",
      success: true,
      userOpHashes: [expect.stringMatching(HASH)],
      transactionHashes: [expect.stringMatching(HASH)],
      operations: [
        {
          userOpHash: result.userOpHashes[0],
          transactionHash: result.transactionHashes[0],
          status: "success",
          stepIndexes: [0, 1],
          delegation: { address: SIMPLE_7702_ACCOUNT_ADDRESS, nonce: 0 },
        },
      ],
      // the shape every send of a flow reports (core's executePreparedFlow, sendPreparedFlowWithWallet)
      ...landedFlowResult(flow, owner.address, result.transactionHashes[0]),
    });
    // Delegated, credited at its own address, and it paid nothing (it has no CELO).
    expect((await publicClient.getCode({ address: owner.address }))?.toLowerCase()).toBe(DESIGNATOR);
    expect(await vaultDeposit(publicClient, owner.address)).toBe(parseUnits("3", 18));
    expect(await usdmBalance(publicClient, owner.address)).toBe(parseUnits("7", 18));
    expect(await usdmAllowance(publicClient, owner.address, VAULT)).toBe(0n);
    expect(await publicClient.getBalance({ address: owner.address })).toBe(0n);
    expect(await publicClient.getTransactionCount({ address: owner.address })).toBe(1); // the authorization
    // The bundle transaction carried the owner's signed authorization (type 4).
    const bundle = await publicClient.getTransaction({ hash: result.transactionHashes[0]! });
    expect(bundle.type).toBe("eip7702");
    expect(bundle.authorizationList?.map((a) => a.address.toLowerCase())).toContain(
      SIMPLE_7702_ACCOUNT_ADDRESS.toLowerCase(),
    );
    // The tags are on every inner call of this account, found from the bundle hash alone.
    const found = await checkAttributionInTransaction(
      { request: publicClient.request, hash: result.transactionHashes[0]! },
      "partner",
    );
    expect(found.bundle).toBe(true);
    expect(found.matched).toBe(true);
    const mine = found.locations.filter(
      (location) => location.kind === "innerCall" && location.sender === owner.address,
    );
    expect(mine).toHaveLength(2);
    for (const location of mine) {
      expect(location.platform).toBe(true);
      expect(location.tags.map((tag) => tag.toLowerCase())).toEqual(["myapp", "partner"]);
    }
    expect(mine.map((location) => (location.kind === "innerCall" ? location.target : null))).toEqual([
      USDm,
      VAULT,
    ]);

    // A second flow: no authorization this time (the EOA is delegated), plain bundle transaction.
    const again = await approveAndDeposit(devnet, owner.address, parseUnits("2", 18));
    const second = await aa.sendPreparedFlow(again);
    expect(second.success).toBe(true);
    expect(second.operations[0]).not.toHaveProperty("delegation");
    const secondBundle = await publicClient.getTransaction({ hash: second.transactionHashes[0]! });
    expect(secondBundle.authorizationList ?? []).toEqual([]);
    expect(await vaultDeposit(publicClient, owner.address)).toBe(parseUnits("5", 18));
    expect(await publicClient.getBalance({ address: owner.address })).toBe(0n);
    expect((await publicClient.getCode({ address: owner.address }))?.toLowerCase()).toBe(DESIGNATOR);
  });

  it("simulates as the EOA before delegation, and sequential mode delegates on the first UserOperation only", async () => {
    const { owner, aa } = await newEoaClient();
    await fund(devnet, owner.address, "USDm", "2");
    const flow = await approveAndDeposit(devnet, owner.address, parseUnits("1", 18));
    const simulation = await aa.simulatePreparedFlow(flow);
    expect(simulation.success).toBe(true);

    const result = await aa.sendPreparedFlow(flow, { mode: "sequential" });
    expect(result.success).toBe(true);
    expect(result.operations.map((op) => [op.status, op.stepIndexes, op.delegation])).toEqual([
      ["success", [0], { address: SIMPLE_7702_ACCOUNT_ADDRESS, nonce: 0 }],
      ["success", [1], undefined],
    ]);
    expect(await vaultDeposit(publicClient, owner.address)).toBe(parseUnits("1", 18));
    expect(await publicClient.getBalance({ address: owner.address })).toBe(0n);
  });

  it("a reverting batch leaves no effect: neither the approval nor the delegation", async () => {
    const { owner, aa } = await newEoaClient();
    await fund(devnet, owner.address, "USDm", "1");
    // approve(vault, 1) + deposit(2): the deposit reverts, so the approval must not stay either.
    const flow = await approveAndDeposit(devnet, owner.address, parseUnits("1", 18));
    const depositOfTwo = await approveAndDeposit(devnet, owner.address, parseUnits("2", 18));
    const broken = { ...flow, steps: [flow.steps[0]!, depositOfTwo.steps[1]!] };
    const result = await aa.sendPreparedFlow(broken);
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    expect(await usdmAllowance(publicClient, owner.address, VAULT)).toBe(0n);
    expect(await vaultDeposit(publicClient, owner.address)).toBe(0n);
    expect(await usdmBalance(publicClient, owner.address)).toBe(parseUnits("1", 18));
    expect(await publicClient.getCode({ address: owner.address })).toBeUndefined();
  });

  it("an EOA already delegated to another contract is reported (DelegationConflictError), never re-delegated", async () => {
    const { owner, aa } = await newEoaClient();
    await fund(devnet, owner.address, "USDm", "1");
    // Someone delegated this EOA to another contract (here: the vault) with a type-4 transaction.
    const relayer = privateKeyToAccount(generatePrivateKey());
    await fund(devnet, relayer.address, "CELO", "1");
    const wallet = createWalletClient({ account: relayer, chain: celo, transport: http(devnet.rpcUrl) });
    const authorization = await owner.signAuthorization({ address: VAULT, chainId: 42220, nonce: 0 });
    const hash = await wallet.sendTransaction({
      to: owner.address,
      authorizationList: [authorization],
      data: "0x",
      gas: 100_000n,
    });
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const code = await publicClient.getCode({ address: owner.address });
    expect(code?.toLowerCase()).toBe(`0xef0100${VAULT.slice(2).toLowerCase()}`);

    const flow = await approveAndDeposit(devnet, owner.address, parseUnits("1", 18));
    const error = await aa.sendPreparedFlow(flow).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DelegationConflictError);
    expectInErrorType("sendPreparedFlow", error);
    expect(error).toMatchObject({
      code: "DELEGATION_CONFLICT",
      details: { account: owner.address, delegate: VAULT, expected: SIMPLE_7702_ACCOUNT_ADDRESS },
    });
    expect((await publicClient.getCode({ address: owner.address }))?.toLowerCase()).toBe(code?.toLowerCase());
    expect(await vaultDeposit(publicClient, owner.address)).toBe(0n);
  });

  it("a flow whose steps carry feeCurrency is refused before any request: sponsorship pays the gas", async () => {
    const { owner, aa } = await newEoaClient();
    const flow = await approveAndDeposit(devnet, owner.address, 1n);
    const usdm: Hex = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
    const withFee = { ...flow, steps: flow.steps.map((step) => ({ ...step, feeCurrency: usdm })) };
    const error = await aa.sendPreparedFlow(withFee as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeeCurrencyNotSponsoredError);
    expectInErrorType("sendPreparedFlow", error);
    expect(error).toMatchObject({
      code: "FEE_CURRENCY_NOT_SPONSORED",
      details: { field: "steps[0].feeCurrency", stepIndex: 0 },
    });
    expect(String((error as Error).message)).toMatch(/sponsor/);
  });
});
