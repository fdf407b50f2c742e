import { Attribution } from "ox/erc8021";
import { isHexShaped } from "./internal/hex.js";
import { locateSuffix } from "./internal/parseSuffix.js";
import type { Hex } from "./types.js";

/**
 * Calldata that may end with an ERC-8021 suffix. Anything else is returned unchanged.
 *
 * @example
 * ```ts
 * import type { StripAttributionSuffixParameters } from "@preflow/attribution";
 *
 * const data: StripAttributionSuffixParameters = "0xa9059cbb73646b030080218021802180218021802180218021";
 * ```
 */
export type StripAttributionSuffixParameters = Hex;

/**
 * `data` without its trailing ERC-8021 suffix.
 *
 * @example
 * ```ts
 * import type { StripAttributionSuffixReturnType } from "@preflow/attribution";
 *
 * const stripped: StripAttributionSuffixReturnType = "0xa9059cbb";
 * ```
 */
export type StripAttributionSuffixReturnType = Hex;

/**
 * Removes one trailing ERC-8021 suffix of any schema ox knows (0: canonical registry, 1: custom registry,
 * 2: CBOR) and returns the bytes before it, in the letter case given. Returns `data` unchanged when it has
 * no valid suffix (including when it is not `0x`-prefixed hex; only the suffix's bytes are read). Only the outermost suffix is removed; a legacy
 * `SDK|...` layer before it stays. Never throws.
 *
 * @example
 * ```ts
 * import { appendSdkCalldataTag, stripAttributionSuffix } from "@preflow/attribution";
 *
 * const data = "0xa9059cbb";
 * stripAttributionSuffix(appendSdkCalldataTag(data, ["myapp"])) === data; // true
 * stripAttributionSuffix("0x1234"); // "0x1234"
 * ```
 */
export function stripAttributionSuffix(
  data: StripAttributionSuffixParameters,
): StripAttributionSuffixReturnType {
  if (!isHexShaped(data)) return data;
  const located = locateSuffix(data);
  if (located === null) return data;
  if (located.schemaId === 2 && !isValidSchema2(`0x${data.slice(2 + located.start * 2)}`)) return data;
  return data.slice(0, 2 + located.start * 2) as Hex;
}

function isValidSchema2(data: Hex): boolean {
  try {
    return Attribution.fromData(data) !== undefined;
  } catch {
    return false;
  }
}
