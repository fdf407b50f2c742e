// The fee of a one-step flow paid in a fee currency, read in the same HTTP request as the flow's own reads: the
// directory's config and rate of each candidate currency, the balances that pay, and `eth_gasPrice`,
// `eth_maxPriorityFeePerGas` and `eth_estimateGas` (in CELO; converted at the directory's rate, which is what a
// Celo node's fee-currency forms of these methods answer).
import type { Address, Hex } from "viem";
import { formatAmount } from "../amounts/formatAmount.js";
import { InsufficientBalanceError } from "../errors/amount.js";
import { SdkError } from "../errors/base.js";
import { InvalidFeeCurrencyError } from "../errors/feeCurrency.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { decodeEthBalance, ethBalanceRead, type ReadCall, type ReadResult } from "../rpc/readBatch.js";
import { toRpcError } from "../rpc/toRpcError.js";
import { balanceOfCall, decodeUint } from "../tokens/erc20Reads.js";
import { TOKENS, type TokenInfo } from "../tokens/registry.js";
import { FEE_CURRENCY_OF_TOKEN, type ResolvedFeeCurrencyInput } from "./feeCurrencies.js";
import { decodeFeeCurrencyReads, feeCurrencyDirectoryReads } from "./getFeeCurrencies.js";

/**
 * The fee of a flow paid in a fee currency (amounts in the paying token's base units, decimal strings).
 *
 * @example
 * ```ts
 * import type { FlowFee } from "@preflow/core";
 * const fee: FlowFee | undefined = flow.fee; // { currency: "USDC", feeCurrency: "0x2F25…", max: "2100", ... }
 * ```
 */
export interface FlowFee {
  /** The symbol of the token that pays. */
  currency: string;
  /** The address each step carries in `feeCurrency` (the adapter for USDC and USD₮). */
  feeCurrency: Address;
  /** Gas limit of each step, the currency's intrinsic gas included. */
  gas: string;
  /** Per gas, in the fee currency's 18-decimal units (what the transaction is signed with). */
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** The expected fee at the current base fee, in the token's base units. */
  estimated: string;
  /** The most the fee can be (gas x maxFeePerGas), in the token's base units: the node debits this much first. */
  max: string;
}

/** Who pays and for what: the step to estimate and what it spends. @internal */
export interface FeePlanInput {
  from: Address;
  to: Address;
  data: Hex;
  value: bigint;
  /** The token the flow spends and how much (counted with the fee when it is the same token). */
  spend: { token: TokenInfo; amount: bigint };
}

/** The reads and calls of a fee plan, and how to settle it from their answers. @internal */
export interface FeePlan {
  reads: ReadCall[];
  calls: RpcCall[];
  settle(
    reads: readonly ReadResult[],
    calls: readonly unknown[],
  ): { fee: FlowFee; token: TokenInfo; max: bigint } | undefined;
}

/** Gas headroom over the estimate: 10 %. */
const GAS_HEADROOM_PERCENT = 110n;
/** maxFeePerGas = 2 x base fee + tip (the base fee can rise 12.5 % a block). */
const BASE_FEE_MULTIPLIER = 2n;

const quantity = (value: unknown, what: string): bigint => {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new Error(`the node answered ${what} with ${String(value).slice(0, 20)}`);
  return BigInt(value);
};

/**
 * Plans the fee of a one-step flow paid in `choice` (a currency, or `"auto"`: CELO when the account can pay the
 * CELO fee, else the registered stable it holds most of, counted in CELO at the rate, that can pay). `settle`
 * returns `undefined` when the flow pays in CELO.
 *
 * @internal
 */
