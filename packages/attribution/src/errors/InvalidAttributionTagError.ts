import { describeValue } from "@preflow/errors";
import { AttributionError } from "./AttributionError.js";

/**
 * Which tag rule was broken:
 * - `not-a-list`: the tags are not an array;
 * - `not-a-string`: a tag is not a string;
 * - `characters`: a tag has a character outside `[A-Za-z0-9_]` (after trimming);
 * - `too-long`: a tag is longer than 32 characters;
 * - `codes-too-long`: the joined code list (`sdk,...`, commas included) is longer than 255 bytes.
 *
 * @example
 * ```ts
 * import type { InvalidAttributionTagRule } from "@preflow/attribution";
 *
 * const rule: InvalidAttributionTagRule = "characters";
 * ```
 */
export type InvalidAttributionTagRule =
  | "not-a-list"
  | "not-a-string"
  | "characters"
  | "too-long"
  | "codes-too-long";

const ruleText: Record<InvalidAttributionTagRule, string> = {
  "not-a-list": "attribution tags must be an array of strings",
  "not-a-string": "every attribution tag must be a string",
  characters: "a tag may contain only the characters A-Z, a-z, 0-9 and _",
  "too-long": "a tag may be at most 32 characters long",
  "codes-too-long": "the joined code list (platform code and commas included) may be at most 255 bytes",
};

/**
 * Thrown by {@link normalizeAttributionTags}, {@link toAttributionCodes}, {@link buildAttributionSuffix} and
 * {@link appendSdkCalldataTag} (before any other work) when a tag breaks a rule. The message names the tag
 * and the rule; `details.rule` is one of {@link InvalidAttributionTagRule}.
 *
 * @example
 * ```ts
 * import { InvalidAttributionTagError, normalizeAttributionTags } from "@preflow/attribution";
 *
 * try {
 *   normalizeAttributionTags(["my-app"]);
 * } catch (error) {
 *   if (error instanceof InvalidAttributionTagError) {
 *     error.details.rule; // "characters"
 *     error.details.tag; // "my-app"
 *   }
 * }
 * ```
 */
export class InvalidAttributionTagError extends AttributionError<{
  /** The offending tag (or the whole value for `not-a-list`). */
  tag: unknown;
  /** Its position in the given list, when it has one. */
  index: number | undefined;
  rule: InvalidAttributionTagRule;
  /** For `codes-too-long`: the byte length the code list would have had. */
  length?: number | undefined;
}> {
  override readonly name: string = "InvalidAttributionTagError";

  constructor(parameters: {
    tag: unknown;
    index?: number | undefined;
    rule: InvalidAttributionTagRule;
    length?: number | undefined;
  }) {
    const { tag, index, rule, length } = parameters;
    const where = index === undefined ? "" : ` at index ${index}`;
    const subject =
      rule === "not-a-list" ? "attribution tags" : `attribution tag ${describeValue(tag)}${where}`;
    const size = length === undefined ? "" : ` (it would be ${length} bytes)`;
    super({
      message: `Invalid ${subject}: ${ruleText[rule]}${size}.`,
      code: "INVALID_ATTRIBUTION_TAG",
      details: length === undefined ? { tag, index, rule } : { tag, index, rule, length },
    });
  }
}
