// client.staking and client.governance on Celo's real core contracts (v11 bytecode at the mainnet proxy
// addresses on the devnet), each prepared flow signed by a plain viem wallet. This file starts a devnet of its
// own: it moves the chain's clock 3 days (LockedGold's unlocking period), which would put other files' sponsored
// UserOperations and deadlines in the past on the shared one. Every read and prepare goes through a counting
// proxy and costs one HTTP request.
import {
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  type Devnet,
  type FaultProxy,
  startDevnet,
  startFaultProxy,
} from "@preflow/devnet";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CELO_STAKING_ADDRESSES,
  CeloGovernanceRefusedError,
  CeloStakingRefusedError,
  createSdkClient,
  findFlowMismatches,
  formatPreparedFlow,
  parsePreparedFlow,
  type SerializedPreparedFlow,
} from "../src/index.js";
import { expectInErrorType } from "./support/errorTypes.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

let devnet: Devnet;
let proxy: FaultProxy;
let client: ReturnType<typeof createSdkClient>;
const GROUP = CELO_DEVNET_VALIDATOR_GROUPS[1].address;

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, attributionTags: ["staking_test"], analyticsEnabled: false });
}, 90_000);
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

/** Runs `fn` through the counting proxy: its value (or error) and the HTTP requests it cost. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; requests: number }> {
  proxy.reset();
  const value = await fn();
  return { value, requests: proxy.requests };
}
async function refused(fn: () => Promise<unknown>): Promise<{ error: unknown; requests: number }> {
  proxy.reset();
  try {
    await fn();
  } catch (error) {
    return { error, requests: proxy.requests };
  }
  throw new Error("expected a refusal");
}

/** The flow survives JSON and the parser, says what it does, and its calldata carries out its intent. */
function expectSound(flow: SerializedPreparedFlow): void {
  expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
  expect(findFlowMismatches(flow)).toEqual([]);
  expect(formatPreparedFlow(flow)).toContain(flow.summary.split(" ")[0]);
}

