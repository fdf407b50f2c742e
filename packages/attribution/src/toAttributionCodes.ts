import { SDK_PLATFORM_CODE } from "./constants.js";
import {
  type NormalizeAttributionTagsParameters,
  normalizeAttributionTags,
} from "./normalizeAttributionTags.js";

/**
 * The tags to turn into on-chain codes (see {@link normalizeAttributionTags}).
 *
 * @example
 * ```ts
 * import type { ToAttributionCodesParameters } from "@preflow/attribution";
 *
 * const tags: ToAttributionCodesParameters = ["MyApp"];
 * ```
 */
export type ToAttributionCodesParameters = NormalizeAttributionTagsParameters;

/**
 * The ERC-8021 Schema 0 code list as written on chain: `sdk` first, then the normalized tags in lowercase.
 *
 * @example
 * ```ts
 * import type { ToAttributionCodesReturnType } from "@preflow/attribution";
 *
 * const codes: ToAttributionCodesReturnType = ["sdk", "myapp"];
 * ```
 */
export type ToAttributionCodesReturnType = [typeof SDK_PLATFORM_CODE, ...string[]];

/**
 * Turns tags into the on-chain code list (specification 6.1 and 6.2): the platform code `sdk` first, then
 * the normalized custom tags, lowercased (ERC-8021 codes are written lowercase even though
 * {@link normalizeAttributionTags} uppercases app tags).
 *
 * @throws {InvalidAttributionTagError} under the rules of {@link normalizeAttributionTags}.
 *
 * @example
 * ```ts
 * import { toAttributionCodes } from "@preflow/attribution";
 *
 * toAttributionCodes(["MyApp", "sdk", "builder_0123456789ab", "myapp"]);
 * // ["sdk", "myapp", "builder_0123456789ab"]
 * toAttributionCodes(undefined); // ["sdk"]
 * ```
 */
export function toAttributionCodes(tags?: ToAttributionCodesParameters): ToAttributionCodesReturnType {
  const codes: ToAttributionCodesReturnType = [SDK_PLATFORM_CODE];
  for (const tag of normalizeAttributionTags(tags)) codes.push(tag.toLowerCase());
  return codes;
}
