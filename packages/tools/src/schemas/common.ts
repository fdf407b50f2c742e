// Building blocks of the tools' input and output schemas (zod v4, converted to JSON Schema draft-07 for
// tools/list). Every string has a maximum length; addresses, hashes and hex are exact patterns.
import { z } from "zod/v4";

/** Maximum lengths of string inputs, in characters (documented in the README). @internal */
export const MAX = {
  address: 42,
  hash: 66,
  token: 64,
  amount: 100,
  /** Calldata and step data: 0x + up to 64 KiB of bytes. */
  hex: 2 + 2 * 65_536,
  tag: 64,
  ensName: 255,
  functionName: 256,
  signature: 2_048,
  description: 2_000,
  summary: 4_000,
  jsonString: 4_096,
  /** A whole prepared flow given as JSON text. */
  flowJson: 1_048_576,
  /** A flow_id: exactly 64 lowercase hex digits, no `0x` (what the executing tools return). */
  flowId: 64,
  label: 128,
} as const;

import { ADDRESS_PATTERN, HASH_PATTERN, HEX_PATTERN, UINT_PATTERN } from "./patterns.js";

/** A 20-byte address: `0x` + 40 hex digits. */
export const address = (description: string) =>
  z
    .string()
    .max(MAX.address)
    .regex(ADDRESS_PATTERN, "must be 0x followed by 40 hex digits")
    .describe(description);
/** A 32-byte hash: `0x` + 64 hex digits. */
export const hash = (description: string) =>
  z.string().max(MAX.hash).regex(HASH_PATTERN, "must be 0x followed by 64 hex digits").describe(description);
/** Hex bytes: `0x` + an even number of hex digits. */
export const hex = (description: string, max: number = MAX.hex) =>
  z.string().max(max).regex(HEX_PATTERN, "must be 0x followed by whole bytes of hex").describe(description);
/** A non-negative integer as a decimal string (base units, wei, block numbers). */
export const uint = (description: string) =>
  z
    .string()
    .max(80)
    .regex(UINT_PATTERN, "must be a non-negative integer as a decimal string")
    .describe(description);
/** A token: symbol, former ticker or address of a registry token. */
export const token = (
  description = 'A token of the registry: symbol ("USDm", "CELO", "USDC"...), former ticker ("cUSD") or its address.',
) => z.string().min(1).max(MAX.token).describe(description);
/** A fee-currency choice: `"CELO"`, `"auto"`, a token symbol or a fee-currency address. */
export const feeCurrency = (
  description = 'Who pays gas (overrides the server\'s FEE_CURRENCY, default "CELO"): "CELO", a token symbol ("USDm", "USDC", "USDT"...; USDC, USD₮ and USA₮ pay through their adapters), a fee-currency address (the adapter for USDC/USD₮/USA₮, not the token; any currency the FeeCurrencyDirectory lists), or "auto" (CELO when the account can pay in CELO, else the currency the FeeCurrencyDirectory lists that it holds most of, counted in CELO).',
) => z.string().min(1).max(MAX.token).describe(description);
/** A human decimal amount (`"2.5"`). */
export const amount = (description: string) => z.string().min(1).max(MAX.amount).describe(description);
export const text = (max: number, description: string) => z.string().max(max).describe(description);

/** Any JSON value (strings capped), for ABI arguments and intents. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string().max(MAX.jsonString),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue).max(1_024),
    z.record(z.string().max(MAX.label), jsonValue),
  ]),
);

/** The error object of a tool error result (`structuredContent.error`). */
export const toolErrorSchema = z.strictObject({
  error: z
    .strictObject({
      name: z.string().describe("The error class, e.g. PolicyViolationError."),
      code: z
        .string()
        .describe("Stable machine-readable code, e.g. POLICY_VIOLATION, RPC_ERROR, TRANSACTION_NOT_FOUND."),
      message: z.string().describe("What went wrong and what to do."),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .describe("Structured facts (field, rule, amounts...)."),
    })
    .describe("Present only on tool errors (isError: true)."),
});

/** A registry token as results show it. */
export const tokenInfo = z.strictObject({
  symbol: z.string(),
  name: z.string(),
  address: address("The token contract."),
  decimals: z.number().int(),
  aliases: z.array(z.string()),
  native: z.boolean().describe("true for CELO, the native asset used through its ERC-20 interface."),
});