// Governance first: the staking flow moves the clock 3 days, after which Governance's daily dequeue is due.
describe("Celo governance on the devnet, signed by a plain viem wallet", () => {
  it("upvotes the queued proposal and votes yes on the referendum; getGovernanceProposal reflects both", async () => {
    const { referendumProposalId, queuedProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100" });
    await executeFlow(devnet, privateKey, await client.staking.prepareLock(address, "40"));

    const list = await counted(() => client.governance.getProposals());
    expect(list.requests).toBe(1);
    expect(list.value.queue.map((p) => p.id)).toContain(queuedProposalId);
    expect(list.value.referendum.map((p) => p.id)).toContain(referendumProposalId);

    const before = await client.governance.getProposal(queuedProposalId);
    const upvote = await counted(() => client.governance.prepareUpvote(address, queuedProposalId));
    expect(upvote.requests).toBe(1);
    expectSound(upvote.value);
    await executeFlow(devnet, privateKey, upvote.value);
    const after = await counted(() => client.governance.getProposal(queuedProposalId));
    expect(after.requests).toBe(1);
    expect(after.value.stage).toBe("queued");
    expect(after.value.upvotes.value - before.upvotes.value).toBe(parseEther("40"));

    const again = await refused(() => client.governance.prepareUpvote(address, queuedProposalId));
    expect((again.error as CeloGovernanceRefusedError).details.reason).toBe("already-upvoted");

    const yesBefore = (await client.governance.getProposal(referendumProposalId)).votes.yes.value;
    const vote = await counted(() => client.governance.prepareVote(address, referendumProposalId, "yes"));
    expect(vote.requests).toBe(1);
    expectSound(vote.value);
    await executeFlow(devnet, privateKey, vote.value);
    const voted = await client.governance.getProposal(referendumProposalId, { account: address });
    expect(voted.stage).toBe("referendum");
    expect(voted.votes.yes.value - yesBefore).toBe(parseEther("40"));
    expect(voted.accountVote?.yes.formatted).toBe("40");

    // the CELO backing the referendum vote cannot be unlocked, with the amounts
    const unlock = await refused(() => client.staking.prepareUnlock(address, "10"));
    expect((unlock.error as CeloStakingRefusedError).details).toMatchObject({
      reason: "locked-in-governance",
      usedInReferendums: parseEther("40").toString(),
    });

    const revoke = await counted(() => client.governance.prepareRevokeUpvote(address));
    expect(revoke.requests).toBe(1);
    await executeFlow(devnet, privateKey, revoke.value);
    expect((await client.governance.getProposal(queuedProposalId)).upvotes.value).toBe(before.upvotes.value);
  });

  it("delegates and takes back governance voting power; refuses a vote on a queued proposal", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "30" });
    await executeFlow(devnet, privateKey, await client.staking.prepareLock(address, "10"));
    // the delegatee is a Celo account too
    const other = await freshAccount(devnet, { CELO: "5" });
    await executeFlow(devnet, other.privateKey, await client.staking.prepareLock(other.address, "1"));
    const delegate = await counted(() => client.governance.prepareDelegate(address, other.address, "50"));
    expect(delegate.requests).toBe(1);
    expectSound(delegate.value);
    await executeFlow(devnet, privateKey, delegate.value);
    let b = await client.staking.getStakingBalances(address);
    expect(b.governance.delegatedPercent).toBe("50");
    expect(b.governance.delegations).toEqual([
      expect.objectContaining({ delegatee: other.address, percent: "50" }),
    ]);
    const undelegate = await counted(() => client.governance.prepareUndelegate(address, other.address, "50"));
    expect(undelegate.requests).toBe(1);
    await executeFlow(devnet, privateKey, undelegate.value);
    b = await client.staking.getStakingBalances(address);
    expect(b.governance.delegatedPercent).toBe("0");

    // a delegatee with no Celo account (LockedGold would revert): refused in the one request, nothing sent
    const stranger = (await freshAccount(devnet, {})).address;
    const { publicClient } = devnetClients(devnet, privateKey);
    const nonce = await publicClient.getTransactionCount({ address });
    const toNobody = await refused(() => client.governance.prepareDelegate(address, stranger, "10"));
    expect(toNobody.requests).toBe(1);
    expect(toNobody.error).toBeInstanceOf(CeloGovernanceRefusedError);
    expectInErrorType("prepareGovernanceDelegate", toNobody.error);
    expect((toNobody.error as CeloGovernanceRefusedError).details).toMatchObject({
      reason: "delegatee-not-an-account",
      field: "to",
      value: stranger,
      rule: expect.stringContaining("Celo account"),
    });
    expect((toNobody.error as Error).message).toContain(stranger);
    expect(await publicClient.getTransactionCount({ address })).toBe(nonce);

    const queued = await refused(() =>
      client.governance.prepareVote(address, CELO_DEVNET_GOVERNANCE_SEED.queuedProposalId, "no"),
    );
    expect((queued.error as CeloGovernanceRefusedError).details).toMatchObject({
      reason: "not-in-referendum",
      stage: "queued",
    });
    expect(CELO_STAKING_ADDRESSES.governance).toBe("0xD533Ca259b330c7A88f74E000a3FaEa2d63B7972");
  });
});