export function planFee(
  choice: Exclude<ResolvedFeeCurrencyInput, { kind: "celo" }>,
  input: FeePlanInput,
): FeePlan {
  const candidates =
    choice.kind === "currency"
      ? [{ feeCurrency: choice.feeCurrency, token: choice.token }]
      : Object.entries(FEE_CURRENCY_OF_TOKEN).map(([symbol, feeCurrency]) => ({
          feeCurrency: feeCurrency as Address,
          token: TOKENS[symbol as keyof typeof TOKENS] as TokenInfo | undefined,
        }));
  for (const candidate of candidates)
    if (!candidate.token)
      throw new InvalidFeeCurrencyError({
        feeCurrency: candidate.feeCurrency,
        rule: "preflow does not know which token this fee currency spends; name a token symbol",
      });
  const tokens = candidates.map((c) => c.token as TokenInfo);
  const reads: ReadCall[] = [
    ...feeCurrencyDirectoryReads(candidates.map((c) => c.feeCurrency)),
    ...tokens.map((token) => balanceOfCall(token, input.from)),
    ethBalanceRead(input.from),
  ];
  const calls: RpcCall[] = [
    { method: "eth_gasPrice" },
    { method: "eth_maxPriorityFeePerGas" },
    {
      method: "eth_estimateGas",
      params: [{ from: input.from, to: input.to, data: input.data, value: `0x${input.value.toString(16)}` }],
    },
  ];
  return {
    reads,
    calls,
    settle(results, answers) {
      const gasPrice = quantity(answers[0], "eth_gasPrice");
      const tip = quantity(answers[1], "eth_maxPriorityFeePerGas");
      const estimate = quantity(answers[2], "eth_estimateGas");
      const base = gasPrice > tip ? gasPrice - tip : 0n;
      const n = candidates.length;
      const celoBalance = decodeEthBalance(results[3 * n]);
      const celoMax = ((estimate * GAS_HEADROOM_PERCENT) / 100n) * (BASE_FEE_MULTIPLIER * base + tip);
      const spendsCelo = input.spend.token.native;
      if (choice.kind === "auto" && celoBalance >= celoMax + (spendsCelo ? input.spend.amount : 0n))
        return undefined;
      const options = candidates.map((candidate, index) => {
        const token = tokens[index]!;
        const { rate, intrinsicGas } = decodeFeeCurrencyReads(results[2 * index], results[2 * index + 1]);
        // with "auto", a token whose balance cannot be read (not on this chain) counts as 0
        const read = decodeUint(results[2 * n + index], token, "balanceOf");
        if (!read.ok && choice.kind === "currency") throw read.error;
        const balance = read.ok ? read.value : 0n;
        if (!rate || intrinsicGas === null) return { candidate, token, balance, fee: undefined };
        const convert = (celo: bigint) => (celo * rate.numerator) / rate.denominator;
        const gas = (estimate * GAS_HEADROOM_PERCENT) / 100n + intrinsicGas;
        const maxPriorityFeePerGas = convert(tip);
        const maxFeePerGas = BASE_FEE_MULTIPLIER * convert(base) + maxPriorityFeePerGas;
        const unit = 10n ** BigInt(18 - token.decimals);
        const toToken = (amount: bigint) => (amount + unit - 1n) / unit; // the node's debit rounds up
        const estimated = toToken((estimate + intrinsicGas) * (convert(base) + maxPriorityFeePerGas));
        const max = toToken(gas * maxFeePerGas);
        const spent = token.address === input.spend.token.address ? input.spend.amount : 0n;
        const fee: FlowFee = {
          currency: token.symbol,
          feeCurrency: candidate.feeCurrency,
          gas: gas.toString(),
          maxFeePerGas: maxFeePerGas.toString(),
          maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
          estimated: estimated.toString(),
          max: max.toString(),
        };
        return { candidate, token, balance, fee, max, spent, rate };
      });
      if (choice.kind === "currency") {
        const only = options[0]!;
        if (!only.fee)
          throw new InvalidFeeCurrencyError({
            feeCurrency: only.candidate.feeCurrency,
            rule: "not registered in the FeeCurrencyDirectory, or its rate is invalid",
          });
        checkFits(input.from, only.token, only.balance, only.spent!, only.max!);
        return { fee: only.fee, token: only.token, max: only.max! };
      }
      // auto: the currency the account holds most of (counted in CELO at the rate) among those that can pay
      const payable = options.filter((o) => o.fee && o.balance >= o.spent! + o.max!);
      if (payable.length === 0) {
        throw new InsufficientBalanceError({
          owner: input.from,
          token: "CELO",
          have: celoBalance,
          need: celoMax,
          haveFormatted: formatAmount(celoBalance, 18),
          needFormatted: `${formatAmount(celoMax, 18)} (max fee; no registered fee currency it holds can pay either)`,
        });
      }
      const inCelo = (o: (typeof payable)[number]) =>
        (o.balance * 10n ** BigInt(18 - o.token.decimals) * o.rate!.denominator) / o.rate!.numerator;
      const best = payable.reduce((a, b) => (inCelo(b) > inCelo(a) ? b : a));
      return { fee: best.fee!, token: best.token, max: best.max! };
    },
  };
}

/** The amount plus the maximum fee must fit the balance when both are paid in the same token. */
function checkFits(owner: Address, token: TokenInfo, balance: bigint, spent: bigint, max: bigint): void {
  if (balance >= spent + max) return;
  throw new InsufficientBalanceError({
    owner,
    token: token.symbol,
    have: balance,
    need: spent + max,
    haveFormatted: formatAmount(balance, token.decimals),
    needFormatted:
      spent > 0n
        ? `${formatAmount(spent, token.decimals)} + ${formatAmount(max, token.decimals)} (max fee)`
        : `${formatAmount(max, token.decimals)} (max fee)`,
  });
}

/** Settles a plan from the batch's answers; a malformed node answer is an RpcError. @internal */
export function settleFee(
  plan: FeePlan,
  reads: readonly ReadResult[],
  calls: readonly unknown[],
  rpcUrl: string,
): { fee: FlowFee; token: TokenInfo; max: bigint } | undefined {
  try {
    return plan.settle(reads, calls);
  } catch (error) {
    if (error instanceof SdkError) throw error;
    throw toRpcError(error, { rpcUrl, method: "eth_gasPrice, eth_maxPriorityFeePerGas, eth_estimateGas" });
  }
}
