import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../../chain.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import {
  type FeeCurrencyOption,
  type FeeErrorType,
  planFlowFee,
  settleFlowFee,
} from "../../../fees/flowFee.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { goodDollarUbiSchemeAbi } from "../abis.js";
import { GOODDOLLAR_ADDRESSES, GOODDOLLAR_UBI_SCHEME_LABEL } from "../addresses.js";
import { GoodDollarRefusedError } from "../errors.js";
import { claimRefusal, readUbiState } from "../ubiState.js";
import type { GetGoodDollarUbiEntitlementErrorType } from "./getGoodDollarUbiEntitlement.js";

/**
 * Parameters of {@link prepareGoodDollarClaim}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarClaimParameters } from "@preflow/core";
 * const parameters: PrepareGoodDollarClaimParameters = { from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" };
 * ```
 */
export interface PrepareGoodDollarClaimParameters extends FeeCurrencyOption, ActionOptions {
  /** The whitelisted account (or an account connected to one) that claims and signs; the G$ comes to it. */
  from: string;
}

/**
 * The return type of {@link prepareGoodDollarClaim}: one step, the UBIScheme's `claim()`, with intent
 * `{ kind: "goodDollarClaim", entitlement }` and `preparedAt`.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarClaimReturnType } from "@preflow/core";
 * const flow: PrepareGoodDollarClaimReturnType = await client.goodDollar.prepareClaim(from);
 * ```
 */
export type PrepareGoodDollarClaimReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGoodDollarClaim} throws: its refusal ({@link GoodDollarRefusedError}: not whitelisted,
 * already claimed today, claims paused), bad input, the read's and, with `feeCurrency`, the fee's.
 *
 * @example
 * ```ts
 * import type { PrepareGoodDollarClaimErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGoodDollarClaimErrorType =
  | GetGoodDollarUbiEntitlementErrorType
  | GoodDollarRefusedError
  | FeeErrorType;

/**
 * Prepares today's GoodDollar UBI claim: the UBIScheme's `claim()`, which pays the signer the day's UBI. Refused
 * with {@link GoodDollarRefusedError} before anything is built when `from` is not a whitelisted identity (nor
 * connected to one), has already claimed today (a second claim would pay nothing), or claims are paused. Not
 * tracked by telemetry.
 *
 * HTTP requests: 1 (identity, entitlement, the UBIScheme's day bookkeeping, the block's number and time, and the
 * fee plan's reads when gas is paid in a fee currency, in one batch).
 *
 * @throws {@link PrepareGoodDollarClaimErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGoodDollarClaim } from "@preflow/core";
 *
 * const flow = await prepareGoodDollarClaim(createSdkBaseClient(), { from });
 * // flow.steps: [claim()] to the UBIScheme 0x43d7…a4A1; flow.intent.entitlement: the G$ it pays (base units)
 * ```
 */
export async function prepareGoodDollarClaim(
  client: SdkBaseClient,
  parameters: PrepareGoodDollarClaimParameters,
): Promise<PrepareGoodDollarClaimReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "feeCurrency", "signal"]);
  const from = parseAddress(raw.from, "from");
  const signal = parseSignal(raw.signal);
  const claim: PreparedStep = {
    kind: "contract",
    to: GOODDOLLAR_ADDRESSES.ubiScheme,
    data: client.tag(encodeFunctionData({ abi: goodDollarUbiSchemeAbi, functionName: "claim" })),
    value: "0",
    description: `Claim today's GoodDollar UBI for ${from}`,
    call: { contract: GOODDOLLAR_UBI_SCHEME_LABEL, functionName: "claim", args: [] },
  };
  const plan = await planFlowFee(client, raw.feeCurrency, { from, alternatives: [[claim]] });
  const state = await readUbiState(client, from, signal, plan);
  const refusal = claimRefusal(state);
  if (refusal) {
    throw new GoodDollarRefusedError({
      operation: "claim",
      ...refusal,
      details: { account: from, whitelistedRoot: state.whitelistedRoot ?? "none", day: state.day.toString() },
    });
  }
  const amount = formatAmount(state.entitlement, 18);
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from,
    summary: `Claim today's GoodDollar UBI: about ${amount} G$ to ${from}`,
    steps: [{ ...claim, description: `Claim today's GoodDollar UBI (about ${amount} G$) for ${from}` }],
    intent: { kind: "goodDollarClaim", entitlement: state.entitlement.toString() },
    preparedAt: { blockNumber: state.blockNumber.toString() },
  };
  return settleFlowFee(plan, flow, state.fee.reads, state.fee.calls);
}
