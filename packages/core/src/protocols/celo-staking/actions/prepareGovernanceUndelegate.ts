import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { delegationOperation } from "../delegation.js";
import { type CeloGovernanceActionErrorType, celoAccountAction } from "../operation.js";
import type { PrepareGovernanceDelegateParameters } from "./prepareGovernanceDelegate.js";

/**
 * Parameters of {@link prepareGovernanceUndelegate}: those of {@link prepareGovernanceDelegate} (`to` is the
 * delegatee to take back from). Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGovernanceUndelegateParameters } from "@preflow/core";
 * const parameters: PrepareGovernanceUndelegateParameters = { from, to: "0x2222222222222222222222222222222222222222", percent: "50" };
 * ```
 */
export type PrepareGovernanceUndelegateParameters = PrepareGovernanceDelegateParameters;

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
export type PrepareGovernanceUndelegateErrorType = CeloGovernanceActionErrorType;

/**
 * Prepares taking back a percentage of governance voting power delegated to `to`
 * (`LockedGold.revokeDelegatedGovernanceVotes`). Refused when the account delegates less than that to `to`
 * (`not-delegated`, with what it delegates).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareGovernanceUndelegateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGovernanceUndelegate } from "@preflow/core";
 * const flow = await prepareGovernanceUndelegate(createSdkBaseClient(), { from, to, percent: "50" });
 * ```
 */
export const prepareGovernanceUndelegate = celoAccountAction<PrepareGovernanceUndelegateParameters>(
  delegationOperation("undelegate"),
);
