import { getAddress, isAddress } from "viem";
import { InvalidAddressError } from "../errors/address.js";
import { UnknownTokenError } from "../errors/token.js";
import { TOKENS, type TokenInfo } from "./registry.js";
import { closest } from "./suggest.js";

const LISTED: readonly TokenInfo[] = Object.values(TOKENS);
const BY_NAME = new Map<string, TokenInfo>();
const BY_ADDRESS = new Map<string, TokenInfo>();
for (const info of LISTED) {
  BY_NAME.set(info.symbol.toLowerCase(), info);
  for (const alias of info.aliases) BY_NAME.set(alias.toLowerCase(), info);
  BY_ADDRESS.set(info.address.toLowerCase(), info);
}
/** What a user can type: symbols, then former tickers. */
const NAMES: readonly string[] = [
  ...LISTED.map((info) => info.symbol),
  ...LISTED.flatMap((info) => info.aliases),
];

/**
 * A token argument: a symbol of the registry (any case), a former ticker (`"cUSD"`), or the address of a
 * listed token.
 *
 * @example
 * ```ts
 * import type { TokenInput } from "@preflow/core";
 * const tokens: TokenInput[] = ["USDm", "cusd", "0xcebA9300f2b948710d2653dD7B07f33A8B32118C"];
 * ```
 */
export type TokenInput = string;

/**
 * Looks a token up in the registry by symbol (case-insensitive), former ticker (`cUSD` → USDm) or address
 * of a listed token. Throws {@link UnknownTokenError} with up to three suggestions otherwise, and
 * {@link InvalidAddressError} for an address with a wrong checksum. No network I/O.
 *
 * @param token - symbol, alias or address
 * @param field - the argument name used in error messages (default `"token"`)
 *
 * @example
 * ```ts
 * import { resolveToken } from "@preflow/core";
 *
 * resolveToken("cusd").symbol; // "USDm"
 * resolveToken("0xceba9300f2b948710d2653dd7b07f33a8b32118c").decimals; // 6
 * resolveToken("USDN"); // throws UnknownTokenError: ... Did you mean USDm, USDC, USDT?
 * ```
 */
export function resolveToken(token: TokenInput, field = "token"): TokenInfo {
  if (typeof token !== "string")
    throw new UnknownTokenError({
      token: token,
      suggestions: [],
      known: LISTED.map((info) => info.symbol),
    });
  const trimmed = token.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) {
    if (!isAddress(trimmed))
      throw new InvalidAddressError({ field, value: token, reason: "wrong EIP-55 checksum" });
    const found = BY_ADDRESS.get(trimmed.toLowerCase());
    if (found) return found;
    throw new UnknownTokenError({
      token: getAddress(trimmed),
      suggestions: [],
      known: LISTED.map((info) => info.symbol),
    });
  }
  const found = BY_NAME.get(trimmed.toLowerCase());
  if (found) return found;
  const suggestions = closest(trimmed, NAMES).map((name) => BY_NAME.get(name.toLowerCase())!.symbol);
  throw new UnknownTokenError({
    token: token,
    suggestions: [...new Set(suggestions)].slice(0, 3),
    known: LISTED.map((info) => info.symbol),
  });
}
