import type { Hex } from "../types.js";

const hexPattern = /^0x[0-9a-fA-F]*$/;

/** True for an even-length `0x`-prefixed hex string (any letter case). Never throws. */
export function isHexData(value: unknown): value is Hex {
  return typeof value === "string" && (value.length & 1) === 0 && hexPattern.test(value);
}

/**
 * True for a string that starts with `0x` and has an even length: the cheap shape check of the decoders,
 * which then validate only the bytes they read (see {@link byteAt}).
 */
export function isHexShaped(value: unknown): value is string {
  return (
    typeof value === "string" &&
    (value.length & 1) === 0 &&
    value.charCodeAt(0) === 48 &&
    value.charCodeAt(1) === 120
  );
}

/** Nibble value per char code below 128, -1 for a character that is not a hex digit. */
const nibbles = /*#__PURE__*/ (() => {
  const table = new Int8Array(128).fill(-1);
  for (let digit = 0; digit < 10; digit++) table[48 + digit] = digit;
  for (let letter = 0; letter < 6; letter++) {
    table[65 + letter] = 10 + letter;
    table[97 + letter] = 10 + letter;
  }
  return table;
})();

/**
 * The byte at byte index `index` of `0x`-prefixed `data` (the index must be in range), or -1 when its two
 * characters are not hex digits.
 */
export function byteAt(data: string, index: number): number {
  const position = 2 + index * 2;
  const high = data.charCodeAt(position);
  const low = data.charCodeAt(position + 1);
  if ((high | low) > 127) return -1;
  const value = (nibbles[high]! << 4) | nibbles[low]!;
  return value < 0 ? -1 : value;
}

let decoder: TextDecoder | undefined;

/**
 * Decodes bytes `[start, end)` of `data` as UTF-8 text (the decoding of ox's `Hex.toString`) and splits it on
 * `,` the way ox's `Attribution.fromData` does (empty text gives `[]`). Returns `null` when a byte is not hex.
 */
export function readCodes(data: string, start: number, end: number): string[] | null {
  const codes: string[] = [];
  let code = "";
  for (let index = start; index < end; index++) {
    const byte = byteAt(data, index);
    if (byte < 0) return null;
    if (byte >= 0x80) return readCodesUtf8(data, start, end);
    if (byte === 0x2c) {
      codes.push(code);
      code = "";
    } else code += String.fromCharCode(byte);
  }
  if (end > start) codes.push(code);
  return codes;
}

function readCodesUtf8(data: string, start: number, end: number): string[] | null {
  const bytes = new Uint8Array(end - start);
  for (let index = start; index < end; index++) {
    const byte = byteAt(data, index);
    if (byte < 0) return null;
    bytes[index - start] = byte;
  }
  decoder ??= new TextDecoder();
  const text = decoder.decode(bytes);
  return text.length > 0 ? text.split(",") : [];
}

/** Hex digits (no `0x`) of an ASCII string; the input is known to be ASCII. */
export function asciiToHexDigits(text: string): string {
  let hex = "";
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    hex += (code < 16 ? "0" : "") + code.toString(16);
  }
  return hex;
}
