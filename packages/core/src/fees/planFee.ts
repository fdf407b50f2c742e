// The fee of an N-step flow, planned in the same HTTP request as the flow's own reads: the fee-currency lens's one
// `eth_call` (each candidate currency's token, config and rate, and the account's balance of it: every currency the
// directory lists for a plain "auto"), the CELO balance, `eth_gasPrice`, `eth_maxPriorityFeePerGas` and one
// `eth_simulateV1` per sketch of the flow's steps (in CELO; converted at the directory's rate, which is what a Celo
// node's fee-currency forms of these methods answer).
//
// Why eth_simulateV1 and not eth_estimateGas: the second step of approve + swap cannot be estimated before the
// approval lands, and the request that reads the flow's state is the only one. `eth_simulateV1` runs the sketch's
// steps in order on the latest state, each as its own transaction (a swap sees the approval before it), and
// reports each one's `gasUsed`. Its answer is `gasUsed` after refunds, not the gas limit the step needs, so the
// limit is planned with headroom (see feeRule.ts's gasLimitOf).
import { type Address, decodeErrorResult, type Hex } from "viem";
import { formatAmount } from "../amounts/formatAmount.js";
import { type FeeCandidateShortfall, InsufficientBalanceError } from "../errors/amount.js";
import { FeeEstimateRevertedError, InvalidFeeCurrencyError } from "../errors/feeCurrency.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { readQuantity } from "../rpc/quantity.js";
import { decodeEthBalance, ethBalanceRead, type ReadCall, type ReadResult } from "../rpc/readBatch.js";
import { parseSimulation, simulateV1Request } from "../rpc/simulateV1.js";
import { toRpcError } from "../rpc/toRpcError.js";
import { TOKENS, type TokenInfo } from "../tokens/registry.js";
import { FEE_CURRENCY_OF_TOKEN, type ResolvedFeeCurrencyInput, tokenOfFeeCurrency } from "./feeCurrencies.js";
import { decodeFeeCurrencyLens, type FeeCurrencyState, feeCurrencyLensCall } from "./feeCurrencyReads.js";
import {
  calldataGas,
  feeUnitOf,
  gasLimitOf,
  preDebitOf,
  signedFeeCaps,
  toFeeCurrency,
  toTokenUnits,
} from "./feeRule.js";
import type { FlowFee } from "./flowFeeType.js";
import type { PlannedFeeSketch } from "./plannedSteps.js";

export type { FlowFee } from "./flowFeeType.js";

/** One call of a sketch: a step as it will be sent, or with a placeholder where a read decides a value. @internal */
export interface FeeStepSketch {
  to: Address;
  data: Hex;
  /** CELO sent, wei (a step's decimal string or a bigint). */
  value?: bigint | string | undefined;
}

/** A step sequence the flow may take: sketched, or planned on chain. @internal */
export type FeeAlternative = readonly FeeStepSketch[] | PlannedFeeSketch;

/** Who pays, and the step sequences the flow may take. @internal */
export interface FeePlanInput {
  from: Address;
  /**
   * The step sequences the flow may take, each in execution order, every approval included (one for most
   * actions; a swap gives one per candidate route). The flow's steps must be a subsequence of the chosen one,
   * matched by target and selector (an approval already in place is left out); or steps planned on chain
   * (plannedSteps.ts), which the flow's steps must be exactly.
   */
  alternatives: readonly FeeAlternative[];
}

/** What a flow spends, counted with the fee when the same token pays. @internal */
export interface FeeSpend {
  token: TokenInfo;
  amount: bigint;
}

/** How the flow settled: its steps, the sketch they follow and what they spend. @internal */
export interface FeeSettleInput {
  steps: readonly { to: Address; data: Hex; value?: string | undefined }[];
  /** Index in `alternatives` of the sketch the steps follow; default 0. */
  alternative?: number | undefined;
  spend?: readonly FeeSpend[] | undefined;
}

