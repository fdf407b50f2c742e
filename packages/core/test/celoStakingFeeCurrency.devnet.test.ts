// Staking and governance prepares paying gas in a fee currency on the devnet (its fee-currency node front settles
// 0x7b as Celo does; Celo's StableToken for USDm). Their calldata comes from the lens read, so the fee of the real
// steps is planned after it: exactly 2 HTTP requests with a fee currency, 1 without, counted at a real proxy; a
// bad `feeCurrency` is refused before any request. The flows are signed by `executePreparedFlow` (0x7b).
import {
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  type FaultProxy,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  findFlowMismatches,
  InvalidFeeCurrencyError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
  TOKENS,
} from "../src/index.js";
import { expectInErrorType } from "./support/errorTypes.js";
import { celoReader, devnetClients, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
const usdmOf = (owner: Address) =>
  reader.readContract({
    address: TOKENS.USDm.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
const GROUP = CELO_DEVNET_VALIDATOR_GROUPS[1].address;
let proxy: FaultProxy;
let client: ReturnType<typeof createSdkClient>;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
  await client.network.getStatus(); // the one-time chain check, so that the counts below are the prepares' own
});
afterAll(() => proxy?.close());

/** The value `run` resolves to and the HTTP requests it cost. */
async function counted<T>(run: () => Promise<T>): Promise<{ value: T; requests: number }> {
  proxy.reset();
  const value = await run();
  return { value, requests: proxy.requests };
}

/** Executes `flow` (every step 0x7b paying in USDm); returns the USDm each step reports it paid, summed. */
async function executeInUsdm(privateKey: Hex, flow: SerializedPreparedFlow): Promise<bigint> {
  const { wallet } = devnetClients(devnet, privateKey);
  const result = await executePreparedFlow(wallet, { flow, account: wallet.account });
  expect(result.status, flow.summary).toBe("success");
  let paid = 0n;
  for (const step of result.steps) {
    const tx = await reader.getTransaction({ hash: step.hash! });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      TOKENS.USDm.address.toLowerCase(),
    );
    expect(step.feePaid?.feeCurrency).toBe(TOKENS.USDm.address);
    paid += BigInt(step.feePaid!.amount);
  }
  return paid;
}

function expectPaidInUsdm(flow: SerializedPreparedFlow): void {
  expect(flow.fee).toMatchObject({ currency: "USDm", feeCurrency: TOKENS.USDm.address });
  for (const step of flow.steps) expect(step.feeCurrency).toBe(TOKENS.USDm.address);
  expect(BigInt(flow.fee!.estimated)).toBeGreaterThan(0n);
  expect(BigInt(flow.fee!.estimated)).toBeLessThanOrEqual(BigInt(flow.fee!.max));
  expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
  expect(findFlowMismatches(flow)).toEqual([]);
}

