// simulatePreparedFlow on the devnet (its fee-currency node front settles CIP-64 as Celo's node does): a flow
// paying gas in a fee currency is priced in that currency and its fee counted in the token's balance change,
// within 1 % of what executing it really debits; the preview's fee line; staking steps described in words from
// Celo's core contracts' events. Every simulation costs one HTTP request (counted by the fault proxy). And the node's
// pre-debit rule, with a stablecoin-only account (0 CELO): before a step runs the node debits the fee's maximum
// from the paying balance (CELO, or the fee currency's token) and refuses the transaction when it cannot cover
// it; the simulation reports such a step `refused` with a typed `refusal`, never "every step succeeds".
import {
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  type FaultProxy,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createWalletClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  FEE_CURRENCY_OF_TOKEN,
  formatPreparedFlow,
  InvalidFeeCurrencyError,
  type SdkClient,
  type SimulatePreparedFlowReturnType,
  simulatePreparedFlow,
  swapActions,
  TOKENS,
  toTransactionRequest,
} from "../src/index.js";
import { expectInErrorType } from "./support/errorTypes.js";
import { celoReader, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
let proxy: FaultProxy;
let client: SdkClient;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
  await client.network.getStatus(); // the chain check, once per client
});
afterAll(() => proxy.close());

const balanceOf = (token: Address, holder: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

function change(simulation: SimulatePreparedFlowReturnType, holder: Address, token: Address): bigint {
  const entry = simulation.balanceChanges.find(
    (c) => c.address.toLowerCase() === holder.toLowerCase() && c.token.toLowerCase() === token.toLowerCase(),
  );
  return entry ? BigInt(entry.delta) : 0n;
}

/** Simulates through the counting proxy: the simulation and the HTTP requests it cost. */
async function simulateCounted(flow: unknown, options?: { feeCurrency?: string }) {
  proxy.reset();
  const simulation = await client.transaction.simulatePreparedFlow(flow, options);
  return { simulation, requests: proxy.requests };
}

/** |a - b| <= 1 % of b. */
function expectWithinOnePercent(predicted: bigint, actual: bigint): void {
  const difference = predicted > actual ? predicted - actual : actual - predicted;
  expect(difference * 100n).toBeLessThanOrEqual(actual);
}

describe("simulatePreparedFlow paying gas in a fee currency", () => {
  it("0 CELO, 50 USDC, send 10 USDC paying in USDC: the predicted USDC debit (fee included) is within 1 % of the real one", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "50");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDC", "10", {
      feeCurrency: "USDC",
    });

    const { simulation, requests } = await simulateCounted(flow);
    expect(requests).toBe(1);
    expect(proxy.count("eth_simulateV1")).toBe(1);
    expect(simulation.success).toBe(true);
    expect(JSON.parse(JSON.stringify(simulation))).toEqual(simulation);
    const { fee } = simulation;
    expect(fee).toMatchObject({
      currency: "USDC",
      token: TOKENS.USDC.address,
      decimals: 6,
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC,
    });
    expect(fee.currencyFee?.intrinsicGas).toBe("50000");
    // the gas charged is the step's plus the currency's intrinsic gas
    expect(BigInt(fee.gasUsed)).toBe(BigInt(simulation.steps[0]!.gasUsed!) + 50_000n);
    const predictedFee = BigInt(fee.cost);
    expect(predictedFee).toBeGreaterThan(0n);
    expect(predictedFee).toBeLessThanOrEqual(BigInt(flow.fee!.max));
    expect(fee.formatted).toBe((Number(predictedFee) / 1e6).toString());
    // the fee is counted in the account's USDC balance change, beside the 10 USDC sent
    const predictedDebit = -change(simulation, account.address, TOKENS.USDC.address);
    expect(predictedDebit).toBe(parseUnits("10", 6) + predictedFee);
    expect(change(simulation, recipient, TOKENS.USDC.address)).toBe(parseUnits("10", 6));
    expect(change(simulation, account.address, TOKENS.CELO.address)).toBe(0n);

    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const actualDebit = parseUnits("50", 6) - (await balanceOf(TOKENS.USDC.address, account.address));
    expectWithinOnePercent(predictedDebit, actualDebit);
    const actualFee = actualDebit - parseUnits("10", 6);
    expect(result.steps[0]!.feePaid?.amount).toBe(actualFee.toString());
    expectWithinOnePercent(predictedFee, actualFee);
    expect(await reader.getBalance({ address: account.address })).toBe(0n);
  });

  it("USDm, its own fee currency (no adapter): the prediction is within 1 % of the real debit", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDm", "20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5", {
      feeCurrency: "USDm",
    });
    const { simulation, requests } = await simulateCounted(flow);
    expect(requests).toBe(1);
    expect(simulation.fee).toMatchObject({
      currency: "USDm",
      feeCurrency: TOKENS.USDm.address,
      decimals: 18,
    });
    const predictedDebit = -change(simulation, account.address, TOKENS.USDm.address);
    expect(predictedDebit).toBe(parseUnits("5", 18) + BigInt(simulation.fee.cost));

    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    expect((await executePreparedFlow(wallet, { flow, account })).status).toBe("success");
    const actualDebit = parseUnits("20", 18) - (await balanceOf(TOKENS.USDm.address, account.address));
    expectWithinOnePercent(predictedDebit, actualDebit);
    expectWithinOnePercent(BigInt(simulation.fee.cost), actualDebit - parseUnits("5", 18));
  });

  it("approve + swap from 0 CELO paying in USDm: each step priced, the USDm change within 1 % of the real one", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "USDC", "50");
    await devnet.fund(account.address, "USDm", "2");
    const swapping = client.extend(swapActions);
    const flow = await swapping.swap.prepareSwap(account.address, "USDC", "USDm", "10", {
      feeCurrency: "USDm",
      // Uniswap v3: an approve and a swap (v4, which "best" may pick once other files move v3's price, adds Permit2's)
      venue: "uniswap",
    });
    expect(flow.steps).toHaveLength(2);
    const { simulation, requests } = await simulateCounted(flow);
    expect(requests).toBe(1);
    expect(simulation.success).toBe(true);
    expect(simulation.fee).toMatchObject({ currency: "USDm", feeCurrency: TOKENS.USDm.address });
    // both steps pay the currency's intrinsic gas
    const stepsGas = simulation.steps.reduce((sum, step) => sum + BigInt(step.gasUsed!), 0n);
    expect(BigInt(simulation.fee.gasUsed)).toBe(stepsGas + 2n * 50_000n);
    expect(BigInt(simulation.fee.cost)).toBeLessThanOrEqual(BigInt(flow.fee!.max));
    const predicted = change(simulation, account.address, TOKENS.USDm.address);

    const before = await balanceOf(TOKENS.USDm.address, account.address);
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const actual = (await balanceOf(TOKENS.USDm.address, account.address)) - before;
    expectWithinOnePercent(predicted, actual);
    const paid = result.steps.reduce((sum, step) => sum + BigInt(step.feePaid!.amount), 0n);
    expectWithinOnePercent(BigInt(simulation.fee.cost), paid);
  });

  it("the preview prints the fee in the currency: estimated with its maximum, then the simulated fee", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "50");
    const flow = await client.transaction.prepareSend(account.address, account.address, "USDC", "1", {
      feeCurrency: "USDC",
    });
    const fee = flow.fee!;
    const usdc = (value: string) => `${Number(value) / 1e6} USDC`;
    expect(formatPreparedFlow(flow)).toContain(
      `Fee ≈ ${usdc(fee.estimated)} (estimated; at most ${usdc(fee.max)}), gas paid in USDC through fee currency ${FEE_CURRENCY_OF_TOKEN.USDC}`,
    );
    const simulation = await simulatePreparedFlow(client, { flow });
    const text = formatPreparedFlow(flow, simulation);
    expect(text).toContain(`Fee ≈ ${simulation.fee.formatted} USDC (simulated: `);
    expect(text).toContain(`at most ${usdc(fee.max)}), gas paid in USDC`);
    expect(text).not.toMatch(/ CELO at base fee/);
  });

  it("prices a CELO flow in another currency with the feeCurrency option (one request), and refuses 'auto' before any", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDm", "10");
    const flow = await client.transaction.prepareSend(account.address, account.address, "USDm", "1");
    expect(flow.fee).toBeUndefined();

    const inCelo = await simulateCounted(flow);
    expect(inCelo.requests).toBe(1);
    expect(inCelo.simulation.fee).toMatchObject({ currency: "CELO", feeCurrency: null, decimals: 18 });
    expect(formatPreparedFlow(flow, inCelo.simulation)).toMatch(/Fee: [\d,]+ gas ≈ [\d.]+ CELO at base fee/);

    const inUsdm = await simulateCounted(flow, { feeCurrency: "USDm" });
    expect(inUsdm.requests).toBe(1);
    expect(proxy.count("eth_maxPriorityFeePerGas")).toBe(1);
    const fee = inUsdm.simulation.fee;
    expect(fee).toMatchObject({ currency: "USDm", feeCurrency: TOKENS.USDm.address });
    const rate = fee.currencyFee!.rate;
    // (gas + intrinsic gas) x (base fee + tip) at the rate: at least the base fee part
    const baseOnly =
      (BigInt(fee.gasUsed) * BigInt(fee.baseFeePerGas) * BigInt(rate.numerator)) / BigInt(rate.denominator);
    expect(BigInt(fee.cost)).toBeGreaterThanOrEqual(baseOnly);
    expect(change(inUsdm.simulation, account.address, TOKENS.USDm.address)).toBe(0n - BigInt(fee.cost));

    proxy.reset();
    const refusal = await simulatePreparedFlow(client, { flow, feeCurrency: "auto" }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(InvalidFeeCurrencyError);
    expect((refusal as Error).message).toMatch(/"auto" is chosen when preparing/);
    // "auto" among some currencies too: a simulation never prices a flow in CELO behind the caller's back
    const among = await simulatePreparedFlow(client, {
      flow,
      feeCurrency: { auto: ["USDT", "USDC", "USDm"] },
    }).catch((e: unknown) => e);
    expect(among).toBeInstanceOf(InvalidFeeCurrencyError);
    expect((among as Error).message).toMatch(/"auto" is chosen when preparing/);
    const weth = await simulatePreparedFlow(client, { flow, feeCurrency: "WETH" }).catch((e: unknown) => e);
    expect(weth).toBeInstanceOf(InvalidFeeCurrencyError);
    for (const error of [refusal, among, weth]) expectInErrorType("simulatePreparedFlow", error);
    expect(proxy.requests).toBe(0);
  });
});

