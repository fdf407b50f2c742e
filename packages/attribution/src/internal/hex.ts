import type { Hex } from "../types.js";

const hexPattern = /^0x[0-9a-fA-F]*$/;

/** True for an even-length `0x`-prefixed hex string (any letter case). Never throws. */
export function isHexData(value: unknown): value is Hex {
  return typeof value === "string" && (value.length & 1) === 0 && hexPattern.test(value);
}

/** The value of one hex digit's char code; the input is known to be a hex digit. */
function nibble(charCode: number): number {
  return charCode <= 57 ? charCode - 48 : (charCode | 32) - 87;
}

/** The byte at byte index `index` of validated hex `data`. */
export function byteAt(data: string, index: number): number {
  const position = 2 + index * 2;
  return (nibble(data.charCodeAt(position)) << 4) | nibble(data.charCodeAt(position + 1));
}

let decoder: TextDecoder | undefined;

/** Decodes bytes `[start, end)` of validated hex `data` as UTF-8 (the same decoding as ox's `Hex.toString`). */
export function bytesToText(data: string, start: number, end: number): string {
  let text = "";
  for (let index = start; index < end; index++) {
    const byte = byteAt(data, index);
    if (byte >= 0x80) return bytesToTextSlow(data, start, end);
    text += String.fromCharCode(byte);
  }
  return text;
}

function bytesToTextSlow(data: string, start: number, end: number): string {
  const bytes = new Uint8Array(end - start);
  for (let index = start; index < end; index++) bytes[index - start] = byteAt(data, index);
  decoder ??= new TextDecoder();
  return decoder.decode(bytes);
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
