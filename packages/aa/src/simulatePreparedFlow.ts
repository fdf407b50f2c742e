import { appendSdkCalldataTag } from "@preflow/attribution";
import {
  FlowAccountMismatchError,
  InvalidArgumentError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
  simulatePreparedFlow,
} from "@preflow/core";
import type { Hex } from "viem";
import type { AAContext } from "./internal/context.js";

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
  if (options !== undefined) {
    const keys = typeof options === "object" && options !== null ? Object.keys(options) : ["(not an object)"];
    const unknown = keys.find((key) => key !== "signal");
    if (unknown !== undefined) {
      throw new InvalidArgumentError({
        field: "options",
        value: unknown,
        rule: "is not an option of simulatePreparedFlow (known: signal)",
      });
    }
  }
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