/** A settled fee: in a fee currency (`fee`), or in CELO (planned only for `amount: "max"` sends). @internal */
export type FeeSettlement =
  | { kind: "currency"; fee: FlowFee; token: TokenInfo; max: bigint }
  | {
      kind: "celo";
      gas: bigint;
      maxFeePerGas: bigint;
      /** The tip per gas, wei. */
      maxPriorityFeePerGas: bigint;
      /** The expected fee of all the steps at the current base fee, wei. */
      estimated: bigint;
      max: bigint;
    };

/** The reads and calls of a fee plan, and how to settle it from their answers. @internal */
export interface FeePlan {
  reads: ReadCall[];
  calls: RpcCall[];
  settle(
    reads: readonly ReadResult[],
    calls: readonly unknown[],
    input: FeeSettleInput,
    rpcUrl: string,
  ): FeeSettlement;
}

/** A node answer that is not what the method returns (made an `RpcError` by {@link settleFee}). */
class MalformedAnswer extends Error {}

const quantity = (value: unknown, what: string): bigint => {
  const read = readQuantity(value);
  if (read === undefined)
    throw new MalformedAnswer(`the node answered ${what} with ${String(value).slice(0, 20)}`);
  return read;
};

/**
 * A short reason of a revert: Solidity's `Error(string)` and `Panic(uint256)` decoded, else the selector (the full
 * decode, every protocol's errors included, is `decodeRevertReason(error.details.data)`: not loaded here, to keep
 * this chunk small).
 */
