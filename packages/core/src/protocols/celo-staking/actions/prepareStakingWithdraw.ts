import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { type CeloCall, prepareCeloAccountOperation } from "../operation.js";
import { celo } from "../steps.js";

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
export function prepareStakingWithdraw(
  client: SdkBaseClient,
  parameters: PrepareStakingWithdrawParameters,
): Promise<PrepareStakingWithdrawReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: [],
    parse: () => undefined,
    plan: (from, _input, s) => {
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
      // Last index first: LockedGold moves its last withdrawal into a withdrawn slot.
      const calls: CeloCall[] = matured.reverse().map((index) => ({
        contract: "lockedGold",
        functionName: "withdraw",
        args: [BigInt(index)],
        description: `Withdraw ${celo(s.withdrawalValues[index] ?? 0n)} (pending withdrawal ${index})`,
      }));
      const total = matured.reduce((sum, index) => sum + (s.withdrawalValues[index] ?? 0n), 0n);
      return {
        summary: `Withdraw ${celo(total)} of unlocked CELO to ${from}`,
        calls,
        intent: { kind: "withdrawUnlocked", amount: total.toString(), count: String(calls.length) },
      };
    },
  });
}
