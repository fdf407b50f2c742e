import { SdkError, type SdkErrorDetails, type SdkErrorParameters } from "@preflow/errors";

/**
 * The stable codes of the errors `@preflow/tools` itself throws (tool results carry them as `error.code`).
 *
 * @example
 * ```ts
 * import type { ToolsErrorCode } from "@preflow/tools";
 * const code: ToolsErrorCode = "POLICY_VIOLATION";
 * ```
 */
export type ToolsErrorCode =
  | "INVALID_PRIVATE_KEY"
  | "INVALID_KEYSTORE"
  | "KEYSTORE_PASSWORD_INVALID"
  | "KEYSTORE_LOCKED"
  | "SIGNER_NOT_CONFIGURED"
  | "UNKNOWN_TOOL"
  | "UNKNOWN_ARGUMENT"
  | "INVALID_ARGUMENT"
  | "INVALID_CONFIG"
  | "INVALID_POLICY"
  | "POLICY_VIOLATION"
  | "TOOL_TIMEOUT"
  | "FLOW_NOT_FOUND"
  | "FEE_CURRENCY_MISMATCH"
  | "APPROVAL_REQUIRED"
  | "APPROVAL_DECLINED"
  | "APPROVAL_EXPIRED"
  | "APPROVAL_CODE_MISMATCH"
  | "APPROVAL_REUSED"
  | "APPROVAL_FLOW_CHANGED"
  | "STORE_UNAVAILABLE"
  | "FETCH_TARGET_REFUSED"
  | "BUDGET_TOP_UP_FAILED";

/**
 * The base of every error of `@preflow/tools`: an `SdkError` (the SDK's one root) with a {@link ToolsErrorCode}.
 *
 * @example
 * ```ts
 * import { SdkError } from "@preflow/errors";
 * import { ToolsError } from "@preflow/tools";
 *
 * function isOurs(error: unknown): boolean {
 *   return error instanceof ToolsError && error instanceof SdkError;
 * }
 * ```
 */
export class ToolsError<
  code extends ToolsErrorCode = ToolsErrorCode,
  details extends SdkErrorDetails = SdkErrorDetails,
> extends SdkError<code, details> {
  override readonly name: string = "ToolsError";

  constructor(parameters: SdkErrorParameters<code, details>) {
    super(parameters);
  }
}

/** Quotes a value for a message: JSON, cut to `max` characters. Never used on secrets. @internal */
export function preview(value: unknown, max = 80): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
