import type { CeloCall } from "./operation.js";
import { celo } from "./steps.js";

/**
 * `relock(index, value)` calls that take up to `amount` from the pending withdrawals, last index first (LockedGold
 * moves its last withdrawal into a relocked or withdrawn slot, so going down keeps every later index valid).
 * Pure. @internal
 */
export function relockCalls(values: readonly bigint[], amount: bigint): { calls: CeloCall[]; total: bigint } {
  const calls: CeloCall[] = [];
  let left = amount;
  for (let index = values.length - 1; index >= 0 && left > 0n; index--) {
    const pending = values[index] ?? 0n;
    const value = pending < left ? pending : left;
    if (value === 0n) continue;
    calls.push({
      contract: "lockedGold",
      functionName: "relock",
      args: [BigInt(index), value],
      description: `Relock ${celo(value)} from pending withdrawal ${index}`,
    });
    left -= value;
  }
  return { calls, total: amount - left };
}
