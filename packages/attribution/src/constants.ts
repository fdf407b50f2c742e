/**
 * The platform attribution code. It is always the first ERC-8021 code this package writes, and it is never
 * repeated as a custom code.
 *
 * @example
 * ```ts
 * import { SDK_PLATFORM_CODE, toAttributionCodes } from "@preflow/attribution";
 *
 * toAttributionCodes(["myapp"])[0] === SDK_PLATFORM_CODE; // true
 * ```
 */
export const SDK_PLATFORM_CODE = "sdk" as const;

/**
 * The 16-byte ERC-8021 marker that ends every attribution suffix.
 *
 * @example
 * ```ts
 * import { ERC8021_MARKER } from "@preflow/attribution";
 *
 * "0x62617365617070070080218021802180218021802180218021".endsWith(ERC8021_MARKER.slice(2)); // true
 * ```
 */
export const ERC8021_MARKER = "0x80218021802180218021802180218021" as const;

/**
 * The longest custom tag accepted, in characters (Celo's registry convention `[a-z0-9_]{1,32}`).
 *
 * @example
 * ```ts
 * import { MAX_ATTRIBUTION_TAG_LENGTH } from "@preflow/attribution";
 *
 * "a".repeat(MAX_ATTRIBUTION_TAG_LENGTH + 1); // rejected by normalizeAttributionTags
 * ```
 */
export const MAX_ATTRIBUTION_TAG_LENGTH = 32;

/**
 * The longest Schema 0 code list, in bytes, commas included (`codesLength` is one byte).
 *
 * @example
 * ```ts
 * import { MAX_ATTRIBUTION_CODES_LENGTH, toAttributionCodes } from "@preflow/attribution";
 *
 * toAttributionCodes(["myapp"]).join(",").length <= MAX_ATTRIBUTION_CODES_LENGTH; // true
 * ```
 */
export const MAX_ATTRIBUTION_CODES_LENGTH = 255;
