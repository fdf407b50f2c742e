import type { Address } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { delegationOperation } from "../delegation.js";
import { CeloGovernanceRefusedError } from "../errors.js";
import { type CeloAccountState, readCeloDelegationState } from "../lens.js";
import type { CeloActionParameters, CeloGovernanceActionErrorType, CeloOperation } from "../operation.js";
import { prepareCeloOperation } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceDelegate}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceDelegateParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceDelegateParameters = { from, to: "0x2222222222222222222222222222222222222222", percent: "50" };
 * ```
 */
export interface PrepareGovernanceDelegateParameters extends CeloActionParameters {
  /** The delegatee: a Celo account (it has locked CELO before) or an account's vote signer. */
  to: string;
  /** A percentage of the delegator's governance voting power, above 0 and at most 100 (`"50"`, `12.5`). */
  percent: string | number;
}

/**
 * The return type of {@link prepareGovernanceDelegate}: `[LockedGold.delegateGovernanceVotes(to, fraction)]`, intent
 * `{ kind: "governanceDelegate", to, fraction }` (Fixidity: 1e24 = 100 %).
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceDelegateReturnType } from "@preflow/core";
 * const flow: PrepareGovernanceDelegateReturnType = await client.governance.prepareDelegate(from, to, "50");
 * ```
 */
export type PrepareGovernanceDelegateReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGovernanceDelegate} throws: bad input before any request, the read's errors, and
 * {@link CeloGovernanceRefusedError} (`not-an-account`, `delegatee-not-an-account`, `delegation-too-large`).
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceDelegateErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceDelegateErrorType = CeloGovernanceActionErrorType;

/**
 * Prepares delegating a percentage of the account's governance voting power to another account
 * (`LockedGold.delegateGovernanceVotes`); the delegatee votes with it on referendums. Refused when the account has
 * no Celo account (`not-an-account`), when the delegatee is neither a Celo account nor an account's vote signer
 * (`delegatee-not-an-account`, with `details.field` `"to"`, `details.value` and `details.rule`: LockedGold would
 * revert with Accounts' "Must first register address with Account.createAccount"), or when it would delegate more
 * than 100 % in all (`delegation-too-large`, with what it delegates already).
 *
 * HTTP requests: 1 (the lens and the delegatee's `Accounts.voteSignerToAccount` in one batch), for every fee
 * currency (`\"auto\"` included).
 *
 * @throws {@link PrepareGovernanceDelegateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceDelegate } from "@preflow/core";
 * const flow = await prepareGovernanceDelegate(createSdkBaseClient(), { from, to, percent: "50" });
 * ```
 */
export function prepareGovernanceDelegate(
  client: SdkBaseClient,
  parameters: PrepareGovernanceDelegateParameters,
): Promise<PrepareGovernanceDelegateReturnType> {
  return prepareCeloOperation(client, parameters, DELEGATE, (from, { to }, signal, rider) =>
    readCeloDelegationState(client, from, to, signal, rider),
  );
}

type DelegationState = CeloAccountState & { delegateeAccount: Address | null };
const delegate = delegationOperation("delegate");

/** The shared delegation operation, then the delegatee's rule (the delegator's refusals come first). */
const DELEGATE: CeloOperation<{ to: Address; fraction: bigint }, DelegationState> = {
  ...delegate,
  plan: (from, input, state, refuse) => {
    const plan = delegate.plan(from, input, state, refuse);
    if (state.delegateeAccount === null) {
      const rule =
        "the delegatee must be a Celo account (Accounts.createAccount) or an account's vote signer";
      throw new CeloGovernanceRefusedError({
        operation: "delegate",
        reason: "delegatee-not-an-account",
        message: `to ${input.to} has no Celo account: ${rule}`,
        details: { field: "to", value: input.to, rule },
      });
    }
    return plan;
  },
};
