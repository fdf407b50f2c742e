import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { delegationOperation } from "../delegation.js";
import type { CeloGovernanceRefusedError, CeloStakingReadErrorType } from "../errors.js";
import { prepareCeloAccountOperation } from "../operation.js";

/**
 * Parameters of {@link prepareGovernanceUndelegate}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUndelegateParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceUndelegateParameters = { from, to: "0x2222222222222222222222222222222222222222", percent: "50" };
 * ```
 */
export interface PrepareGovernanceUndelegateParameters {
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
 * The return type of {@link prepareGovernanceUndelegate}: `[LockedGold.revokeDelegatedGovernanceVotes(to, fraction)]`, intent
 * `{ kind: "governanceUndelegate", to, fraction }` (Fixidity: 1e24 = 100 %).
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUndelegateReturnType } from "@preflow/core";
 * const flow: PrepareGovernanceUndelegateReturnType = await client.governance.prepareUndelegate(from, to, "50");
 * ```
 */
export type PrepareGovernanceUndelegateReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGovernanceUndelegate} throws.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUndelegateErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGovernanceUndelegateErrorType = CeloStakingReadErrorType | CeloGovernanceRefusedError;

/**
 * Prepares taking back a percentage of governance voting power delegated to `to`
 * (`LockedGold.revokeDelegatedGovernanceVotes`). Refused when the account delegates less than that to `to`
 * (`not-delegated`, with what it delegates).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareGovernanceUndelegateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUndelegate } from "@preflow/core";
 * const flow = await prepareGovernanceUndelegate(createSdkBaseClient(), { from, to, percent: "50" });
 * ```
 */
export function prepareGovernanceUndelegate(
  client: SdkBaseClient,
  parameters: PrepareGovernanceUndelegateParameters,
): Promise<PrepareGovernanceUndelegateReturnType> {
  return prepareCeloAccountOperation(client, parameters, delegationOperation("undelegate"));
}
