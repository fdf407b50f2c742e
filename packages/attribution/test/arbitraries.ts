import fc from "fast-check";
import { Hex } from "ox";
import type { Hex as HexString } from "../src/types.js";

export const marker = "80218021802180218021802180218021";

/** A valid tag (before normalization): letters, digits, underscores, maybe padded with spaces. */
export const validTag: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{1,32}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^builder_[0-9a-fA-F]{12}$/) },
  { weight: 1, arbitrary: fc.constantFrom("sdk", "SDK", "Sdk", "", "  ", " padded ") },
);

/** Lists of valid tags that always fit in 255 bytes (7 × 33 + 3 = 234). */
export const validTags: fc.Arbitrary<string[]> = fc.array(validTag, { maxLength: 7 });

/** Any bytes as hex. */
export const anyHex: fc.Arbitrary<HexString> = fc
  .uint8Array({ maxLength: 200 })
  .map((bytes) => Hex.fromBytes(bytes) as HexString);

/** Calldata that does not end with the ERC-8021 marker. */
export const plainCalldata: fc.Arbitrary<HexString> = anyHex.filter((data) => !data.endsWith(marker));

const byteHex = fc.integer({ min: 0, max: 255 }).map((byte) => byte.toString(16).padStart(2, "0"));

/**
 * Hostile inputs: random hex of random length and case, random bytes with a marker and random (lying)
 * schema id and length bytes, real suffixes with a corrupted length, odd lengths, non-hex characters,
 * and non-strings.
 */
export const hostileInput: fc.Arbitrary<unknown> = fc.oneof(
  anyHex,
  anyHex.map((data) => data.toUpperCase().replace("0X", "0x")),
  fc
    .tuple(anyHex, fc.constantFrom(0, 1, 2, 3, 255), byteHex, byteHex, fc.boolean())
    .map(([data, schemaId, lengthByte, extra, withExtra]) => {
      const schema = schemaId.toString(16).padStart(2, "0");
      return `${data}${withExtra ? extra : ""}${lengthByte}${schema}${marker}`;
    }),
  fc
    .tuple(
      anyHex,
      fc.array(fc.stringMatching(/^[a-z0-9_,|\u00e9]{0,12}$/), { maxLength: 5 }),
      byteHex,
      fc.constantFrom("00", "01"),
    )
    .map(
      ([data, codes, lengthByte, schema]) =>
        `${data}${Hex.fromString(codes.join(",")).slice(2)}${lengthByte}${schema}${marker}`,
    ),
  fc
    .tuple(anyHex, fc.integer({ min: 0, max: 40 }), byteHex)
    .map(([data, count, byte]) => `${data}${byte.repeat(count)}${marker}`),
  anyHex.map((data) => `${data}${marker}`.slice(0, -1)),
  fc.string({ maxLength: 60 }),
  fc.string({ maxLength: 60 }).map((text) => `0x${text}`),
  fc.constantFrom(
    undefined,
    null,
    0,
    1n,
    {},
    [],
    "0x",
    "0X",
    "",
    "0x0",
    marker,
    `0x${marker}`,
    `0x00${marker}`,
  ),
);