describe("simulatePreparedFlow describes Celo staking in words", () => {
  it("lock, vote, upvote, yes vote, unlock: 'locks 50 CELO', 'votes 30 CELO for <group name> (<address>)'..., one request each, in the preview", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100" });
    const lock = await client.staking.prepareLock(address, "50");
    const locking = await simulateCounted(lock);
    expect(locking.requests).toBe(1);
    expect(locking.simulation.success).toBe(true);
    const lockEffects = locking.simulation.steps.flatMap((step) => step.effects);
    expect(lockEffects).toContain("locks 50 CELO");
    expect(formatPreparedFlow(lock, locking.simulation)).toContain("     locks 50 CELO");

    await executeFlow(devnet, privateKey, lock);
    const group = CELO_DEVNET_VALIDATOR_GROUPS[1];
    const vote = await client.staking.prepareVote(address, group.address, "30");
    const voting = await simulateCounted(vote);
    expect(voting.requests).toBe(1);
    expect(voting.simulation.success).toBe(true);
    const voteEffects = voting.simulation.steps.flatMap((step) => step.effects);
    expect(voteEffects).toEqual([
      `votes 30 CELO for ${group.name} (${group.address}) (pending until activated after an epoch)`,
    ]);
    expect(formatPreparedFlow(vote, voting.simulation)).toContain(`votes 30 CELO for ${group.name}`);

    // governance, simulated only (the shared devnet's proposals stay as they are): an upvote and a yes vote
    const { queuedProposalId, referendumProposalId } = CELO_DEVNET_GOVERNANCE_SEED;
    const upvote = await client.governance.prepareUpvote(address, queuedProposalId);
    const upvoting = await simulateCounted(upvote);
    expect(upvoting.requests).toBe(1);
    expect(upvoting.simulation.steps.flatMap((step) => step.effects)).toEqual([
      `upvotes governance proposal ${queuedProposalId} with 50 CELO`,
    ]);
    const yes = await client.governance.prepareVote(address, referendumProposalId, "yes");
    const voting2 = await simulateCounted(yes);
    expect(voting2.requests).toBe(1);
    expect(voting2.simulation.steps.flatMap((step) => step.effects)).toEqual([
      `votes yes on governance proposal ${referendumProposalId} with 50 CELO`,
    ]);

    // unlocking what does not vote: the pending withdrawal and when it is available
    const unlock = await client.staking.prepareUnlock(address, "20");
    const unlocking = await simulateCounted(unlock);
    expect(unlocking.requests).toBe(1);
    expect(unlocking.simulation.steps.flatMap((step) => step.effects)).toEqual([
      expect.stringMatching(/^unlocks 20 CELO: a pending withdrawal, available from \d{4}-\d\d-\d\dT/),
    ]);
  });
});

