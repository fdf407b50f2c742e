// Stage 7 of an execution, holding the signer's lock: the policy checked again (executions ahead of this one may
// have spent since) and the attempt's spends reserved, in one transaction of the store.
import type { SerializedPreparedFlow } from "@preflow/core";
import { PolicyViolationError } from "../errors/policy.js";
import type { PolicyCheck } from "../policy/checkPolicy.js";
import { checkFlowPolicy } from "./checkFlowPolicy.js";
import type { ExecutionRuntime } from "./executionContext.js";
import { flowSpendKey } from "./flowSpendKey.js";

/**
 * Holding the signer's lock: checks the policy and reserves the spends of the steps from `fromStep` on, keyed by
 * this attempt, in one transaction of the store (caps hold across servers). Throws PolicyViolationError. @internal
 */
export async function reserveFlowSpends(
  runtime: ExecutionRuntime,
  flow: SerializedPreparedFlow,
  flowId: string,
  attempt: string,
  fromStep: number,
): Promise<PolicyCheck | undefined> {
  const ledger = runtime.policy?.ledger;
  for (let round = 0; ; round++) {
    const result = await checkFlowPolicy(runtime, flow, fromStep);
    if (!result || !ledger || !runtime.policy) return result;
    const caps = [...runtime.policy.caps.values()]
      .filter((cap) => cap.perDay !== undefined)
      .map((cap) => ({ token: cap.address, limit: cap.perDay as bigint, symbol: cap.symbol }));
    const items = [...result.spends].map(([step, amounts]) => ({
      key: flowSpendKey(flowId, step, attempt),
      source: { kind: "flow" as const, flowId, step },
      amounts,
    }));
    const reserved = await ledger.reserve(items, caps);
    if (reserved.ok) return result;
    // Another payment of the signer (an x402 payment) was counted between the check and the reservation: the
    // check, read again, names the cap; in the unlikely case it still passes, the reservation's figures do.
    if (round > 0) {
      throw new PolicyViolationError({
        violations: reserved.exceeded.map((cap) => ({
          rule: `caps.${cap.symbol ?? cap.token}.perDay`,
          step: null,
          message: `${cap.symbol ?? cap.token} per 24 h: limit ${runtime.policy?.format(cap.limit, cap.token)}, spent ${runtime.policy?.format(cap.spent, cap.token)}, this flow ${runtime.policy?.format(cap.adding, cap.token)}`,
        })),
      });
    }
  }
}
