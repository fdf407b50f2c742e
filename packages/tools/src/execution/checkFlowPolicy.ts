// Stage 3 of an execution (and the dry run's only check): the spending policy, before anything is signed.
import type { SerializedPreparedFlow } from "@preflow/core";
import { PolicyViolationError } from "../errors/policy.js";
import { checkPolicy, type PolicyCheck } from "../policy/checkPolicy.js";
import { decodeFlow } from "../policy/decodeFlow.js";
import { flowFees } from "../policy/flowFees.js";
import type { ExecutionRuntime } from "./executionContext.js";

/**
 * Checks the steps from `fromStep` on (a continuation's landed steps were checked, and counted, before), with the
 * most their gas can cost when it is paid in a token (CIP-64: `fee.max` per step). Throws PolicyViolationError.
 * @internal
 */
export async function checkFlowPolicy(
  runtime: ExecutionRuntime,
  flow: SerializedPreparedFlow,
  fromStep = 0,
): Promise<PolicyCheck | undefined> {
  if (!runtime.policy) return undefined;
  const celo = runtime.core.TOKENS.CELO.address.toLowerCase();
  const effects = decodeFlow(flow.steps, flow.from).filter((effect) => effect.step >= fromStep);
  const fees = flowFees(runtime.core, flow, fromStep);
  const capped = [...runtime.policy.caps.values()].filter((cap) => cap.perDay !== undefined);
  // The ledger (the store) is read only when a per-day cap needs it: a dry run under a policy without one works
  // while the store cannot be read; with one, it refuses with the store's typed error (the cap cannot be decided).
  const spent =
    capped.length === 0
      ? new Map()
      : ((await runtime.policy.ledger?.spent(capped.map((cap) => cap.address))) ?? new Map());
  const result = checkPolicy(runtime.policy, effects, celo, flow.from, fees, spent);
  if (result.violations.length > 0) throw new PolicyViolationError({ violations: result.violations });
  return result;
}
