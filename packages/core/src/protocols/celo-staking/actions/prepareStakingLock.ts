import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { readCeloAccountState } from "../lens.js";
import { parseCeloAmount } from "../parameters.js";
import { relockSteps } from "../relockSteps.js";
import { buildCeloStep, celo, celoFlow } from "../steps.js";

/**
 * Parameters of {@link prepareStakingLock}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockParameters } from "@preflow/core";
 * const parameters: PrepareStakingLockParameters = { from, amount: "50" };
 * ```
 */
export interface PrepareStakingLockParameters {
  /** The account that locks (and signs). */
  from: string;
  /** CELO to lock, a human decimal string (`"50"`). */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingLock}: `[Accounts.createAccount (only when not registered), LockedGold.relock
 * (pending withdrawals first), LockedGold.lock{value}]`, intent `{ kind: "lock", amount, relocked }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockReturnType } from "@preflow/core";
 * const flow: PrepareStakingLockReturnType = await client.staking.prepareLock(from, "50");
 * ```
 */
export type PrepareStakingLockReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingLock} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingLockErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingLockErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares locking CELO in LockedGold (locked CELO can vote for validator groups and on governance). Registers the
 * account first when it has no Celo account (`Accounts.createAccount`), relocks pending withdrawals before
 * locking new CELO (`relock`, newest first), then `lock()` with the rest as value. Refused when the CELO balance
 * is below what `lock()` sends (`not-enough-celo`; gas is on top).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingLockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingLock } from "@preflow/core";
 * const flow = await prepareStakingLock(createSdkBaseClient(), { from, amount: "50" });
 * // flow.steps: [createAccount() (first time), lock() with 50 CELO]
 * ```
 */
export async function prepareStakingLock(
  client: SdkBaseClient,
  parameters: PrepareStakingLockParameters,
): Promise<PrepareStakingLockReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "amount", "signal"]);
  const from = parseAddress(raw.from, "from");
  const amount = parseCeloAmount(raw.amount);
  const s = await readCeloAccountState(client, from, parseSignal(raw.signal));
  const steps: PreparedStep[] = [];
  if (!s.isAccount) {
    steps.push(
      buildCeloStep(
        "accounts",
        "createAccount",
        [],
        `Register ${from} as a Celo account (needed to lock CELO)`,
        client.tag,
      ),
    );
  }
  const relock = relockSteps(s.withdrawalValues, amount, client.tag);
  steps.push(...relock.steps);
  const fresh = amount - relock.total;
  if (fresh > 0n) {
    if (s.balance < fresh) {
      throw new CeloStakingRefusedError({
        operation: "lock",
        reason: "not-enough-celo",
        message: `${from} has ${celo(s.balance)}, and ${celo(fresh)} would be locked`,
        details: { balance: s.balance.toString(), needed: fresh.toString() },
      });
    }
    steps.push(
      buildCeloStep("lockedGold", "lock", [], `Lock ${celo(fresh)} in Celo's LockedGold`, client.tag, fresh),
    );
  }
  const relocked = relock.total > 0n ? ` (${celo(relock.total)} relocked from pending withdrawals)` : "";
  return celoFlow(
    from,
    `Lock ${celo(amount)} from ${from}${relocked}`,
    steps,
    { kind: "lock", amount: amount.toString(), relocked: relock.total.toString() },
    s.blockNumber,
  );
}