function revertReason(data: Hex): string {
  if (data === "0x") return "reverted without a reason";
  try {
    const { errorName, args } = decodeErrorResult({ abi: [], data });
    return `${errorName}(${(args ?? []).map((arg) => JSON.stringify(String(arg)).slice(0, 200)).join(", ")})`;
  } catch {
    return `custom error ${data.slice(0, 10)}`;
  }
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/** The `eth_simulateV1` call of one sketch: its steps as transactions of one block, no fee checks. */
function simulateCall(from: Address, sketch: readonly FeeStepSketch[]): RpcCall {
  const calls = sketch.map((step) => ({
    from,
    to: step.to,
    data: step.data,
    value: hex(BigInt(step.value ?? 0n)),
  }));
  return simulateV1Request(calls);
}

/** The sketch positions the steps follow, in order (by target and selector). */
function matchSteps(steps: FeeSettleInput["steps"], sketch: readonly FeeStepSketch[]): number[] {
  const positions: number[] = [];
  let at = 0;
  for (const step of steps) {
    const selector = step.data.slice(0, 10).toLowerCase();
    while (
      at < sketch.length &&
      (sketch[at]!.to.toLowerCase() !== step.to.toLowerCase() ||
        sketch[at]!.data.slice(0, 10).toLowerCase() !== selector)
    )
      at += 1;
    // a preflow defect (an action's sketch that does not cover its steps), never the node's or the caller's
    if (at === sketch.length) throw new Error(`preflow: step ${step.to} is not in the flow's fee sketch`);
    positions.push(at);
    at += 1;
  }
  return positions;
}

/**
 * Plans the fee of a flow paid in `choice` (a currency; `"auto"`: CELO when it may choose CELO and the account can
 * pay the CELO fee, else the fee currency among its candidates, every one the directory lists for a plain
 * `"auto"`, it holds most of, counted in CELO at the rate, that can pay; `"celo"`: the CELO fee only, for a send of
 * the whole CELO balance). With `"auto"`, when none can pay, the `InsufficientBalanceError` names every candidate
 * (CELO only when it was one). A currency preflow's registry does not list is counted in its token's own
 * `symbol()` and `decimals()` as the chain answers them.
 *
 * @internal
 */
export function planFee(choice: ResolvedFeeCurrencyInput, input: FeePlanInput): FeePlan {
  // "auto" among some currencies: CELO only when listed, the listed fee currencies in the caller's order
  const among = choice.kind === "auto" ? choice.among : undefined;
  const celoAllowed = among === undefined || among.includes("CELO");
  // the currencies the lens reads: the one named, those an { auto } list names, or (plain "auto") all listed
  const asked: Address[] | undefined =
    choice.kind === "currency"
      ? [choice.feeCurrency]
      : choice.kind === "celo"
        ? undefined
        : among === undefined
          ? []
          : among
              .filter((candidate) => candidate !== "CELO")
              .map((candidate) =>
                candidate.startsWith("0x")
                  ? (candidate as Address)
                  : (FEE_CURRENCY_OF_TOKEN[candidate as keyof typeof FEE_CURRENCY_OF_TOKEN] as Address),
              );
  const reads: ReadCall[] = [ethBalanceRead(input.from)];
  // (an { auto } list of CELO alone reads none: an empty list would read them all)
  const lens =
    asked === undefined || (among !== undefined && asked.length === 0)
      ? []
      : [feeCurrencyLensCall({ currencies: asked, account: input.from })];
  const calls: RpcCall[] = [
    { method: "eth_gasPrice" },
    { method: "eth_maxPriorityFeePerGas" },
    ...lens,
    ...input.alternatives.map((sketch) =>
      "kind" in sketch ? sketch.call : simulateCall(input.from, sketch),
    ),
  ];
  const first = 2 + lens.length;
  return {
    reads,
    calls,
    settle(results, answers, settled, rpcUrl) {
      const gasPrice = quantity(answers[0], "eth_gasPrice");
      const tip = quantity(answers[1], "eth_maxPriorityFeePerGas");
      const base = gasPrice > tip ? gasPrice - tip : 0n;
      const which = settled.alternative ?? 0;
      const alternative = input.alternatives[which];
      if (!alternative) throw new Error(`preflow: the flow has no fee sketch ${which}`);
      // the sketch the steps follow and its simulated calls (a planned sketch's: the calls planned on chain)
      const answer = answers[first + which];
      const { sketch, calls: simulated } =
        "kind" in alternative
          ? alternative.read(answer, rpcUrl, settled.steps)
          : { sketch: alternative, calls: parseSimulation(answer, alternative.length, rpcUrl).calls };
      const used = gasUsedBySteps(settled.steps, sketch, simulated);
      const n = BigInt(used.length);
      // every step is signed with the largest step's limit
      let stepGas = 0n;
      for (const limit of used.map(gasLimitOf)) if (limit > stepGas) stepGas = limit;
      const spendOf = (token: TokenInfo) =>
        (settled.spend ?? [])
          .filter((s) => s.token.address === token.address)
          .reduce((sum, s) => sum + s.amount, 0n);
      const celoMaxFeePerGas = signedFeeCaps(base, tip).maxFeePerGas;
      const celoMax = n * preDebitOf({ gas: stepGas, maxFeePerGas: celoMaxFeePerGas });
      const celo = {
        kind: "celo",
        gas: stepGas,
        maxFeePerGas: celoMaxFeePerGas,
        maxPriorityFeePerGas: tip,
        estimated: used.reduce((sum, g) => sum + g * (base + tip), 0n),
        max: celoMax,
      } as const;
      if (choice.kind === "celo") return celo;
      const celoBalance = decodeEthBalance(results[0]);
      const states = lens.length > 0 ? decodeFeeCurrencyLens(answers[2], rpcUrl) : [];
      const options = states.flatMap((candidate): FeeOption[] => {
        const token = tokenOf(candidate);
        if (!token) {
          if (choice.kind === "currency")
            throw new InvalidFeeCurrencyError({
              feeCurrency: candidate.feeCurrency,
              rule: "its token answers no decimals() (or the adapter no token): the fee cannot be counted in it",
            });
          return []; // "auto" skips a currency whose amounts cannot be counted
        }
        // with "auto", a token whose balance cannot be read counts as 0
        if (candidate.balance === null && choice.kind === "currency")
          throw new InvalidFeeCurrencyError({
            feeCurrency: candidate.feeCurrency,
            rule: `its token ${token.address} answers no balanceOf(${input.from})`,
          });
        const balance = candidate.balance ?? 0n;
        const { rate, intrinsicGas } = candidate;
        if (!rate || intrinsicGas === null) return [{ candidate, token, balance, spent: 0n }];
        const { fee, max } = currencyFeeOf(candidate.feeCurrency, token, rate, intrinsicGas, {
          base,
          tip,
          stepGas,
          used,
        });
        return [{ candidate, token, balance, fee, max, spent: spendOf(token), rate }];
      });
      if (choice.kind === "currency") {
        const only = options[0]!;
        if (!only.fee)
          throw new InvalidFeeCurrencyError({
            feeCurrency: only.candidate.feeCurrency,
            rule: "not registered in the FeeCurrencyDirectory, or its rate is invalid",
          });
        checkFits(input.from, only.token, only.balance, only.spent, only.max!);
        return { kind: "currency", fee: only.fee, token: only.token, max: only.max! };
      }
      const celoSpent = spendOf(TOKENS.CELO);
      if (celoAllowed && celoBalance >= celoMax + celoSpent) return celo;
      // auto: the currency the account holds most of (counted in CELO at the rate) among those that can pay
      const payable = options.filter((o) => o.fee && o.balance >= o.spent + o.max!);
      if (payable.length === 0)
        refuseUnpayable(
          input.from,
          options,
          celoAllowed ? { balance: celoBalance, spent: celoSpent, max: celoMax } : undefined,
        );
      const inCelo = (o: (typeof payable)[number]) =>
        (o.balance * feeUnitOf(o.token.decimals) * o.rate!.denominator) / o.rate!.numerator;
      const best = payable.reduce((a, b) => (inCelo(b) > inCelo(a) ? b : a));
      return { kind: "currency", fee: best.fee!, token: best.token, max: best.max! };
    },
  };
}

/** Each step's gas: what the simulation used, plus what its real calldata costs over the sketch's. */
function gasUsedBySteps(
  steps: FeeSettleInput["steps"],
  sketch: readonly FeeStepSketch[],
  simulated: readonly { status: string; gasUsed: bigint; returnData: Hex }[],
): bigint[] {
  return matchSteps(steps, sketch).map((position, index) => {
    const call = simulated[position]!;
    if (call.status !== "success") {
      throw new FeeEstimateRevertedError({
        step: index,
        reason: revertReason(call.returnData),
        data: call.returnData,
      });
    }
    const extra = calldataGas(steps[index]!.data) - calldataGas(sketch[position]!.data);
    return call.gasUsed + (extra > 0n ? extra : 0n);
  });
}

/** The fee of the steps paid in a fee currency at its rate: every step signed with the largest step's limit. */
function currencyFeeOf(
  feeCurrency: Address,
  token: TokenInfo,
  rate: { numerator: bigint; denominator: bigint },
  intrinsicGas: bigint,
  prices: { base: bigint; tip: bigint; stepGas: bigint; used: readonly bigint[] },
): { fee: FlowFee; max: bigint } {
  const { base, tip, stepGas, used } = prices;
  const gas = stepGas + intrinsicGas;
  const baseFee = toFeeCurrency(base, rate);
  const { maxFeePerGas, maxPriorityFeePerGas } = signedFeeCaps(baseFee, toFeeCurrency(tip, rate));
  const unit = feeUnitOf(token.decimals);
  const estimated = used.reduce(
    (sum, g) => sum + toTokenUnits((g + intrinsicGas) * (baseFee + maxPriorityFeePerGas), unit),
    0n,
  );
  const max = BigInt(used.length) * preDebitOf({ gas, maxFeePerGas, unit });
  const fee: FlowFee = {
    currency: token.symbol,
    feeCurrency,
    gas: gas.toString(),
    maxFeePerGas: maxFeePerGas.toString(),
    maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    estimated: estimated.toString(),
    max: max.toString(),
  };
  return { fee, max };
}

/**
 * "auto" found no currency that can pay: every one it could choose, with what the account holds and needs of it
 * (CELO only when it was a candidate), the headline the one nearest to paying (the largest have / need).
 */
function refuseUnpayable(
  owner: Address,
  options: readonly FeeOption[],
  celo: { balance: bigint; spent: bigint; max: bigint } | undefined,
): never {
  const shortfalls: FeeCandidateShortfall[] = [
    ...(celo ? [shortfallOf(TOKENS.CELO, celo.balance, celo.spent, celo.max)] : []),
    ...options.map((o) =>
      o.fee
        ? shortfallOf(o.token, o.balance, o.spent, o.max!)
        : {
            token: o.token.symbol,
            have: o.balance,
            need: undefined,
            haveFormatted: formatAmount(o.balance, o.token.decimals),
            needFormatted: "not a registered fee currency on this chain",
          },
    ),
  ];
  const nearest = shortfalls
    .filter((c) => c.need !== undefined && c.need > 0n)
    .reduce<FeeCandidateShortfall | undefined>(
      (a, b) => (a === undefined || b.have * a.need! > a.have * b.need! ? b : a),
      undefined,
    );
  const head = nearest ?? shortfalls[0]!;
  throw new InsufficientBalanceError({
    owner,
    token: head.token,
    have: head.have,
    need: head.need ?? 0n,
    haveFormatted: head.haveFormatted,
    needFormatted: head.needFormatted,
    candidates: shortfalls,
  });
}

/** A candidate currency: what the account holds and spends of its token, and its fee when it can pay one. */
interface FeeOption {
  candidate: FeeCurrencyState;
  token: TokenInfo;
  balance: bigint;
  spent: bigint;
  fee?: FlowFee;
  max?: bigint;
  rate?: { numerator: bigint; denominator: bigint };
}

/** The token a fee currency spends: the registry's, else as the chain describes it; none without its decimals. */
function tokenOf(currency: FeeCurrencyState): TokenInfo | undefined {
  const listed = tokenOfFeeCurrency(currency.feeCurrency);
  if (listed) return listed;
  if (currency.token === null || currency.decimals === null) return undefined;
  const symbol = currency.symbol ?? currency.token;
  return Object.freeze({
    symbol,
    name: symbol,
    address: currency.token,
    decimals: currency.decimals,
    aliases: Object.freeze([]),
    native: false,
  });
}

/** What the account holds and needs of a currency that cannot pay: what it spends plus the maximum fee. */
function shortfallOf(token: TokenInfo, balance: bigint, spent: bigint, max: bigint): FeeCandidateShortfall {
  return {
    token: token.symbol,
    have: balance,
    need: spent + max,
    haveFormatted: formatAmount(balance, token.decimals),
    needFormatted:
      spent > 0n
        ? `${formatAmount(spent, token.decimals)} + ${formatAmount(max, token.decimals)} (max fee)`
        : `${formatAmount(max, token.decimals)} (max fee)`,
  };
}

/** The amount plus the maximum fee must fit the balance when both are paid in the same token. */
function checkFits(owner: Address, token: TokenInfo, balance: bigint, spent: bigint, max: bigint): void {
  if (balance >= spent + max) return;
  throw new InsufficientBalanceError({
    owner,
    ...shortfallOf(token, balance, spent, max),
    need: spent + max,
  });
}

/** Settles a plan from the batch's answers; a malformed node answer is an RpcError. @internal */
export function settleFee(
  plan: FeePlan,
  reads: readonly ReadResult[],
  calls: readonly unknown[],
  input: FeeSettleInput,
  rpcUrl: string,
): FeeSettlement {
  try {
    return plan.settle(reads, calls, input, rpcUrl);
  } catch (error) {
    if (!(error instanceof MalformedAnswer)) throw error;
    throw toRpcError(error, {
      rpcUrl,
      method: "eth_gasPrice, eth_maxPriorityFeePerGas, eth_simulateV1",
    });
  }
}
