import { describeValue, isRecord } from "@preflow/errors";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { type Address, getAddress, isAddress } from "viem";
import { InvalidPaymentRequiredError } from "../errors/InvalidPaymentRequiredError.js";
import { CELO_NETWORK, findPayableToken, type X402PayableToken } from "./payableTokens.js";

/** A requirement of a `PAYMENT-REQUIRED` answer that preflow can pay, with its registry token. */
export interface PayableRequirement {
  readonly requirements: PaymentRequirements;
  readonly token: X402PayableToken;
  readonly amount: bigint;
  readonly payTo: Address;
}

/** What {@link parsePaymentRequiredHeader} returns. */
export interface ParsedPaymentRequired {
  readonly paymentRequired: PaymentRequired;
  /** The `exact` requirements on eip155:42220 in USDC or USD₮, in the server's order (never empty). */
  readonly payable: readonly PayableRequirement[];
}

/** Longest header accepted (the reference servers send well under 4 KiB). */
const MAX_HEADER_LENGTH = 65_536;
const MAX_ACCEPTS = 64;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UINT = /^(?:0|[1-9]\d{0,77})$/;

function fail(field: string, value: unknown, rule: string): never {
  throw new InvalidPaymentRequiredError({ field, value: describeValue(value), rule });
}

function decodeBase64Json(header: string): unknown {
  if (!BASE64.test(header)) fail("PAYMENT-REQUIRED", header, "is not base64");
  let text: string;
  try {
    const binary = atob(header);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail("PAYMENT-REQUIRED", header, "is not base64 of UTF-8 text");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail("PAYMENT-REQUIRED", text, "is not JSON");
  }
}

function parseRequirement(value: unknown, index: number): PaymentRequirements {
  const field = `accepts[${index}]`;
  if (!isRecord(value)) fail(field, value, "must be an object");
  const { scheme, network, asset, amount, payTo, maxTimeoutSeconds, extra } = value;
  if (typeof scheme !== "string" || scheme.length === 0 || scheme.length > 64)
    fail(`${field}.scheme`, scheme, "must be a non-empty string");
  if (typeof network !== "string" || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(network))
    fail(`${field}.network`, network, "must be a CAIP-2 network id");
  if (typeof asset !== "string" || asset.length === 0 || asset.length > 128)
    fail(`${field}.asset`, asset, "must be a non-empty string");
  if (typeof amount !== "string" || !UINT.test(amount))
    fail(`${field}.amount`, amount, "must be a base-unit integer as a decimal string");
  if (typeof payTo !== "string" || payTo.length === 0 || payTo.length > 128)
    fail(`${field}.payTo`, payTo, "must be a non-empty string");
  if (
    typeof maxTimeoutSeconds !== "number" ||
    !Number.isSafeInteger(maxTimeoutSeconds) ||
    maxTimeoutSeconds <= 0
  )
    fail(`${field}.maxTimeoutSeconds`, maxTimeoutSeconds, "must be a positive integer");
  if (extra !== undefined && !isRecord(extra)) fail(`${field}.extra`, extra, "must be an object");
  return value as unknown as PaymentRequirements;
}

/**
 * Parses a `PAYMENT-REQUIRED` header (x402 v2: base64 of the JSON `PaymentRequired`) strictly and picks the
 * requirements preflow can pay: `exact` on `eip155:42220` in USDC or USD₮ of the registry, a positive amount, an
 * address as `payTo`. Never throws anything but {@link InvalidPaymentRequiredError} (garbage, a wrong shape, a
 * version other than 2, or nothing payable); never does I/O.
 *
 * @example
 * ```ts
 * import { parsePaymentRequiredHeader } from "@preflow/x402";
 *
 * const response = await fetch(url);
 * if (response.status === 402) {
 *   const { payable } = parsePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED"));
 *   payable[0].token.symbol; // "USDC"
 * }
 * ```
 */
export function parsePaymentRequiredHeader(header: unknown): ParsedPaymentRequired {
  if (typeof header !== "string" || header.length === 0)
    fail("PAYMENT-REQUIRED", header, "is missing (an x402 v2 server sends it with every 402)");
  if (header.length > MAX_HEADER_LENGTH)
    fail("PAYMENT-REQUIRED", header, `is longer than ${MAX_HEADER_LENGTH} characters`);
  const json = decodeBase64Json(header.trim());
  if (!isRecord(json)) fail("PAYMENT-REQUIRED", json, "must be a JSON object");
  if (json.x402Version !== 2) fail("x402Version", json.x402Version, "must be 2");
  if (!Array.isArray(json.accepts) || json.accepts.length === 0)
    fail("accepts", json.accepts, "must be a non-empty array");
  if (json.accepts.length > MAX_ACCEPTS)
    fail("accepts", json.accepts, `has more than ${MAX_ACCEPTS} entries`);
  const accepts = json.accepts.map((entry, index) => parseRequirement(entry, index));
  const payable: PayableRequirement[] = [];
  for (const requirements of accepts) {
    const token = findPayableToken(requirements.asset);
    if (requirements.scheme !== "exact" || requirements.network !== CELO_NETWORK || !token) continue;
    if (!isAddress(requirements.payTo, { strict: false })) continue;
    const amount = BigInt(requirements.amount);
    if (amount === 0n) continue;
    payable.push({ requirements, token, amount, payTo: getAddress(requirements.payTo) });
  }
  if (payable.length === 0) {
    const offered = accepts.map((r) => `${r.scheme} ${r.network} ${r.asset}`).join("; ");
    const rule = accepts.some((r) => r.network === CELO_NETWORK)
      ? "offers no exact payment on eip155:42220 in a registry token preflow pays (USDC, USDT, USAT) to an address"
      : "offers no payment on eip155:42220 (Celo), the only network preflow pays on";
    fail("accepts", offered, rule);
  }
  return { paymentRequired: json as unknown as PaymentRequired, payable };
}
