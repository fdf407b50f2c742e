import { SdkError } from "@preflow/errors";

/**
 * The stable `code` of every error `@preflow/budget` throws on purpose.
 *
 * - `BUDGET_EXCEEDED`: the flow moves more of a token than is left of the budget this period.
 * - `BUDGET_RECIPIENT_NOT_ALLOWED`: the flow pays an address the budget does not list.
 * - `BUDGET_EXPIRED`: the budget's `validUntil` has passed (chain time).
 * - `BUDGET_REVOKED`: the owner disabled the delegation on chain.
 * - `BUDGET_FLOW_NOT_COVERED`: a step is not a transfer of a budgeted token from the owner (or the flow is not
 *   the owner's); the message says what the grant allows.
 * - `BUDGET_OWNER_NOT_READY`: the owner's account no longer delegates to the framework's EIP-7702 delegator, so
 *   no redemption can work.
 * - `BUDGET_DELEGATE_CONFLICT`: the owner's EOA delegates (EIP-7702) to another contract and the grant did not
 *   ask to switch.
 * - `BUDGET_OWNER_CANNOT_UPGRADE`: the owner's EOA is not upgraded and its signer cannot sign an EIP-7702
 *   authorization (most injected wallets): upgrade it in the wallet first.
 * - `BUDGET_INVALID`: a budget value is not one this package produced (shape, caveats not matching its plain
 *   fields, wrong chain).
 * - `BUDGET_GRANT_DECLINED`: the grant's `confirm` said no; nothing was signed.
 * - `BUDGET_READ_FAILED`: a read of the framework's contracts reverted (not deployed on this chain?).
 *
 * @example
 * ```ts
 * import type { BudgetErrorCode } from "@preflow/budget";
 * const refusal: BudgetErrorCode = "BUDGET_EXCEEDED";
 * ```
 */
export type BudgetErrorCode =
  | "BUDGET_EXCEEDED"
  | "BUDGET_RECIPIENT_NOT_ALLOWED"
  | "BUDGET_EXPIRED"
  | "BUDGET_REVOKED"
  | "BUDGET_FLOW_NOT_COVERED"
  | "BUDGET_OWNER_NOT_READY"
  | "BUDGET_DELEGATE_CONFLICT"
  | "BUDGET_OWNER_CANNOT_UPGRADE"
  | "BUDGET_INVALID"
  | "BUDGET_READ_FAILED"
  | "BUDGET_GRANT_DECLINED";

/**
 * Every error `@preflow/budget` throws on purpose. Extends `SdkError` (`code`, `details`, `toJSON()`); a refusal
 * of a flow is thrown before anything is signed, and its `details.allows` says what the grant allows. Never
 * carries a key.
 *
 * @example
 * ```ts
 * import { BudgetError } from "@preflow/budget";
 * try {
 *   await executeWithBudget(client, { budget, agent, flow });
 * } catch (error) {
 *   if (error instanceof BudgetError && error.code === "BUDGET_EXCEEDED") console.error(error.details.allows);
 * }
 * ```
 */
export class BudgetError extends SdkError<BudgetErrorCode> {
  override readonly name: string = "BudgetError";

  constructor(parameters: {
    code: BudgetErrorCode;
    message: string;
    details?: Record<string, unknown>;
    cause?: unknown;
  }) {
    const { code, message, details, cause } = parameters;
    super({ code, message, details: details ?? {}, ...(cause === undefined ? {} : { cause }) });
  }
}
