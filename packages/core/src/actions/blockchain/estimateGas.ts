import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InsufficientBalanceError, InvalidAmountError } from "../../errors/amount.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import type { UnknownTokenError } from "../../errors/token.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../fees/flowFee.js";
import { planFlowFee, readWithFeePlan } from "../../fees/flowFee.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { TOKENS } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { type AbiInput, parseAbiInput } from "./parseAbiInput.js";

/**
 * Parameters of {@link estimateGas}: a send (`token`, `amount`) or a contract call (`abi`, `functionName`,
 * `args?`, `value?`) from `from` to `to`, and who pays the gas (`feeCurrency`, as every `prepare*` takes it).
 *
 * @example
 * ```ts
 * import type { EstimateGasParameters } from "@preflow/core";
 * const send: EstimateGasParameters = { from, to, token: "USDm", amount: "5", feeCurrency: "USDm" };
 * const call: EstimateGasParameters = {
 *   from, to: vault, abi: ["function deposit(uint256 amount)"], functionName: "deposit", args: [10n ** 18n],
 * };
 * ```
 */
export interface EstimateGasParameters extends FeeCurrencyOption, ActionOptions {
  /** The account that would sign. */
  from: string;
  /** The recipient of a send, or the contract called. */
  to: string;
  /** A send: the token (symbol, former ticker or listed address). Default `"CELO"` when `amount` is given. */
  token?: TokenInput | undefined;
  /** A send: the amount, a human decimal string. */
  amount?: string | undefined;
  /** A contract call: human-readable signatures or a JSON ABI ({@link AbiInput}). */
  abi?: AbiInput | undefined;
  /** A contract call: the function of `abi`. */
  functionName?: string | undefined;
  /** A contract call: its arguments (as viem encodes them). */
  args?: readonly unknown[] | undefined;
  /** A contract call: CELO sent with it, a human decimal string. */
  value?: string | undefined;
}

/**
 * The return type of {@link estimateGas}: the gas and the fee in the paying currency (amounts in its base units).
 *
 * @example
 * ```ts
 * import type { EstimateGasReturnType } from "@preflow/core";
 * const { currency, estimatedFormatted }: EstimateGasReturnType = await client.blockchain.estimateGas(parameters);
 * ```
 */
export interface EstimateGasReturnType {
  /** What was estimated. */
  kind: "send" | "contractCall";
  from: Address;
  to: Address;
  /** The symbol of the token that pays the gas (`"CELO"`, `"USDm"`, ...). */
  currency: string;
  /** The fee-currency address a transaction carries (the adapter for USDC and USD₮); `null` for CELO. */
  feeCurrency: Address | null;
  /** The gas limit preflow would sign with (simulated gas plus headroom; the currency's intrinsic gas included). */
  gas: bigint;
  /** Per gas, in the paying currency's 18-decimal units (wei for CELO). */
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** The expected fee at the current base fee, in the paying token's base units. */
  estimated: bigint;
  /** The most the transaction can cost (`gas` x `maxFeePerGas`), in the paying token's base units. */
  max: bigint;
  /** `estimated` in human units of `currency`. */
  estimatedFormatted: string;
  /** `max` in human units of `currency`. */
  maxFormatted: string;
}

/**
 * The errors {@link estimateGas} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `from` or `to` is not an address; before any I/O.
 * - {@link InvalidArgumentError}: neither a send nor a call (or both), a bad `abi`, `functionName` or `args`, an unknown key, or a `signal` that is not an AbortSignal; before any I/O.
 * - {@link InvalidAmountError}: a bad `amount` or `value`; before any I/O.
 * - {@link UnknownTokenError}: `token` is not in the registry; before any I/O.
 * - {@link FeeErrorType}: a bad `feeCurrency` (`InvalidFeeCurrencyError`), the account cannot pay the maximum fee in the fee currency (`InsufficientBalanceError`), or the transaction reverts when simulated (`FeeEstimateRevertedError`, with the reason).
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError`, `RpcError` (URL redacted), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { EstimateGasErrorType } from "@preflow/core";
 * ```
 */
export type EstimateGasErrorType =
  | InvalidAddressError
  | InvalidArgumentError
  | InvalidAmountError
  | UnknownTokenError
  | InsufficientBalanceError
  | FeeErrorType
  | ReadBatchErrorType;

const KEYS = [
  "from",
  "to",
  "token",
  "amount",
  "abi",
  "functionName",
  "args",
  "value",
  "feeCurrency",
  "signal",
] as const;

