/** The device id used when no consuming package name can be found. */
export const FALLBACK_DEVICE_ID = "sdk";

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_WORD = /[^a-z0-9]+/;

/**
 * Turns a package name into a telemetry device id: lowercase ASCII words joined by single underscores.
 * Accents are folded (`é` → `e`), every other run of non-alphanumeric characters (scope `@`, `/`, `-`,
 * `.`, spaces) becomes one separator, and leading or trailing separators are dropped. A name with no
 * letters or digits at all gives the fallback `sdk`.
 *
 * @param packageName - A package name, e.g. the `name` field of a `package.json`.
 * @returns A string matching `/^[a-z0-9]+(_[a-z0-9]+)*$/`.
 *
 * @example
 * ```ts
 * import { sanitizeDeviceId } from "@preflow/telemetry";
 * sanitizeDeviceId("@acme/Pay-Bot"); // "acme_pay_bot"
 * sanitizeDeviceId("my.app v2");      // "my_app_v2"
 * sanitizeDeviceId("@/");             // "sdk"
 * ```
 */
export function sanitizeDeviceId(packageName: string): string {
  const words = String(packageName)
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .split(NOT_WORD)
    .filter((word) => word.length > 0);
  return words.length > 0 ? words.join("_") : FALLBACK_DEVICE_ID;
}
