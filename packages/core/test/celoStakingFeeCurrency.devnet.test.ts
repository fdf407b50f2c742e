// Staking and governance prepares paying gas in a fee currency on the devnet (its fee-currency node front settles
// 0x7b as Celo does; Celo's StableToken for USDm). Their calldata comes from the lens read; the fee plan rides in
// the same request and simulates the calls the on-chain planner computes from the same state: exactly 1 HTTP
// request for every fee choice, counted at a real proxy; a bad `feeCurrency` is refused before any request. The
// flows are signed by `executePreparedFlow` (0x7b). A devnet of its own: the last test moves the clock 3 days
// (other files' swaps take their deadlines from the wall clock) and no other file moves the groups' votes here.
import {
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  type Devnet,
  type FaultProxy,
  startDevnet,
  startFaultProxy,
} from "@preflow/devnet";
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

let devnet: Devnet;
let reader: ReturnType<typeof celoReader>;
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
  devnet = await startDevnet();
  reader = celoReader(devnet);
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
  await client.network.getStatus(); // the one-time chain check, so that the counts below are the prepares' own
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

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

const CHOICES = ["CELO", "USDm", "auto", { auto: ["USDm"] }] as const;
/**
 * Prepares with each fee choice (1 request each), checks that every choice builds the same calls (target,
 * function, value: other test files move the groups' votes, hence the neighbours, between the prepares), that CELO
 * and "auto" (with plenty of CELO) carry no fee and USDm and { auto: ["USDm"] } pay in USDm, and executes the flow
 * paying in USDm (it lands, debited at most `fee.max`).
 */
async function each(
  privateKey: Hex,
  name: string,
  prepare: (o: { feeCurrency: (typeof CHOICES)[number] }) => Promise<SerializedPreparedFlow>,
) {
  const flows: SerializedPreparedFlow[] = [];
  for (const feeCurrency of CHOICES) {
    const { value, requests } = await counted(() => prepare({ feeCurrency }));
    expect(requests, `${name} ${JSON.stringify(feeCurrency)}`).toBe(1);
    flows.push(value);
  }
  const [celo, usdm, auto, stables] = flows as [
    SerializedPreparedFlow,
    SerializedPreparedFlow,
    SerializedPreparedFlow,
    SerializedPreparedFlow,
  ];
  expect(celo.fee, name).toBeUndefined();
  expect(auto.fee, name).toBeUndefined(); // plenty of CELO: "auto" settles on CELO
  expectPaidInUsdm(usdm);
  expectPaidInUsdm(stables);
  for (const flow of [usdm, auto, stables])
    expect(
      flow.steps.map((step) => [step.to, step.data.slice(0, 10), step.value]),
      name,
    ).toEqual(celo.steps.map((step) => [step.to, step.data.slice(0, 10), step.value]));
  const paid = await executeInUsdm(privateKey, usdm);
  expect(paid, name).toBeLessThanOrEqual(BigInt(usdm.fee!.max));
  return usdm;
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
  it("locks 10 CELO paying in USDm: 0x7b, CELO down exactly 10, USDm debited as reported and <= fee.max; 1 request", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "20", USDm: "5" });
    const celoBefore = await reader.getBalance({ address });
    const usdmBefore = await usdmOf(address);

    const lock = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: "USDm" }));
    expect(lock.requests).toBe(1);
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
    expect(vote.requests).toBe(1);
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

  it('every governance prepare costs 1 request in CELO, in USDm, "auto" and { auto: ["USDm"] }; the USDm flows land within fee.max', async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100", USDm: "10" });
    const { referendumProposalId, queuedProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    await each(privateKey, "lock", (o) => client.staking.prepareLock(address, "50", o));
    await each(privateKey, "delegate", (o) => client.governance.prepareDelegate(address, GROUP, "10", o));
    await each(privateKey, "undelegate", (o) => client.governance.prepareUndelegate(address, GROUP, "10", o));
    await each(privateKey, "upvote", (o) => client.governance.prepareUpvote(address, queuedProposalId, o));
    await each(privateKey, "revoke the upvote", (o) => client.governance.prepareRevokeUpvote(address, o));
    await each(privateKey, "governance vote", (o) =>
      client.governance.prepareVote(address, referendumProposalId, "yes", o),
    );
    const voted = await client.governance.getProposal(referendumProposalId, { account: address });
    expect(voted.accountVote?.yes.value).toBe(parseEther("50"));
  });

  it("reads the fee of the real steps in a second request when the planned calls are not usable (the planner answered nothing)", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "30", USDm: "5" });
    const planned = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: "USDm" }));
    expect(planned.requests).toBe(1);
    // the node answers the planner's call as reverted: the fee plan cannot use the planned calls
    proxy.inject({
      method: "eth_simulateV1",
      times: 1,
      fault: {
        kind: "rewrite-result",
        rewrite: (result) => {
          const [block] = result as [{ calls: { status: string }[] }];
          block.calls[0]!.status = "0x0";
          return result;
        },
      },
    });
    const fallback = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: "USDm" }));
    expect(fallback.requests).toBe(2);
    expectPaidInUsdm(fallback.value);
    expect(fallback.value.steps).toEqual(planned.value.steps);
    // the planned gas (measured around each call, before refunds) is never below the real steps' simulated gas
    expect(BigInt(planned.value.fee!.gas)).toBeGreaterThanOrEqual(BigInt(fallback.value.fee!.gas));
    const paid = await executeInUsdm(privateKey, planned.value);
    expect(paid).toBeLessThanOrEqual(BigInt(planned.value.fee!.max));
  });

  it('"auto": 1 request whether it settles on CELO or, with too little CELO, in USDm', async () => {
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
    expect(poor.requests).toBe(1);
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

  // last: it moves the devnet's clock past the unlocking period (and the queued proposal's day)
  it('every staking prepare costs 1 request in CELO, in USDm, "auto" and { auto: ["USDm"] }; the USDm flows land within fee.max', async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100", USDm: "10" });
    const lock = await each(privateKey, "lock", (o) => client.staking.prepareLock(address, "50", o));
    expect(lock.steps.map((step) => step.call?.functionName)).toEqual(["createAccount", "lock"]);
    await each(privateKey, "vote", (o) => client.staking.prepareVote(address, GROUP, "30", o));
    await devnet.nextEpoch();
    await each(privateKey, "activate", (o) => client.staking.prepareActivate(address, undefined, o));
    await each(privateKey, "revoke", (o) => client.staking.prepareRevoke(address, GROUP, "10", o));
    await each(privateKey, "unlock", (o) => client.staking.prepareUnlock(address, "5", o));
    await each(privateKey, "unlock", (o) => client.staking.prepareUnlock(address, "4", o));
    const relock = await each(privateKey, "relock", (o) => client.staking.prepareRelock(address, "6", o));
    expect(relock.steps.map((step) => step.call?.args)).toEqual([
      ["1", "4000000000000000000"],
      ["0", "2000000000000000000"],
    ]);
    await devnet.increaseTime(3 * 86_400 + 1);
    const withdraw = await each(privateKey, "withdraw", (o) => client.staking.prepareWithdraw(address, o));
    expect(withdraw.intent).toMatchObject({ kind: "withdrawUnlocked", amount: parseEther("3").toString() });
  });
});