/** The transaction estimated: its target, tagged calldata and CELO value. */
function stepOf(
  parameters: EstimateGasParameters,
  to: Address,
): { kind: EstimateGasReturnType["kind"]; to: Address; data: Hex; value: bigint } {
  const { token, amount, abi, functionName, args, value } = parameters;
  const isSend = amount !== undefined || token !== undefined;
  const isCall = abi !== undefined || functionName !== undefined || args !== undefined || value !== undefined;
  if (isSend === isCall)
    throw new InvalidArgumentError({
      field: isSend ? "abi" : "amount",
      value: isSend ? abi : amount,
      rule: "give a send (`amount`, `token`?) or a contract call (`abi`, `functionName`, `args`?, `value`?), one of them",
    });
  if (isSend) {
    const info = resolveToken(token ?? "CELO");
    const units = parseAmount(amount, { decimals: info.decimals, token: info.symbol, field: "amount" });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] });
    return { kind: "send", to: info.address, data, value: 0n };
  }
  const parsed = parseAbiInput(abi);
  if (typeof functionName !== "string")
    throw new InvalidArgumentError({
      field: "functionName",
      value: functionName,
      rule: "must be a function name of `abi`",
    });
  if (args !== undefined && !Array.isArray(args))
    throw new InvalidArgumentError({ field: "args", value: args, rule: "must be an array" });
  let data: Hex;
  try {
    data = encodeFunctionData({ abi: parsed, functionName, args: args ?? [] } as never);
  } catch (error) {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    throw new InvalidArgumentError({
      field: /FunctionNotFound/.test((error as Error).name) ? "functionName" : "args",
      value: /FunctionNotFound/.test((error as Error).name) ? functionName : args,
      rule: `cannot encode the call${typeof short === "string" ? `: ${short}` : ""}`,
    });
  }
  const celo =
    value === undefined
      ? 0n
      : parseAmount(value, { decimals: 18, token: "CELO", field: "value", allowZero: true });
  return { kind: "contractCall", to, data, value: celo };
}

/**
 * Estimates what a send or a contract call would cost: its gas, simulated with `eth_simulateV1` on the latest
 * state, and the fee in the chosen fee currency, planned exactly as `prepareSend` / `prepareContractCall` plan a
 * flow's fee (the same fee planner and Celo fee rule: headroom on the gas limit, `2 x base fee + tip`, the
 * currency's intrinsic gas and rate from the FeeCurrencyDirectory, rounding as the node debits). Nothing is
 * signed or sent. A tracked read (`blockchain.estimateGas`).
 *
 * HTTP requests: 1 (the fee directory's reads, balances, gas price, tip and the simulation in one JSON-RPC batch).
 *
 * @throws {@link EstimateGasErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, estimateGas } from "@preflow/core";
 * const client = createSdkBaseClient();
 * const fee = await estimateGas(client, { from, to, token: "USDm", amount: "5", feeCurrency: "USDm" });
 * console.log(`${fee.estimatedFormatted} ${fee.currency} (at most ${fee.maxFormatted})`);
 * ```
 */
export async function estimateGas(
  client: SdkBaseClient,
  parameters: EstimateGasParameters,
): Promise<EstimateGasReturnType> {
  rejectUnknownKeys(parameters, "parameters", KEYS);
  const from = parseAddress(parameters.from, "from");
  const to = parseAddress(parameters.to, "to");
  const step = stepOf(parameters, to);
  const tagged = { to: step.to, data: client.tag(step.data), value: step.value };
  return client.track("blockchain.estimateGas", undefined, async () => {
    const plan = await planFlowFee(client, parameters.feeCurrency, {
      from,
      alternatives: [[tagged]],
      celoToo: true,
    });
    // celoToo: there is always a plan (the CELO fee when CELO pays)
    const { fee } = await readWithFeePlan(client, { reads: [], plan, signal: parameters.signal });
    const settled = plan!.settle(fee.reads, fee.calls, {
      steps: [{ to: tagged.to, data: tagged.data, value: tagged.value.toString() }],
    });
    const base = { kind: step.kind, from, to } as const;
    if (settled.kind === "celo") {
      return {
        ...base,
        currency: "CELO",
        feeCurrency: null,
        gas: settled.gas,
        maxFeePerGas: settled.maxFeePerGas,
        maxPriorityFeePerGas: settled.maxPriorityFeePerGas,
        estimated: settled.estimated,
        max: settled.max,
        estimatedFormatted: formatAmount(settled.estimated, TOKENS.CELO.decimals),
        maxFormatted: formatAmount(settled.max, TOKENS.CELO.decimals),
      };
    }
    const { fee: flowFee, token } = settled;
    return {
      ...base,
      currency: flowFee.currency,
      feeCurrency: flowFee.feeCurrency,
      gas: BigInt(flowFee.gas),
      maxFeePerGas: BigInt(flowFee.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(flowFee.maxPriorityFeePerGas),
      estimated: BigInt(flowFee.estimated),
      max: BigInt(flowFee.max),
      estimatedFormatted: formatAmount(BigInt(flowFee.estimated), token.decimals),
      maxFormatted: formatAmount(BigInt(flowFee.max), token.decimals),
    };
  });
}
