import { MAX_ATTRIBUTION_CODES_LENGTH, MAX_ATTRIBUTION_TAG_LENGTH, SDK_PLATFORM_CODE } from "./constants.js";
import { InvalidAttributionTagError } from "./errors/InvalidAttributionTagError.js";

/**
 * Tags as the app gives them: strings; `undefined` means no tags.
 *
 * @example
 * ```ts
 * import type { NormalizeAttributionTagsParameters } from "@preflow/attribution";
 *
 * const tags: NormalizeAttributionTagsParameters = ["myapp", "builder_0123456789ab"];
 * ```
 */
export type NormalizeAttributionTagsParameters = readonly string[] | undefined;

/**
 * The normalized tags: app tags uppercased, builder tags lowercased, no empties, no platform code, no
 * duplicates, in first-seen order.
 *
 * @example
 * ```ts
 * import type { NormalizeAttributionTagsReturnType } from "@preflow/attribution";
 *
 * const tags: NormalizeAttributionTagsReturnType = ["MYAPP"];
 * ```
 */
export type NormalizeAttributionTagsReturnType = string[];

const tagPattern = /^[A-Za-z0-9_]+$/;
const builderPattern = /^builder_[0-9a-f]{12}$/i;

/**
 * Normalizes attribution tags (specification 6.2 and 6.3):
 * trims each tag; drops empty tags; drops the platform code `sdk` in any letter case (it is always written
 * first by {@link toAttributionCodes}, never as a custom tag); keeps a builder tag `builder_<12 hex digits>`
 * lowercase (matched in any case); uppercases every other (app) tag; removes duplicates in first-seen order
 * (two tags are the same when their on-chain, lowercase codes are).
 *
 * @throws {InvalidAttributionTagError} before any other work when `tags` is not an array, a tag is not a
 * string, has a character outside `[A-Za-z0-9_]` after trimming, is longer than 32 characters, or when the
 * on-chain code list `sdk,<tag>,...` would be longer than 255 bytes.
 *
 * @example
 * ```ts
 * import { normalizeAttributionTags } from "@preflow/attribution";
 *
 * normalizeAttributionTags([" myApp ", "SDK", "", "builder_0123456789AB", "MYAPP", "partner_1"]);
 * // ["MYAPP", "builder_0123456789ab", "PARTNER_1"]
 * ```
 */
export function normalizeAttributionTags(
  tags: NormalizeAttributionTagsParameters,
): NormalizeAttributionTagsReturnType {
  if (tags === undefined) return [];
  if (!Array.isArray(tags)) throw new InvalidAttributionTagError({ tag: tags, rule: "not-a-list" });
  const normalized: string[] = [];
  const seen = new Set<string>();
  let codesLength = SDK_PLATFORM_CODE.length;
  for (let index = 0; index < tags.length; index++) {
    const tag: unknown = tags[index];
    if (typeof tag !== "string") throw new InvalidAttributionTagError({ tag, index, rule: "not-a-string" });
    const trimmed = tag.trim();
    if (trimmed === "") continue;
    if (!tagPattern.test(trimmed)) throw new InvalidAttributionTagError({ tag, index, rule: "characters" });
    if (trimmed.length > MAX_ATTRIBUTION_TAG_LENGTH)
      throw new InvalidAttributionTagError({ tag, index, rule: "too-long" });
    const code = trimmed.toLowerCase();
    if (code === SDK_PLATFORM_CODE || seen.has(code)) continue;
    seen.add(code);
    codesLength += 1 + code.length;
    if (codesLength > MAX_ATTRIBUTION_CODES_LENGTH)
      throw new InvalidAttributionTagError({ tag, index, rule: "codes-too-long", length: codesLength });
    normalized.push(builderPattern.test(trimmed) ? code : trimmed.toUpperCase());
  }
  return normalized;
}
