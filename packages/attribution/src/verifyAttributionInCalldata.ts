import { Attribution } from "ox/erc8021";
import { byteAt, isHexShaped } from "./internal/hex.js";
import { locateSuffix } from "./internal/parseSuffix.js";
import type { Address, Hex } from "./types.js";

/**
 * The ERC-8021 layer of calldata, as written.
 *
 * @example
 * ```ts
 * import type { Erc8021Layer } from "@preflow/attribution";
 *
 * const layer: Erc8021Layer = { schemaId: 0, codes: ["sdk", "myapp"] };
 * ```
 */
export type Erc8021Layer = {
  /** 0: canonical registry, 1: custom registry, 2: CBOR. */
  schemaId: 0 | 1 | 2;
  /**
   * All codes in order, platform code included, as written. For Schema 2: `appCode`, `walletCode`, then
   * `serviceCodes`, those present.
   */
  codes: string[];
  /** Schema 1 only: the custom code registry (its address as written in the calldata). */
  codeRegistry?: { address: Address; chainId: number };
  /** Schema 2 only: the decoded CBOR fields (as ox's `Attribution.fromData` returns them, without `id`). */
  schema2?: Omit<Attribution.AttributionSchemaId2, "id">;
};

/**
 * The raw attribution layers of calldata.
 *
 * @example
 * ```ts
 * import type { VerifyAttributionInCalldataReturnType } from "@preflow/attribution";
 *
 * const layers: VerifyAttributionInCalldataReturnType = {
 *   erc8021: { schemaId: 0, codes: ["sdk", "myapp"] },
 *   legacy: ["SDK", "MYAPP"],
 * };
 * ```
 */
export type VerifyAttributionInCalldataReturnType = {
  /** The trailing ERC-8021 suffix, or `null` when there is no valid one. */
  erc8021: Erc8021Layer | null;
  /**
   * A historical UTF-8 layer `SDK|TAG1|TAG2` split on `|` (platform code included, as written), found
   * right before the ERC-8021 suffix or, without one, at the very end of the data; `null` when absent.
   */
  legacy: string[] | null;
};

/** Longest legacy layer read back, in bytes. */
const legacyScanLimit = 512;
const legacyPattern = /SDK((?:\|[A-Za-z0-9_]+)+)$/;

/**
 * Reads every attribution layer of calldata, raw: the trailing ERC-8021 suffix (schemas 0, 1 and 2, with
 * the platform code left in) and a historical legacy layer, the UTF-8 text `SDK|TAG1|TAG2` that older
 * versions appended (specification section 4). A legacy layer is recognised when the bytes just before the
 * ERC-8021 suffix (or the last bytes of the data) spell `SDK` followed by one or more `|TAG` parts with
 * tags of `[A-Za-z0-9_]`.
 *
 * Made for untrusted input: it never throws; anything that is not a `0x`-prefixed string of even length
 * gives `{ erc8021: null, legacy: null }`. It reads from the end and looks only at the layers' bytes, which
 * must be hex digits.
 *
 * @example
 * ```ts
 * import { verifyAttributionInCalldata } from "@preflow/attribution";
 *
 * verifyAttributionInCalldata("0xdddddddd62617365617070070080218021802180218021802180218021");
 * // { erc8021: { schemaId: 0, codes: ["baseapp"] }, legacy: null }
 *
 * // "0xa9059cbb" ‖ utf8("SDK|MYAPP")
 * verifyAttributionInCalldata("0xa9059cbb53444b7c4d59415050");
 * // { erc8021: null, legacy: ["SDK", "MYAPP"] }
 * ```
 */
export function verifyAttributionInCalldata(data: string): VerifyAttributionInCalldataReturnType {
  if (!isHexShaped(data)) return { erc8021: null, legacy: null };
  const located = locateSuffix(data);
  let erc8021: Erc8021Layer | null = null;
  let end = (data.length - 2) >> 1;
  if (located !== null) {
    if (located.schemaId === 0) erc8021 = { schemaId: 0, codes: located.codes };
    else if (located.schemaId === 1)
      erc8021 = { schemaId: 1, codes: located.codes, codeRegistry: located.codeRegistry };
    else erc8021 = readSchema2(`0x${data.slice(2 + located.start * 2)}`);
    if (erc8021 !== null) end = located.start;
  }
  return { erc8021, legacy: readLegacy(data, end) };
}

function readSchema2(data: Hex): Erc8021Layer | null {
  let decoded: Attribution.Attribution | undefined;
  try {
    decoded = Attribution.fromData(data);
  } catch {
    return null;
  }
  if (decoded === undefined || decoded.id !== 2) return null;
  const { id: _id, ...schema2 } = decoded;
  const codes: string[] = [];
  if (typeof schema2.appCode === "string") codes.push(schema2.appCode);
  if (typeof schema2.walletCode === "string") codes.push(schema2.walletCode);
  if (Array.isArray(schema2.serviceCodes))
    for (const code of schema2.serviceCodes) if (typeof code === "string") codes.push(code);
  return { schemaId: 2, codes, schema2 };
}

function isLegacyByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x5f ||
    byte === 0x7c
  );
}

/** The legacy layer ending at byte `end` of validated hex `data`, or `null`. */
function readLegacy(data: string, end: number): string[] | null {
  let start = end;
  const floor = Math.max(0, end - legacyScanLimit);
  while (start > floor && isLegacyByte(byteAt(data, start - 1))) start--;
  if (end - start < 5) return null;
  let text = "";
  for (let index = start; index < end; index++) text += String.fromCharCode(byteAt(data, index));
  // The run of text-like bytes may begin with unrelated bytes; the layer starts at the first "SDK|".
  const from = text.indexOf("SDK|");
  if (from < 0) return null;
  const match = legacyPattern.exec(text.slice(from));
  return match === null || match.index !== 0 ? null : text.slice(from).split("|");
}