describe("Celo staking on the devnet's core contracts, signed by a plain viem wallet", () => {
  it("lock 50, vote 30 (pending), next epoch, activate, revoke 30, unlock 20, withdraw refused then executed", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100" });
    const { publicClient } = devnetClients(devnet, privateKey);
    const balances = async () => (await counted(() => client.staking.getStakingBalances(address))).value;

    const lock = await counted(() => client.staking.prepareLock(address, "50"));
    expect(lock.requests).toBe(1);
    expectSound(lock.value);
    expect(lock.value.steps.map((s) => s.call?.functionName)).toEqual(["createAccount", "lock"]);
    expect(lock.value.intent).toEqual({ kind: "lock", amount: parseEther("50").toString(), relocked: "0" });
    await executeFlow(devnet, privateKey, lock.value);
    let b = await balances();
    expect(b.registered).toBe(true);
    expect(b.locked.total.formatted).toBe("50");
    expect(b.locked.nonvoting.formatted).toBe("50");

    const vote = await counted(() => client.staking.prepareVote(address, GROUP, "30"));
    expect(vote.requests).toBe(1);
    expectSound(vote.value);
    await executeFlow(devnet, privateKey, vote.value);
    b = await balances();
    expect(b.votes).toEqual([
      expect.objectContaining({
        group: GROUP,
        pending: expect.objectContaining({ formatted: "30" }),
        activatable: false,
      }),
    ]);
    expect(b.locked.voting.formatted).toBe("30");
    const early = await refused(() => client.staking.prepareActivate(address));
    expect(early.error).toBeInstanceOf(CeloStakingRefusedError);
    expect((early.error as CeloStakingRefusedError).details.reason).toBe("nothing-to-activate");
    expect(early.requests).toBe(1);

    await devnet.nextEpoch();
    expect((await balances()).votes[0]?.activatable).toBe(true);
    const activate = await counted(() => client.staking.prepareActivate(address));
    expect(activate.requests).toBe(1);
    expectSound(activate.value);
    await executeFlow(devnet, privateKey, activate.value);
    b = await balances();
    expect(b.votes[0]?.active.formatted).toBe("30");
    expect(b.votes[0]?.pending.formatted).toBe("0");

    const revoke = await counted(() => client.staking.prepareRevoke(address, GROUP, "30"));
    expect(revoke.requests).toBe(1);
    expectSound(revoke.value);
    expect(revoke.value.steps.map((s) => s.call?.functionName)).toEqual(["revokeActive"]);
    await executeFlow(devnet, privateKey, revoke.value);
    b = await balances();
    expect(b.votes).toEqual([]);
    expect(b.locked.nonvoting.formatted).toBe("50");

    const unlock = await counted(() => client.staking.prepareUnlock(address, "20"));
    expect(unlock.requests).toBe(1);
    expectSound(unlock.value);
    await executeFlow(devnet, privateKey, unlock.value);
    b = await balances();
    expect(b.locked.total.formatted).toBe("30");
    expect(b.pendingWithdrawals).toEqual([
      expect.objectContaining({
        index: 0,
        value: expect.objectContaining({ formatted: "20" }),
        matured: false,
      }),
    ]);
    expect(b.pendingWithdrawals[0]!.availableAt - b.timestamp).toBeGreaterThan(3n * 86_400n - 60n);

    // before the unlocking period: a typed refusal with the time left, nothing sent
    const nonceBefore = await publicClient.getTransactionCount({ address });
    const early2 = await refused(() => client.staking.prepareWithdraw(address));
    expect(early2.error).toBeInstanceOf(CeloStakingRefusedError);
    const details = (early2.error as CeloStakingRefusedError).details;
    expect(details.reason).toBe("no-matured-withdrawal");
    expect(Number(details.secondsLeft)).toBeGreaterThan(3 * 86_400 - 60);
    expect(early2.requests).toBe(1);
    expect(await publicClient.getTransactionCount({ address })).toBe(nonceBefore);

    await devnet.increaseTime(3 * 86_400 + 1);
    const celoBefore = await publicClient.getBalance({ address });
    const withdraw = await counted(() => client.staking.prepareWithdraw(address));
    expect(withdraw.requests).toBe(1);
    expectSound(withdraw.value);
    expect(withdraw.value.intent).toEqual({
      kind: "withdrawUnlocked",
      amount: parseEther("20").toString(),
      count: "1",
    });
    await executeFlow(devnet, privateKey, withdraw.value);
    const celoAfter = await publicClient.getBalance({ address });
    expect(celoAfter - celoBefore).toBeGreaterThan(parseEther("19.99")); // 20 back, minus gas
    expect((await balances()).pendingWithdrawals).toEqual([]);
  });

  it("refuses an unlock of voting CELO with the amounts, and a vote beyond the non-voting balance, before sending", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "30" });
    await executeFlow(devnet, privateKey, await client.staking.prepareLock(address, "10"));
    await executeFlow(devnet, privateKey, await client.staking.prepareVote(address, GROUP, "6"));
    const unlock = await refused(() => client.staking.prepareUnlock(address, "5"));
    expect(unlock.error).toBeInstanceOf(CeloStakingRefusedError);
    expect((unlock.error as CeloStakingRefusedError).details).toMatchObject({
      reason: "not-enough-nonvoting",
      nonvoting: parseEther("4").toString(),
      votingForGroups: parseEther("6").toString(),
    });
    const vote = await refused(() => client.staking.prepareVote(address, GROUP, "5"));
    expect((vote.error as CeloStakingRefusedError).details.reason).toBe("not-enough-nonvoting");
    expect(vote.requests).toBe(1);
  });

  it("lists the validator groups with names, members, votes and capacity in one request", async () => {
    const { value, requests } = await counted(() => client.staking.getValidatorGroups());
    expect(requests).toBe(1);
    expect(value.groups.map((g) => g.address)).toEqual(CELO_DEVNET_VALIDATOR_GROUPS.map((g) => g.address));
    expect(value.groups[0]).toMatchObject({
      name: "Devnet RPC Group One",
      members: CELO_DEVNET_VALIDATOR_GROUPS[0].validators.map((v) => v.address),
      commissionPercent: "10",
      eligible: true,
    });
    expect(value.groups[0]!.capacity.value).toBeGreaterThan(value.groups[0]!.votes.value);
  });
});

