import { appendSdkCalldataTag } from "@preflow/attribution";
import {
  FlowAccountMismatchError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowErrorType,
  type SimulatePreparedFlowReturnType,
  simulatePreparedFlow,
} from "@preflow/core";
import { rejectUnknownKeys } from "@preflow/errors";
import type { Hex } from "viem";
import type { AAContext } from "./internal/context.js";

/**
 * The errors `aa.simulatePreparedFlow` throws: core's {@link SimulatePreparedFlowErrorType} (bad options or flow,
 * no `eth_simulateV1`, the RPC failing) and {@link FlowAccountMismatchError} (the flow is not for this account).
 *
 * @example
 * ```ts
 * import type { AASimulatePreparedFlowErrorType } from "@preflow/aa";
 * const isMismatch = (error: AASimulatePreparedFlowErrorType) => error.code === "FLOW_ACCOUNT_MISMATCH";
 * ```
 */
export type AASimulatePreparedFlowErrorType = SimulatePreparedFlowErrorType | FlowAccountMismatchError;

/**
 * Options of `aa.simulatePreparedFlow`.
 *
 * @example
 * ```ts
 * import type { AASimulatePreparedFlowOptions } from "@preflow/aa";
 * const options: AASimulatePreparedFlowOptions = { signal: AbortSignal.timeout(10_000) };
 * ```
 */
export type AASimulatePreparedFlowOptions = {
  /** Stops waiting for the answer (rejects with the signal's reason). */
  signal?: AbortSignal | undefined;
};

/** `aa.simulatePreparedFlow`: core's simulation, as the smart account's calls with the send-time tags. @internal */
export async function simulatePreparedFlowWith(
  ctx: AAContext,
  prepared: SerializedPreparedFlow,
  options?: AASimulatePreparedFlowOptions,
): Promise<SimulatePreparedFlowReturnType> {
  if (options !== undefined) rejectUnknownKeys(options, "options", ["signal"]);
  const flow = parsePreparedFlow(prepared);
  if (flow.from !== ctx.smartAccountAddress) {
    throw new FlowAccountMismatchError({
      from: flow.from,
      account: ctx.smartAccountAddress,
      accountKind: "smart account",
    });
  }
  const tags = ctx.attributionTags;
  const sent: SerializedPreparedFlow =
    tags === undefined
      ? flow
      : {
          ...flow,
          steps: flow.steps.map((step) => ({ ...step, data: appendSdkCalldataTag(step.data, tags) as Hex })),
        };
  return simulatePreparedFlow(ctx.publicClient, {
    flow: sent,
    as: ctx.smartAccountAddress,
    ...(options?.signal === undefined ? {} : { signal: options.signal }),
  });
}
