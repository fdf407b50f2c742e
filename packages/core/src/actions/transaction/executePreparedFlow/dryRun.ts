// A dry run: nothing signed or sent; every step simulated in order on one state (`eth_simulateV1`, the same path
// as simulatePreparedFlow), or, on a node without it, each step estimated alone on the current state.
import { withTimeout } from "@preflow/errors";
import type { Address } from "viem";
import { estimateGas } from "viem/actions";
import { SdkError } from "../../../errors/base.js";
import { SimulationUnsupportedError } from "../../../errors/simulation.js";
import { toTransactionRequest } from "../../../flow/toTransactionRequest.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { toRpcError } from "../../../rpc/toRpcError.js";
import { simulatePreparedFlow } from "../lazyActions.js";
import type { SimulatePreparedFlowReturnType } from "../simulatePreparedFlow.js";
import { executedFlowResult } from "./executedFlowResult.js";
import { type AnyClient, describeFailure, isAbort, REQUEST_TIMEOUT_MS } from "./requests.js";
import type { ExecutedStep, ExecutePreparedFlowReturnType, ExecutionStepEvent } from "./types.js";

/** Simulates the flow's steps, writing each outcome into `steps`; stops at the first that reverts. @internal */
export async function dryRun(
  client: AnyClient,
  from: Address,
  flow: SerializedPreparedFlow,
  steps: ExecutedStep[],
  notify: (event: ExecutionStepEvent) => Promise<void>,
  rpcUrl: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ExecutePreparedFlowReturnType> {
  const total = flow.steps.length;
  const requests = flow.steps.map((step) => toTransactionRequest(step));
  // A dry run signs nothing: an abort answers `aborted` at once, whatever read is in flight.
  const aborted = (simulation?: "independent") => ({
    ...executedFlowResult({ flow, steps, dryRun: true, aborted: true }),
    ...(simulation === undefined ? {} : { simulation }),
  });

  // The same path as simulatePreparedFlow: all steps on one state in one eth_simulateV1 request.
  let sequential: SimulatePreparedFlowReturnType["steps"] | undefined;
  try {
    sequential = (
      await withTimeout(
        simulatePreparedFlow(client, { flow, as: from }),
        REQUEST_TIMEOUT_MS,
        signal,
        "eth_simulateV1",
      )
    ).steps;
  } catch (error) {
    if (isAbort(error, signal)) return aborted();
    if (error instanceof SimulationUnsupportedError) sequential = undefined;
    else if (error instanceof SdkError) throw error;
    else throw toRpcError(error, { rpcUrl: rpcUrl ?? "", method: "eth_simulateV1" });
  }

  for (const [index, request] of requests.entries()) {
    const step = steps[index] as ExecutedStep;
    if (sequential) {
      const simulated = sequential[index];
      if (simulated?.status === "success") {
        step.status = "success";
        if (simulated.gasUsed !== null) step.gasUsed = simulated.gasUsed;
      } else {
        step.status = "reverted";
        if (simulated?.gasUsed) step.gasUsed = simulated.gasUsed;
        step.error = simulated?.revertReason
          ? `the simulation reverted: ${simulated.revertReason.message}`
          : "the simulation reported no result for this step";
      }
    } else {
      try {
        const gas = await withTimeout(
          estimateGas(client, { ...request, account: from }),
          REQUEST_TIMEOUT_MS,
          signal,
          "eth_estimateGas",
        );
        step.gasUsed = gas.toString();
        step.status = "success";
      } catch (error) {
        if (isAbort(error, signal)) return aborted("independent");
        step.status = "reverted";
        step.error = describeFailure(error, rpcUrl);
      }
    }
    if (step.status === "success") delete step.code;
    else step.code = "SIMULATION_REVERTED";
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") break;
  }
  return {
    ...executedFlowResult({ flow, steps, dryRun: true }),
    simulation: sequential ? "sequential" : "independent",
  };
}