describe("staking and governance paying gas in USDm", () => {
  it("locks 10 CELO paying in USDm: 0x7b, CELO down exactly 10, USDm debited as reported and <= fee.max; 2 requests", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "20", USDm: "5" });
    const celoBefore = await reader.getBalance({ address });
    const usdmBefore = await usdmOf(address);

    const lock = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: "USDm" }));
    expect(lock.requests).toBe(2);
    expectPaidInUsdm(lock.value);
    expect(lock.value.steps.map((step) => step.description.split(" ")[0])).toEqual(["Register", "Lock"]);
    expect(lock.value.steps[1]?.value).toBe(parseEther("10").toString());

    const paid = await executeInUsdm(privateKey, lock.value);
    expect(await reader.getBalance({ address })).toBe(celoBefore - parseEther("10"));
    const debited = usdmBefore - (await usdmOf(address));
    expect(debited).toBe(paid);
    expect(debited).toBeGreaterThan(0n);
    expect(debited).toBeLessThanOrEqual(BigInt(lock.value.fee!.max));
    expect((await client.staking.getStakingBalances(address)).locked.total.value).toBe(parseEther("10"));

    // a vote for a validator group paying in USDm (the client's default this time) lands too, CELO untouched
    const usdmClient = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false, feeCurrency: "USDm" });
    await usdmClient.network.getStatus();
    const vote = await counted(() => usdmClient.staking.prepareVote(address, GROUP, "4"));
    expect(vote.requests).toBe(2);
    expectPaidInUsdm(vote.value);
    const celoBeforeVote = await reader.getBalance({ address });
    const usdmBeforeVote = await usdmOf(address);
    const votePaid = await executeInUsdm(privateKey, vote.value);
    expect(usdmBeforeVote - (await usdmOf(address))).toBe(votePaid);
    expect(votePaid).toBeLessThanOrEqual(BigInt(vote.value.fee!.max));
    expect(await reader.getBalance({ address })).toBe(celoBeforeVote);
    const votes = (await client.staking.getStakingBalances(address)).votes;
    expect(votes.find((v) => v.group.toLowerCase() === GROUP.toLowerCase())?.pending.value).toBe(
      parseEther("4"),
    );

    // the same prepares in CELO: one request, no fee, no feeCurrency
    const inCelo = await counted(() => client.staking.prepareVote(address, GROUP, "1"));
    expect(inCelo.requests).toBe(1);
    expect(inCelo.value.fee).toBeUndefined();
    expect(inCelo.value.steps.every((step) => step.feeCurrency === undefined)).toBe(true);
    const explicitCelo = await counted(() =>
      usdmClient.staking.prepareVote(address, GROUP, "1", { feeCurrency: "CELO" }),
    );
    expect(explicitCelo.requests).toBe(1);
    expect(explicitCelo.value.fee).toBeUndefined();
  });

  it("every staking and governance prepare costs 2 requests paying in USDm (1 in CELO)", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "30", USDm: "5" });
    await executeInUsdm(privateKey, await client.staking.prepareLock(address, "10", { feeCurrency: "USDm" }));
    await executeInUsdm(
      privateKey,
      await client.staking.prepareUnlock(address, "2", { feeCurrency: "USDm" }),
    );
    const { referendumProposalId, queuedProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    const f = { feeCurrency: "USDm" } as const;
    const prepares: [string, (options?: typeof f) => Promise<SerializedPreparedFlow>][] = [
      ["prepareStakingLock", (o) => client.staking.prepareLock(address, "3", o)],
      ["prepareStakingUnlock", (o) => client.staking.prepareUnlock(address, "1", o)],
      ["prepareStakingRelock", (o) => client.staking.prepareRelock(address, "1", o)],
      ["prepareStakingVote", (o) => client.staking.prepareVote(address, GROUP, "1", o)],
      ["prepareGovernanceUpvote", (o) => client.governance.prepareUpvote(address, queuedProposalId, o)],
      [
        "prepareGovernanceVote",
        (o) => client.governance.prepareVote(address, referendumProposalId, "yes", o),
      ],
      ["prepareGovernanceDelegate", (o) => client.governance.prepareDelegate(address, GROUP, "10", o)],
    ];
    for (const [name, prepare] of prepares) {
      const paying = await counted(() => prepare(f));
      expect(paying.requests, name).toBe(2);
      expectPaidInUsdm(paying.value);
      const plain = await counted(() => prepare());
      expect(plain.requests, name).toBe(1);
      expect(plain.value.fee, name).toBeUndefined();
    }
    // the governance vote paying in USDm lands
    const vote = await client.governance.prepareVote(address, referendumProposalId, "yes", f);
    const paid = await executeInUsdm(privateKey, vote);
    expect(paid).toBeLessThanOrEqual(BigInt(vote.fee!.max));
    const voted = await client.governance.getProposal(referendumProposalId, { account: address });
    expect(voted.accountVote?.yes.value).toBe(parseEther("8"));
  });

  it('"auto": 1 request when the CELO balance read beside the lens settles it on CELO; 2 when the fee is paid in USDm', async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100", USDm: "5" });
    const auto = { feeCurrency: "auto" } as const;
    // plenty of CELO: CELO pays whatever the steps use (the block gas limit bounds them), decided in the lens's request
    const rich = await counted(() => client.staking.prepareLock(address, "80", auto));
    expect(rich.requests).toBe(1);
    expect(rich.value.fee).toBeUndefined();
    expect(rich.value.steps.every((step) => step.feeCurrency === undefined)).toBe(true);
    // the same lock with a client whose default is "auto"
    const autoClient = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false, feeCurrency: "auto" });
    await autoClient.network.getStatus();
    expect((await counted(() => autoClient.staking.prepareLock(address, "80"))).requests).toBe(1);

    // locking 99.99 of its 100 CELO leaves too little for the bound: the fee is planned on the steps, in USDm
    await executeInUsdm(
      privateKey,
      await client.staking.prepareLock(address, "99.99", { feeCurrency: "USDm" }),
    );
    const poor = await counted(() => client.staking.prepareUnlock(address, "2", auto));
    expect(poor.requests).toBe(2);
    expectPaidInUsdm(poor.value);
    await executeInUsdm(privateKey, poor.value);

    // CELO again: a governance prepare with "auto" settles on CELO in its one request
    await devnet.fund(address, "CELO", "100");
    const { queuedProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    const upvote = await counted(() => client.governance.prepareUpvote(address, queuedProposalId, auto));
    expect(upvote.requests).toBe(1);
    expect(upvote.value.fee).toBeUndefined();
  });

  it("refuses a bad feeCurrency before any request, naming the field", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1" });
    const bad: [string, () => Promise<unknown>][] = [
      ["prepareStakingLock", () => client.staking.prepareLock(address, "1", { feeCurrency: "WETH" })],
      [
        "prepareStakingWithdraw",
        () =>
          client.staking.prepareWithdraw(address, {
            feeCurrency: "0x0000000000000000000000000000000000000000",
          }),
      ],
      [
        "prepareGovernanceRevokeUpvote",
        () => client.governance.prepareRevokeUpvote(address, { feeCurrency: "NOPE" as never }),
      ],
      [
        "prepareGovernanceUndelegate",
        () => client.governance.prepareUndelegate(address, GROUP, "10", { feeCurrency: 42 as never }),
      ],
    ];
    for (const [name, run] of bad) {
      proxy.reset();
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(InvalidFeeCurrencyError);
      expect((error as InvalidFeeCurrencyError).message, name).toContain("feeCurrency");
      expectInErrorType(name, error);
      expect(proxy.requests, name).toBe(0);
    }
  });
});