describe("request counts", () => {
  it("every staking and governance read and prepare costs one HTTP request (a refusal too), on a fresh client", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "30" });
    const setup = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    await executeFlow(devnet, privateKey, await setup.staking.prepareLock(address, "10"));
    await executeFlow(devnet, privateKey, await setup.staking.prepareUnlock(address, "2"));
    // a new client: its one-time chain check is folded into its first request
    client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    const { referendumProposalId, queuedProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    const calls: [string, () => Promise<unknown>][] = [
      ["getStakingBalances", () => client.staking.getStakingBalances(address)],
      ["getStakingValidatorGroups", () => client.staking.getValidatorGroups()],
      ["prepareStakingLock", () => client.staking.prepareLock(address, "3")],
      ["prepareStakingUnlock", () => client.staking.prepareUnlock(address, "1")],
      ["prepareStakingRelock", () => client.staking.prepareRelock(address, "1")],
      ["prepareStakingWithdraw", () => client.staking.prepareWithdraw(address)],
      ["prepareStakingVote", () => client.staking.prepareVote(address, GROUP, "1")],
      ["prepareStakingActivate", () => client.staking.prepareActivate(address)],
      ["prepareStakingRevoke", () => client.staking.prepareRevoke(address, GROUP, "1")],
      ["getGovernanceProposals", () => client.governance.getProposals()],
      [
        "getGovernanceProposal",
        () => client.governance.getProposal(referendumProposalId, { account: address }),
      ],
      ["prepareGovernanceUpvote", () => client.governance.prepareUpvote(address, queuedProposalId)],
      [
        "prepareGovernanceVote",
        () => client.governance.prepareVote(address, referendumProposalId, "abstain"),
      ],
      ["prepareGovernanceRevokeUpvote", () => client.governance.prepareRevokeUpvote(address)],
      ["prepareGovernanceDelegate", () => client.governance.prepareDelegate(address, GROUP, "10")],
      ["prepareGovernanceUndelegate", () => client.governance.prepareUndelegate(address, GROUP, "10")],
    ];
    const counts: Record<string, number> = {};
    for (const [name, call] of calls) {
      proxy.reset();
      await call().catch((error: unknown) => {
        // refusals are typed and cost the same one read
        expect(
          [CeloStakingRefusedError, CeloGovernanceRefusedError].some((type) => error instanceof type),
          name,
        ).toBe(true);
        expectInErrorType(name, error);
      });
      counts[name] = proxy.requests;
    }
    expect(counts).toEqual(Object.fromEntries(calls.map(([name]) => [name, 1])));
  });
});
