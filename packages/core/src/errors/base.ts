// The root of every preflow error lives at the bottom of the package graph (`@preflow/attribution`); core
// re-exports it so `import { SdkError } from "@preflow/core"` keeps working.
export {
  SdkError,
  type SdkErrorDetails,
  type SdkErrorJson,
  type SdkErrorParameters,
} from "@preflow/attribution";

/** Quotes a user value for a message, shortening very long values. @internal */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = `${value}n`;
  else if (value === undefined) text = "undefined";
  else if (typeof value === "function") text = "a function";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * The `details` and `cause` of an {@link SdkError} (the constructor's parameters without `code` and `message`).
 *
 * @example
 * ```ts
 * import type { SdkErrorOptions } from "@preflow/core";
 * const options: SdkErrorOptions = { details: { field: "amount" } };
 * ```
 */
export type SdkErrorOptions = Omit<import("@preflow/attribution").SdkErrorParameters, "code" | "message">;