/** A fresh account holding only `amount` USDm (0 CELO). */
async function stablecoinOnly(amount: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "USDm", amount);
  expect(await reader.getBalance({ address: account.address })).toBe(0n);
  return account;
}

describe("simulatePreparedFlow applies the node's pre-debit rule", () => {
  it("a stablecoin-only account's flow paying gas in CELO is refused at step 1 (CELO: have 0), and the node does refuse it", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");
    expect(flow.fee).toBeUndefined();

    const { simulation, requests } = await simulateCounted(flow);
    expect(requests).toBe(1);
    expect(simulation.success).toBe(false);
    expect(simulation.failedStep).toBe(0);
    const step = simulation.steps[0]!;
    expect(step.status).toBe("refused");
    expect(step.gasUsed).toBeNull();
    expect(step.effects).toEqual([]);
    expect(step.refusal).toMatchObject({
      reason: "insufficient-fee-balance",
      currency: "CELO",
      token: TOKENS.CELO.address,
      have: { value: "0", formatted: "0" },
    });
    expect(BigInt(step.refusal!.need.value)).toBeGreaterThan(0n);
    expect(step.refusal!.message).toMatch(
      /holds 0 CELO of the [\d.]+ CELO the node debits before this step runs/,
    );
    // nothing ran: no balance moves, no fee
    expect(simulation.balanceChanges).toEqual([]);
    expect(simulation.fee.cost).toBe("0");
    const preview = formatPreparedFlow(flow, simulation);
    expect(preview).toContain("step 1 IS REFUSED: the account holds 0 CELO");
    expect(preview).not.toContain("every step succeeds");
    expect(JSON.parse(JSON.stringify(simulation))).toEqual(simulation);

    // the node agrees: the same step, signed with CELO gas by the account, is refused before it is sent
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    await expect(
      wallet.sendTransaction({ ...toTransactionRequest(flow.steps[0]!), account, chain: reader.chain }),
    ).rejects.toThrow(/insufficient funds|exceeds the balance/i);
  });

  it("the same account's flow priced in a currency it holds none of (feeCurrency: USDC) is refused in USDC; in USDm it succeeds", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");

    const inUsdc = (await simulateCounted(flow, { feeCurrency: "USDC" })).simulation;
    expect(inUsdc.success).toBe(false);
    expect(inUsdc.steps[0]!.refusal).toMatchObject({
      reason: "insufficient-fee-balance",
      currency: "USDC",
      token: TOKENS.USDC.address,
      have: { value: "0" },
    });

    const { simulation: inUsdm, requests } = await simulateCounted(flow, { feeCurrency: "USDm" });
    expect(requests).toBe(1);
    expect(inUsdm.success).toBe(true);
    expect(inUsdm.steps[0]!.status).toBe("success");
    expect(inUsdm.steps[0]!.refusal).toBeUndefined();
  });

  it("a flow paying in USDm whose balance moved after it was prepared is refused: have < gas x maxFeePerGas, the flow's signed caps", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const later = await client.transaction.prepareSend(account.address, recipient, "USDm", "1", {
      feeCurrency: "USDm",
    });
    expect((await simulateCounted(later)).simulation.success).toBe(true);
    const everything = await client.transaction.prepareSend(account.address, recipient, "USDm", "max", {
      feeCurrency: "USDm",
    });
    // the whole balance less the fee's maximum: the pre-debit fits exactly
    expect((await simulateCounted(everything)).simulation.success).toBe(true);
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    expect((await executePreparedFlow(wallet, { flow: everything, account })).status).toBe("success");

    const { simulation, requests } = await simulateCounted(later);
    expect(requests).toBe(1);
    expect(simulation.success).toBe(false);
    const refusal = simulation.steps[0]!.refusal!;
    expect(refusal).toMatchObject({ reason: "insufficient-fee-balance", currency: "USDm" });
    // the pre-debit of the signed caps, in USDm base units (18 decimals: no rounding)
    expect(BigInt(refusal.need.value)).toBe(BigInt(later.fee!.gas) * BigInt(later.fee!.maxFeePerGas));
    expect(BigInt(refusal.have.value)).toBeLessThan(BigInt(refusal.need.value));
    expect(BigInt(refusal.have.value)).toBeLessThan(parseUnits("1", 18));
    expect(formatPreparedFlow(later, simulation)).toContain("step 1 IS REFUSED");
  });

  it("`as` (a smart account's calls: its fee is not its own transaction's) applies no pre-debit", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");
    const simulation = await client.transaction.simulatePreparedFlow(flow, { as: account.address });
    expect(simulation.success).toBe(true);
  });
});
