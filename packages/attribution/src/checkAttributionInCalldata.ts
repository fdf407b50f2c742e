import { SDK_PLATFORM_CODE } from "./constants.js";
import { isHexShaped } from "./internal/hex.js";
import { locateSuffix } from "./internal/parseSuffix.js";

/**
 * What {@link checkAttributionInCalldata} found.
 *
 * @example
 * ```ts
 * import type { CheckAttributionInCalldataReturnType } from "@preflow/attribution";
 *
 * const result: CheckAttributionInCalldataReturnType = { found: true, tags: ["myapp"], platform: true, matched: true };
 * ```
 */
export type CheckAttributionInCalldataReturnType = {
  /** `true` when `data` ends with an ERC-8021 code-list suffix (Schema 0 or Schema 1). */
  found: boolean;
  /** The custom codes as written on chain (normally lowercase), in order, with the platform code removed. */
  tags: string[];
  /** `true` when the platform code `sdk` (any case) is among the codes. */
  platform: boolean;
  /**
   * Present only when a `tag` was given: `true` when it is among `tags`, compared case-insensitively after
   * trimming (`"sdk"` matches the platform code).
   */
  matched?: boolean;
};

/**
 * Checks calldata for ERC-8021 attribution: reads the trailing Schema 0 or Schema 1 suffix and reports its
 * custom codes, whether the platform code `sdk` is there and, when `tag` is given, whether that tag is.
 *
 * Made for untrusted input: it never throws. Anything that is not a `0x`-prefixed string of even length, or
 * carries no valid code-list suffix, gives `found: false`. Like the ERC's reader, it reads from the end and
 * looks only at the suffix's bytes (which must be hex digits), so its cost does not grow with the calldata. Schema 2 (CBOR) suffixes carry no code list and also give
 * `found: false`; read them with {@link verifyAttributionInCalldata}, as well as historical `SDK|...` layers.
 * Importing only this function bundles to well under 2 KB (no ox code is pulled in).
 *
 * @param data - The calldata (hex string).
 * @param tag - Optional tag to look for, case-insensitively.
 *
 * @example
 * ```ts
 * import { appendSdkCalldataTag, checkAttributionInCalldata } from "@preflow/attribution";
 *
 * const data = appendSdkCalldataTag("0xa9059cbb", ["MyApp", "builder_0123456789ab"]);
 * checkAttributionInCalldata(data, "MYAPP");
 * // { found: true, tags: ["myapp", "builder_0123456789ab"], platform: true, matched: true }
 * checkAttributionInCalldata("0xa9059cbb");
 * // { found: false, tags: [], platform: false }
 * ```
 */
export function checkAttributionInCalldata(data: string, tag?: string): CheckAttributionInCalldataReturnType {
  const located = isHexShaped(data) ? locateSuffix(data) : null;
  const tags: string[] = [];
  let platform = false;
  if (located !== null && located.schemaId !== 2) {
    for (const code of located.codes) {
      if (code.length === 3 && code.toLowerCase() === SDK_PLATFORM_CODE) platform = true;
      else tags.push(code);
    }
  }
  const result: CheckAttributionInCalldataReturnType = {
    found: located !== null && located.schemaId !== 2,
    tags,
    platform,
  };
  if (tag !== undefined) {
    const wanted = typeof tag === "string" ? tag.trim().toLowerCase() : undefined;
    result.matched =
      wanted !== undefined &&
      wanted !== "" &&
      (wanted === SDK_PLATFORM_CODE ? platform : tags.some((code) => code.toLowerCase() === wanted));
  }
  return result;
}
