import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { prepareCeloAccountOperation } from "../operation.js";
import { parseCeloAmount } from "../parameters.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareStakingUnlock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockParameters } from "@preflow/core";
 * const parameters: PrepareStakingUnlockParameters = { from, amount: "20" };
 * ```
 */
export interface PrepareStakingUnlockParameters {
  /** The account that unlocks (and signs). */
  from: string;
  /** Locked CELO to unlock, a human decimal string. */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingUnlock}: `[LockedGold.unlock(amount)]`, intent `{ kind: "unlock", amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockReturnType } from "@preflow/core";
 * const flow: PrepareStakingUnlockReturnType = await client.staking.prepareUnlock(from, "20");
 * ```
 */
export type PrepareStakingUnlockReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingUnlock} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingUnlockErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingUnlockErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares unlocking locked CELO: it becomes a pending withdrawal, withdrawable after LockedGold's unlocking period
 * (3 days on mainnet). Refused, with the amounts, when the CELO is voting for a group (`not-enough-nonvoting`:
 * revoke votes first) or backs the account's votes on governance referendums (`locked-in-governance`), or the
 * address has no Celo account (`not-an-account`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingUnlockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingUnlock } from "@preflow/core";
 * const flow = await prepareStakingUnlock(createSdkBaseClient(), { from, amount: "20" });
 * ```
 */
export function prepareStakingUnlock(
  client: SdkBaseClient,
  parameters: PrepareStakingUnlockParameters,
): Promise<PrepareStakingUnlockReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: ["amount"],
    parse: (raw) => parseCeloAmount(raw.amount),
    plan: (from, amount, s) => {
      const refuse = (
        reason: "not-an-account" | "not-enough-nonvoting" | "locked-in-governance",
        message: string,
      ) =>
        new CeloStakingRefusedError({
          operation: "unlock",
          reason,
          message,
          details: {
            amount: amount.toString(),
            locked: s.totalLocked.toString(),
            nonvoting: s.nonvoting.toString(),
            votingForGroups: (s.totalLocked - s.nonvoting).toString(),
            usedInReferendums: s.governanceVotesUsed.toString(),
          },
        });
      if (!s.isAccount) throw refuse("not-an-account", `${from} has no Celo account and nothing locked`);
      if (amount > s.nonvoting) {
        throw refuse(
          "not-enough-nonvoting",
          `${from} has ${celo(s.nonvoting)} locked and not voting (${celo(s.totalLocked - s.nonvoting)} votes for validator groups): revoke votes first`,
        );
      }
      if (s.totalLocked - amount < s.governanceVotesUsed) {
        throw refuse(
          "locked-in-governance",
          `${celo(s.governanceVotesUsed)} of ${from}'s ${celo(s.totalLocked)} locked back its votes on governance referendums; at most ${celo(s.totalLocked - s.governanceVotesUsed)} can be unlocked until they end`,
        );
      }
      return {
        summary: `Unlock ${celo(amount)} of ${from}'s locked CELO (withdrawable in ${s.unlockingPeriod} s)`,
        calls: [
          {
            contract: "lockedGold",
            functionName: "unlock",
            args: [amount],
            description: `Unlock ${celo(amount)} (a pending withdrawal after ${s.unlockingPeriod} s)`,
          },
        ],
        intent: { kind: "unlock", amount: amount.toString() },
      };
    },
  });
}
