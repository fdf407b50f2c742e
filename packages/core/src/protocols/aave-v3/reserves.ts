import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import { resolveToken } from "../../tokens/resolveToken.js";
import { NotAnAaveReserveError } from "./lendingErrors.js";

/**
 * The reserves of the Aave v3 market on chain 42220 that preflow reads and prepares for, in the market's reserve
 * order (mainnet ids 0 to 5). Symbols of the token registry (`TOKENS`); the underlying addresses are the
 * registry's.
 *
 * @example
 * ```ts
 * import { AAVE_V3_RESERVES, TOKENS } from "@preflow/core";
 * AAVE_V3_RESERVES.map((symbol) => TOKENS[symbol].address);
 * ```
 */
export const AAVE_V3_RESERVES = Object.freeze(["USDC", "USDT", "EURm", "USDm", "CELO", "WETH"] as const);

/**
 * A symbol of {@link AAVE_V3_RESERVES}.
 *
 * @example
 * ```ts
 * import type { AaveReserveSymbol } from "@preflow/core";
 * const reserve: AaveReserveSymbol = "USDC";
 * ```
 */
export type AaveReserveSymbol = (typeof AAVE_V3_RESERVES)[number];

/** The registry entries of the reserves, in reserve order. @internal */
export const AAVE_V3_RESERVE_TOKENS: readonly TokenInfo[] = Object.freeze(
  AAVE_V3_RESERVES.map((symbol) => TOKENS[symbol]),
);

/**
 * Resolves a token argument (symbol, former ticker or listed address) to a reserve of the market; no I/O.
 * @throws {UnknownTokenError} not in the registry. @throws {NotAnAaveReserveError} not a reserve. @internal
 */
export function resolveAaveReserve(token: unknown, field = "token"): TokenInfo {
  const info = resolveToken(token as string, field);
  if (!AAVE_V3_RESERVE_TOKENS.includes(info)) {
    throw new NotAnAaveReserveError({ field, token: info.symbol, reserves: AAVE_V3_RESERVES });
  }
  return info;
}
