import { suffixFor } from "./internal/suffixCache.js";
import type { NormalizeAttributionTagsParameters } from "./normalizeAttributionTags.js";
import type { Hex } from "./types.js";

/**
 * The tags to build a suffix for (see {@link normalizeAttributionTags}); `undefined` gives the platform code only.
 *
 * @example
 * ```ts
 * import type { BuildAttributionSuffixParameters } from "@preflow/attribution";
 *
 * const tags: BuildAttributionSuffixParameters = ["myapp"];
 * ```
 */
export type BuildAttributionSuffixParameters = NormalizeAttributionTagsParameters;

/**
 * The ERC-8021 Schema 0 suffix, lowercase hex: `codes ‖ codesLength (1 byte) ‖ 0x00 ‖ marker`.
 *
 * @example
 * ```ts
 * import type { BuildAttributionSuffixReturnType } from "@preflow/attribution";
 *
 * const suffix: BuildAttributionSuffixReturnType = "0x73646b030080218021802180218021802180218021";
 * ```
 */
export type BuildAttributionSuffixReturnType = Hex;

/**
 * Builds the ERC-8021 Schema 0 suffix for the codes of `tags`, that is `sdk` followed by the normalized,
 * lowercased custom tags ({@link toAttributionCodes}). Byte for byte what ox's
 * `Attribution.toDataSuffix({ codes })` returns (it is built with it, once per distinct tag list).
 *
 * @throws {InvalidAttributionTagError} under the rules of {@link normalizeAttributionTags}.
 *
 * @example
 * ```ts
 * import { buildAttributionSuffix } from "@preflow/attribution";
 *
 * buildAttributionSuffix(["MyApp"]);
 * // "0x73646b2c6d796170700900" + "80218021802180218021802180218021"  (codes "sdk,myapp")
 * ```
 */
export function buildAttributionSuffix(
  tags?: BuildAttributionSuffixParameters,
): BuildAttributionSuffixReturnType {
  return `0x${suffixFor(tags).digits}`;
}
