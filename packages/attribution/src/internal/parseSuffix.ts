import type { Address } from "../types.js";
import { byteAt, readCodes } from "./hex.js";

/** Hex digits of the ERC-8021 marker; made of the digits 8, 0, 2 and 1 only, so letter case never matters. */
export const markerDigits = "80218021802180218021802180218021";
const markerSize = 16;
const hexDigits = /^[0-9a-fA-F]*$/;

/** A trailing ERC-8021 suffix located in calldata. `start` is the byte index where it begins. */
export type LocatedSuffix =
  | { schemaId: 0; codes: string[]; start: number }
  | { schemaId: 1; codes: string[]; codeRegistry: { address: Address; chainId: number }; start: number }
  /** Schema 2 (CBOR) is located here (its bytes checked to be hex) but decoded by ox's `Attribution.fromData`. */
  | { schemaId: 2; start: number };

/**
 * Finds the trailing ERC-8021 suffix of `data` (schemas 0, 1 and 2), reading from the end as the ERC
 * describes. `data` must be `0x`-prefixed with an even length (see `isHexShaped`); only the bytes of the
 * suffix are read, and they must be hex digits. Returns `null` when there is no suffix, the schema id is
 * unknown, a length byte points before the start of `data`, or a byte read is not hex. Agrees with ox's
 * `Attribution.fromData` on schemas 0 and 1 of hex input (ox gives an imprecise number where this returns
 * `null` for a Schema 1 chain id beyond 2^53). Never throws.
 */
export function locateSuffix(data: string): LocatedSuffix | null {
  const size = (data.length - 2) >> 1;
  if (size < markerSize + 2 || !data.endsWith(markerDigits)) return null;
  const schemaId = byteAt(data, size - markerSize - 1);
  if (schemaId === 2) {
    if (size < markerSize + 3) return null;
    const high = byteAt(data, size - markerSize - 3);
    const low = byteAt(data, size - markerSize - 2);
    if (high < 0 || low < 0) return null;
    const start = size - markerSize - 3 - ((high << 8) | low);
    return start < 0 || !hexDigits.test(data.slice(2 + start * 2)) ? null : { schemaId: 2, start };
  }
  if (schemaId !== 0 && schemaId !== 1) return null;
  const codesEnd = size - markerSize - 2;
  const codesLength = byteAt(data, codesEnd);
  const codesStart = codesEnd - codesLength;
  if (codesLength < 0 || codesStart < 0) return null;
  const codes = readCodes(data, codesStart, codesEnd);
  if (codes === null) return null;
  if (schemaId === 0) return { schemaId: 0, codes, start: codesStart };

  // Schema 1: codeRegistryAddress (20) ‖ chainId ‖ chainIdLength (1) ‖ codes ‖ codesLength ‖ 0x01 ‖ marker
  if (codesStart < 21) return null;
  const chainIdLength = byteAt(data, codesStart - 1);
  if (chainIdLength <= 0 || codesStart < 21 + chainIdLength) return null;
  const chainIdStart = codesStart - 1 - chainIdLength;
  let chainId = 0;
  for (let index = chainIdStart; index < codesStart - 1; index++) {
    const byte = byteAt(data, index);
    if (byte < 0) return null;
    chainId = chainId * 256 + byte;
    if (chainId > Number.MAX_SAFE_INTEGER) return null;
  }
  const start = chainIdStart - 20;
  const address = data.slice(2 + start * 2, 2 + chainIdStart * 2);
  if (!hexDigits.test(address)) return null;
  return { schemaId: 1, codes, codeRegistry: { address: `0x${address}`, chainId }, start };
}
