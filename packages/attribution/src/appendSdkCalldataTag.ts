import { MAX_ATTRIBUTION_CODES_LENGTH, SDK_PLATFORM_CODE } from "./constants.js";
import { InvalidAttributionTagError } from "./errors/InvalidAttributionTagError.js";
import { InvalidCalldataError } from "./errors/InvalidCalldataError.js";
import { asciiToHexDigits, byteAt, isHexData } from "./internal/hex.js";
import { locateSuffix, markerDigits } from "./internal/parseSuffix.js";
import { type SuffixEntry, suffixFor } from "./internal/suffixCache.js";
import type { NormalizeAttributionTagsParameters } from "./normalizeAttributionTags.js";
import type { Hex } from "./types.js";

/**
 * The custom tags to append (see {@link normalizeAttributionTags}); `undefined` or `[]` tags with the
 * platform code only.
 *
 * @example
 * ```ts
 * import type { AppendSdkCalldataTagParameters } from "@preflow/attribution";
 *
 * const tags: AppendSdkCalldataTagParameters = ["myapp"];
 * ```
 */
export type AppendSdkCalldataTagParameters = NormalizeAttributionTagsParameters;

/**
 * `data` followed by exactly one ERC-8021 Schema 0 suffix whose first code is `sdk`.
 *
 * @example
 * ```ts
 * import type { AppendSdkCalldataTagReturnType } from "@preflow/attribution";
 *
 * const tagged: AppendSdkCalldataTagReturnType = "0xa9059cbb73646b030080218021802180218021802180218021";
 * ```
 */
export type AppendSdkCalldataTagReturnType = Hex;

/**
 * Tags calldata (specification 6.1): returns `data` with the ERC-8021 Schema 0 suffix for
 * `["sdk", ...custom codes]` ({@link toAttributionCodes}) appended.
 *
 * - **Idempotent:** appending the same tags again returns the same string.
 * - **Never stacks:** when `data` already ends with a Schema 0 suffix whose first code is `sdk` (any case),
 *   that suffix is replaced by one carrying the union of both code lists, existing codes first (kept byte
 *   for byte), new codes after, compared case-insensitively. If nothing is new, `data` is returned as is.
 * - A trailing ERC-8021 suffix of someone else (Schema 0 with another first code, Schema 1 or 2) is kept
 *   and the `sdk` suffix is appended after it; ERC-8021 readers then see the `sdk` suffix.
 * - The suffix for a tag list is built once and cached (a small bounded map), so tagging many steps with
 *   the same tags costs a string concatenation.
 *
 * `data` keeps its letter case; the suffix is lowercase.
 *
 * @throws {InvalidAttributionTagError} first, when a tag breaks a rule of {@link normalizeAttributionTags} or
 * the merged code list would be longer than 255 bytes.
 * @throws {InvalidCalldataError} when `data` is not an even-length `0x`-prefixed hex string.
 *
 * @example
 * ```ts
 * import { appendSdkCalldataTag } from "@preflow/attribution";
 *
 * const transfer = "0xa9059cbb"; // plus arguments
 * const tagged = appendSdkCalldataTag(transfer, ["MyApp"]); // codes "sdk,myapp"
 * appendSdkCalldataTag(tagged, ["myapp"]) === tagged; // true (idempotent)
 * appendSdkCalldataTag(tagged, ["partner"]); // one suffix with codes "sdk,myapp,partner"
 * ```
 */
export function appendSdkCalldataTag(
  data: Hex,
  tags?: AppendSdkCalldataTagParameters,
): AppendSdkCalldataTagReturnType {
  const entry = suffixFor(tags);
  if (!isHexData(data)) throw new InvalidCalldataError({ data });
  if (!data.endsWith(markerDigits)) return `${data}${entry.digits}`;
  return merge(data, entry);
}

function merge(data: Hex, entry: SuffixEntry): Hex {
  const located = locateSuffix(data);
  if (located === null || located.schemaId !== 0 || located.codes[0]?.toLowerCase() !== SDK_PLATFORM_CODE)
    return `${data}${entry.digits}`;
  const present = new Set(located.codes.map((code) => code.toLowerCase()));
  const size = (data.length - 2) >> 1;
  const codesEnd = size - 18;
  let codesLength = byteAt(data, codesEnd);
  let added = "";
  for (const code of entry.customCodes) {
    if (present.has(code)) continue;
    present.add(code);
    codesLength += 1 + code.length;
    if (codesLength > MAX_ATTRIBUTION_CODES_LENGTH)
      throw new InvalidAttributionTagError({ tag: code, rule: "codes-too-long", length: codesLength });
    added += `,${code}`;
  }
  if (added === "") return data;
  const existingDigits = data.slice(2 + located.start * 2, 2 + codesEnd * 2);
  const lengthDigits = (codesLength < 16 ? "0" : "") + codesLength.toString(16);
  return `${data.slice(0, 2 + located.start * 2)}${existingDigits}${asciiToHexDigits(added)}${lengthDigits}00${markerDigits}` as Hex;
}
