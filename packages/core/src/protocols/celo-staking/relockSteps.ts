import type { Hex } from "viem";
import type { PreparedStep } from "../../flow/types.js";
import { buildCeloStep, celo } from "./steps.js";

/**
 * `relock(index, value)` steps that take up to `amount` from the pending withdrawals, last index first (LockedGold
 * moves its last withdrawal into a relocked or withdrawn slot, so going down keeps every later index valid).
 * Pure. @internal
 */
export function relockSteps(
  values: readonly bigint[],
  amount: bigint,
  tag: (data: Hex) => Hex,
): { steps: PreparedStep[]; total: bigint } {
  const steps: PreparedStep[] = [];
  let left = amount;
  for (let index = values.length - 1; index >= 0 && left > 0n; index--) {
    const pending = values[index] ?? 0n;
    const value = pending < left ? pending : left;
    if (value === 0n) continue;
    steps.push(
      buildCeloStep(
        "lockedGold",
        "relock",
        [BigInt(index), value],
        `Relock ${celo(value)} from pending withdrawal ${index}`,
        tag,
      ),
    );
    left -= value;
  }
  return { steps, total: amount - left };
}
