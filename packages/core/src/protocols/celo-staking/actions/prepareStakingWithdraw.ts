import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { readCeloAccountState } from "../lens.js";
import { buildCeloStep, celo, celoFlow } from "../steps.js";

/**
 * Parameters of {@link prepareStakingWithdraw}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawParameters } from "@preflow/core";
 * const parameters: PrepareStakingWithdrawParameters = { from };
 * ```
 */
export interface PrepareStakingWithdrawParameters {
  /** The account whose matured pending withdrawals are withdrawn (and who signs). */
  from: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingWithdraw}: one `LockedGold.withdraw(index)` per matured pending withdrawal
 * (highest index first), intent `{ kind: "withdrawUnlocked", amount, count }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawReturnType } from "@preflow/core";
 * const flow: PrepareStakingWithdrawReturnType = await client.staking.prepareWithdraw(from);
 * ```
 */
export type PrepareStakingWithdrawReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingWithdraw} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingWithdrawErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingWithdrawErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares withdrawing every matured pending withdrawal (unlocked CELO whose unlocking period has passed at the
 * block read) back to the account's balance. Refused with the time left when none has matured
 * (`no-matured-withdrawal`: `details.secondsLeft`, `details.availableAt` of the earliest; both absent when there
 * is no pending withdrawal at all).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingWithdrawErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingWithdraw } from "@preflow/core";
 * const flow = await prepareStakingWithdraw(createSdkBaseClient(), { from });
 * ```
 */
export async function prepareStakingWithdraw(
  client: SdkBaseClient,
  parameters: PrepareStakingWithdrawParameters,
): Promise<PrepareStakingWithdrawReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "signal"]);
  const from = parseAddress(raw.from, "from");
  const s = await readCeloAccountState(client, from, parseSignal(raw.signal));
  const matured: number[] = [];
  let earliest: bigint | undefined;
  s.withdrawalTimes.forEach((time, index) => {
    if (s.timestamp >= time) matured.push(index);
    else if (earliest === undefined || time < earliest) earliest = time;
  });
  if (matured.length === 0) {
    const pending = s.withdrawalValues.reduce((sum, value) => sum + value, 0n);
    throw new CeloStakingRefusedError({
      operation: "withdraw",
      reason: "no-matured-withdrawal",
      message:
        earliest === undefined
          ? `${from} has no pending withdrawal (unlock CELO first)`
          : `none of ${from}'s pending withdrawals (${celo(pending)}) has matured; the first matures at unix ${earliest}, in ${earliest - s.timestamp} s`,
      details: {
        pending: pending.toString(),
        ...(earliest === undefined
          ? {}
          : { availableAt: earliest.toString(), secondsLeft: Number(earliest - s.timestamp) }),
      },
    });
  }
  const steps: PreparedStep[] = [];
  let total = 0n;
  for (const index of matured.reverse()) {
    const value = s.withdrawalValues[index] ?? 0n;
    total += value;
    steps.push(
      buildCeloStep(
        "lockedGold",
        "withdraw",
        [BigInt(index)],
        `Withdraw ${celo(value)} (pending withdrawal ${index})`,
        client.tag,
      ),
    );
  }
  return celoFlow(
    from,
    `Withdraw ${celo(total)} of unlocked CELO to ${from}`,
    steps,
    { kind: "withdrawUnlocked", amount: total.toString(), count: String(steps.length) },
    s.blockNumber,
  );
}
