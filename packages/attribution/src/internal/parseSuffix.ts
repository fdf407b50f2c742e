import type { Address } from "../types.js";
import { byteAt, bytesToText } from "./hex.js";

/** Hex digits of the ERC-8021 marker; made of the digits 8, 0, 2 and 1 only, so letter case never matters. */
export const markerDigits = "80218021802180218021802180218021";
const markerSize = 16;

/** A trailing ERC-8021 suffix located in validated hex data. `start` is the byte index where it begins. */
export type LocatedSuffix =
  | { schemaId: 0; codes: string[]; start: number }
  | { schemaId: 1; codes: string[]; codeRegistry: { address: Address; chainId: number }; start: number }
  /** Schema 2 (CBOR) is located here but decoded by ox's `Attribution.fromData`. */
  | { schemaId: 2; start: number };

/**
 * Finds the trailing ERC-8021 suffix of validated hex `data` (schemas 0, 1 and 2), reading from the end as
 * the ERC describes. Returns `null` when there is none, the schema id is unknown, or a length byte points
 * before the start of `data`. Agrees with ox's `Attribution.fromData` on schemas 0 and 1 (ox throws where
 * this returns `null` for a Schema 1 chain id beyond 2^53). Never throws.
 */
export function locateSuffix(data: string): LocatedSuffix | null {
  const size = (data.length - 2) >> 1;
  if (size < markerSize + 2 || !data.endsWith(markerDigits)) return null;
  const schemaId = byteAt(data, size - markerSize - 1);
  if (schemaId === 2) {
    if (size < markerSize + 3) return null;
    const cborLength = (byteAt(data, size - markerSize - 3) << 8) | byteAt(data, size - markerSize - 2);
    const start = size - markerSize - 3 - cborLength;
    return start < 0 ? null : { schemaId: 2, start };
  }
  if (schemaId !== 0 && schemaId !== 1) return null;
  const codesLength = byteAt(data, size - markerSize - 2);
  const codesEnd = size - markerSize - 2;
  const codesStart = codesEnd - codesLength;
  if (codesStart < 0) return null;
  const text = bytesToText(data, codesStart, codesEnd);
  const codes = text.length > 0 ? text.split(",") : [];
  if (schemaId === 0) return { schemaId: 0, codes, start: codesStart };

  // Schema 1: codeRegistryAddress (20) ‖ chainId ‖ chainIdLength (1) ‖ codes ‖ codesLength ‖ 0x01 ‖ marker
  if (codesStart < 21) return null;
  const chainIdLength = byteAt(data, codesStart - 1);
  if (chainIdLength === 0 || codesStart < 21 + chainIdLength) return null;
  const chainIdStart = codesStart - 1 - chainIdLength;
  let chainId = 0;
  for (let index = chainIdStart; index < codesStart - 1; index++) {
    chainId = chainId * 256 + byteAt(data, index);
    if (chainId > Number.MAX_SAFE_INTEGER) return null;
  }
  const start = chainIdStart - 20;
  const address = `0x${data.slice(2 + start * 2, 2 + chainIdStart * 2)}` as Address;
  return { schemaId: 1, codes, codeRegistry: { address, chainId }, start };
}
