// Steps whose calldata is computed on chain (a staking vote's sorted-list neighbours, the indices of withdrawals),
// simulated for their fee in the SAME request as the reads they depend on: the fee plan's `eth_simulateV1` block
// places the step runner (PlannedStepRunner.sol) at the paying account by a state override; its first call
// creates the planner (creation code whose constructor returns the calls, `abi.encode((address,uint256,bytes)[])`),
// and each later call runs one planned call as its own transaction, the account as `msg.sender`, reporting the gas
// the call took. A step's gas is then what a transaction of it costs: 21,000, its calldata, and the gas measured
// around the call less the cold access of its target (a transaction's target is warm), before refunds (so never
// less than the node will use). The flow's steps must be exactly the planned calls (tag suffix aside): when they
// are not (the planner and the TypeScript plan disagree, or there are more than `MAX_PLANNED_STEPS`), settling
// throws `StepsNotPlannedError`, and the action reads the fee of its real steps in a request of their own.
import { type Address, encodeFunctionData, type Hex } from "viem";
import { functionAbi, param, tuple } from "../abi/functionAbi.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { decodeOutputs } from "../rpc/decodeFunctionResultStrict.js";
import { parseSimulation, type SimCall, simulateV1Request } from "../rpc/simulateV1.js";
import { calldataGas } from "./feeRule.js";
import { plannedStepRunnerCode } from "./plannedStepRunner.generated.js";

/** The most planned calls one simulation runs (a flow with more reads its fee in a second request). */
export const MAX_PLANNED_STEPS = 12;

/** Gas of a cold account access (EIP-2929): what the runner's call pays that a transaction's target does not. */
const COLD_ACCOUNT_ACCESS = 2_600n;
/** A transaction's base gas. */
const TRANSACTION_GAS = 21_000n;

const bytesOut = [param("bytes")] as const;
const runnerAbi = [
  functionAbi("plan", "nonpayable", [param("bytes", "initCode")], bytesOut),
  functionAbi("run", "nonpayable", [param("uint256", "k")], [param("uint256", "gasUsed")]),
] as const;
const plannedCalls = [
  tuple("tuple[]", "calls", [param("address", "to"), param("uint256", "value"), param("bytes", "data")]),
] as const;

/** What a flow's step is compared by: target, calldata, CELO sent (wei, decimal). @internal */
export interface FlowStepCalldata {
  to: Address;
  data: Hex;
  value?: string | undefined;
}

/** One planned call as the simulation ran it. @internal */
export interface PlannedStep {
  to: Address;
  value: bigint;
  data: Hex;
}

/**
 * A fee sketch whose steps a planner computes on chain: the simulation request, and how to read the planned steps
 * and each one's simulated call from its answer. @internal
 */
export interface PlannedFeeSketch {
  kind: "planned";
  call: RpcCall;
  /**
   * The planned steps and their simulated calls (gas as a transaction of the step would use it).
   *
   * @throws {StepsNotPlannedError} the planner failed, or `flowSteps` are not exactly the planned calls.
   */
  read(
    answer: unknown,
    rpcUrl: string,
    flowSteps: readonly FlowStepCalldata[],
  ): { sketch: PlannedStep[]; calls: SimCall[] };
}

/** The flow's steps are not exactly the planned calls (or the planner failed): read their fee on their own. @internal */
export class StepsNotPlannedError extends Error {
  override name = "StepsNotPlannedError";
}

/** The sketch of the steps `plannerInitCode` plans for `from` (a planner's creation code with its arguments). @internal */
export function plannedFeeSketch(from: Address, plannerInitCode: Hex): PlannedFeeSketch {
  const call = (data: Hex) => ({ from, to: from, data });
  const calls = [
    call(encodeFunctionData({ abi: runnerAbi, functionName: "plan", args: [plannerInitCode] })),
    ...Array.from({ length: MAX_PLANNED_STEPS }, (_, k) =>
      call(encodeFunctionData({ abi: runnerAbi, functionName: "run", args: [BigInt(k)] })),
    ),
  ];
  return {
    kind: "planned",
    call: simulateV1Request(calls, { stateOverrides: { [from]: { code: plannedStepRunnerCode } } }),
    read(answer, rpcUrl, flowSteps) {
      const [planned, ...runs] = parseSimulation(answer, calls.length, rpcUrl).calls;
      if (planned?.status !== "success") throw new StepsNotPlannedError("the planner reverted");
      const blob = decodeOutputs(bytesOut, planned.returnData);
      const decoded = blob.ok ? decodeOutputs(plannedCalls, blob.values[0]) : blob;
      if (!decoded.ok) throw new StepsNotPlannedError(`the planner answered ${decoded.reason}`);
      const steps = (decoded.values[0] as readonly PlannedStep[]).map(({ to, value, data }) => ({
        to,
        value,
        data,
      }));
      if (steps.length > MAX_PLANNED_STEPS) throw new StepsNotPlannedError(`${steps.length} planned calls`);
      if (!followsPlan(flowSteps, steps))
        throw new StepsNotPlannedError("the flow's steps are not the calls planned on chain");
      const simulated = steps.map((step, k): SimCall => {
        const run = runs[k]!;
        if (run.status !== "success") return run;
        const measured = decodeOutputs(runnerAbi[1].outputs, run.returnData);
        if (!measured.ok) throw new StepsNotPlannedError(`the runner answered ${measured.reason}`);
        const inner = measured.values[0] as bigint;
        const warm = inner > COLD_ACCOUNT_ACCESS ? inner - COLD_ACCOUNT_ACCESS : 0n;
        return { ...run, gasUsed: TRANSACTION_GAS + calldataGas(step.data) + warm };
      });
      return { sketch: steps, calls: simulated };
    },
  };
}

/**
 * Whether `steps` are exactly the `planned` calls, in order (same target, value and calldata, a tag suffix
 * aside). @internal
 */
export function followsPlan(steps: readonly FlowStepCalldata[], planned: readonly PlannedStep[]): boolean {
  return (
    steps.length === planned.length &&
    steps.every((step, k) => {
      const plan = planned[k]!;
      return (
        step.to.toLowerCase() === plan.to.toLowerCase() &&
        BigInt(step.value ?? "0") === plan.value &&
        step.data.toLowerCase().startsWith(plan.data.toLowerCase())
      );
    })
  );
}
