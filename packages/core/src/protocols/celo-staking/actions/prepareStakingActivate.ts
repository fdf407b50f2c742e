import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { CeloActionParameters, CeloStakingActionErrorType } from "../operation.js";
import { celoStakingAction } from "../operation.js";
import { activateOperation } from "../stakingOperations.js";

/**
 * Parameters of {@link prepareStakingActivate}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateParameters } from "@preflow/core";
 * const parameters: PrepareStakingActivateParameters = { from };
 * ```
 */
export interface PrepareStakingActivateParameters extends CeloActionParameters {
  /** Only this group; every group with activatable pending votes when omitted. */
  group?: string | undefined;
}

/**
 * The return type of {@link prepareStakingActivate}: one `Election.activate(group)` per group, intent
 * `{ kind: "activate", groups }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateReturnType } from "@preflow/core";
 * const flow: PrepareStakingActivateReturnType = await client.staking.prepareActivate(from);
 * ```
 */
export type PrepareStakingActivateReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingActivate} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingActivateErrorType = CeloStakingActionErrorType;

/**
 * Prepares activating pending votes (cast in an earlier epoch) for `group`, or for every group that has some.
 * Refused when there is nothing to activate (`nothing-to-activate`; pending votes cast in this epoch activate
 * from the next).
 *
 * HTTP requests: 1, for every fee currency (`"auto"` included).
 *
 * @throws {@link PrepareStakingActivateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingActivate } from "@preflow/core";
 * const flow = await prepareStakingActivate(createSdkBaseClient(), { from });
 * ```
 */
export const prepareStakingActivate = celoStakingAction<PrepareStakingActivateParameters>(activateOperation);
