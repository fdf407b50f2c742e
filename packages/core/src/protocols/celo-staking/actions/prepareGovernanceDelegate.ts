import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { delegationOperation } from "../delegation.js";
import type { CeloGovernanceRefusedError, CeloStakingReadErrorType } from "../errors.js";
import { prepareCeloAccountOperation } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceDelegate}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceDelegateParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceDelegateParameters = { from, to: "0x2222222222222222222222222222222222222222", percent: "50" };
 * ```
 */
export interface PrepareGovernanceDelegateParameters {
  /** The delegator (and signer). */
  from: string;
  /** The delegatee. */
  to: string;
  /** A percentage of the delegator's governance voting power, above 0 and at most 100 (`"50"`, `12.5`). */
  percent: string | number;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
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
 * The errors {@link prepareGovernanceDelegate} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceDelegateErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceDelegateErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Prepares delegating a percentage of the account's governance voting power to another account
 * (`LockedGold.delegateGovernanceVotes`); the delegatee votes with it on referendums. Refused when the account has
 * no Celo account (`not-an-account`) or would delegate more than 100 % in all (`delegation-too-large`, with what
 * it delegates already).
 *
 * HTTP requests: 1.
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
  return prepareCeloAccountOperation(client, parameters, delegationOperation("delegate"));
}
