/**
 * A short, printable preview of any value for an error message or a log line: strings quoted, bigints as
 * `1n`, functions as `a function`, objects as JSON; anything longer than `maxLength` (default 120) is cut
 * with `...`. Never throws (cyclic objects become `[object Object]`). Callers never pass secrets to it.
 *
 * @param value - The value to preview.
 * @param maxLength - The longest preview returned (default 120 characters).
 * @returns The preview.
 *
 * @example
 * ```ts
 * import { describeValue } from "@preflow/errors";
 *
 * describeValue("0x12"); // "\"0x12\""
 * describeValue(10n); // "10n"
 * describeValue("x".repeat(500)).length; // 120
 * ```
 */
export function describeValue(value: unknown, maxLength = 120): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = `${value}n`;
  else if (value === undefined) text = "undefined";
  else if (typeof value === "function") text = "a function";
  else if (typeof value === "symbol") text = value.toString();
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > maxLength ? `${text.slice(0, Math.max(0, maxLength - 3))}...` : text;
}
