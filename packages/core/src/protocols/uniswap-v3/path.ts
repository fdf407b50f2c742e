import { type Address, getAddress, type Hex, isAddress } from "viem";
import { InvalidArgumentError } from "../../errors/argument.js";

/**
 * A Uniswap v3 route: `tokens[i]` → `tokens[i + 1]` through the pool of fee tier `fees[i]` (hundredths of a basis
 * point). One pool: two tokens and one fee; a multi-hop path: more.
 *
 * @example
 * ```ts
 * import { TOKENS, type UniswapRoute } from "@preflow/core";
 * const route: UniswapRoute = { tokens: [TOKENS.USDT.address, TOKENS.USDC.address, TOKENS.USDm.address], fees: [100, 100] };
 * ```
 */
export interface UniswapRoute {
  readonly tokens: readonly Address[];
  readonly fees: readonly number[];
}

const ADDRESS_BYTES = 20;
const FEE_BYTES = 3;
const MAX_FEE = 0xffffff;

/**
 * Encodes a route as Uniswap v3's packed path: `token ‖ fee (uint24) ‖ token ‖ fee ‖ … ‖ token`, the `path` of
 * QuoterV2's `quoteExactInput` and SwapRouter02's `exactInput`. Pure; no I/O.
 *
 * @param route - {@link UniswapRoute}: at least two tokens, one fee fewer than tokens.
 * @returns The path, `0x` + 2 × (20 + 23 × hops) hex digits.
 * @throws {InvalidArgumentError} a token is not an address, a fee is not an integer in 0…16777215, or the lengths
 * do not fit.
 *
 * @example
 * ```ts
 * import { encodeUniswapPath, TOKENS } from "@preflow/core";
 * encodeUniswapPath({ tokens: [TOKENS.USDC.address, TOKENS.USDm.address], fees: [100] });
 * // "0xceba9300f2b948710d2653dd7b07f33a8b32118c000064765de816845861e75a25fca122bb6898b8b1282a"
 * ```
 */
export function encodeUniswapPath(route: UniswapRoute): Hex {
  const { tokens, fees } = route as { tokens?: unknown; fees?: unknown };
  if (
    !Array.isArray(tokens) ||
    !Array.isArray(fees) ||
    tokens.length < 2 ||
    fees.length !== tokens.length - 1
  ) {
    throw new InvalidArgumentError({
      field: "route",
      value: route,
      rule: "must be { tokens, fees } with at least two tokens and one fee fewer than tokens",
    });
  }
  let path = "0x";
  tokens.forEach((token: unknown, index: number) => {
    if (typeof token !== "string" || !isAddress(token, { strict: false })) {
      throw new InvalidArgumentError({
        field: `route.tokens[${index}]`,
        value: token,
        rule: "must be an address",
      });
    }
    path += token.slice(2).toLowerCase();
    if (index === fees.length) return;
    const fee: unknown = fees[index];
    if (typeof fee !== "number" || !Number.isInteger(fee) || fee < 0 || fee > MAX_FEE) {
      throw new InvalidArgumentError({
        field: `route.fees[${index}]`,
        value: fee,
        rule: "must be an integer fee tier in 0…16777215 (100 = 0.01 %)",
      });
    }
    path += fee.toString(16).padStart(FEE_BYTES * 2, "0");
  });
  return path as Hex;
}

/**
 * Decodes a Uniswap v3 packed path (untrusted bytes) into its route. Never throws: anything that is not hex of
 * exactly 20 + 23 × n bytes (n ≥ 1) gives `undefined`. Tokens come back checksummed. Pure; no I/O.
 *
 * @param path - The packed path (`0x…`).
 * @returns The route, or `undefined` for a malformed path.
 *
 * @example
 * ```ts
 * import { decodeUniswapPath } from "@preflow/core";
 * decodeUniswapPath("0xceba9300f2b948710d2653dd7b07f33a8b32118c000064765de816845861e75a25fca122bb6898b8b1282a");
 * // { tokens: ["0xcebA9300f2b948710d2653dD7B07f33A8B32118C", "0x765DE816845861e75A25fCA122bb6898B8B1282a"], fees: [100] }
 * decodeUniswapPath("0x1234"); // undefined
 * ```
 */
export function decodeUniswapPath(path: unknown): UniswapRoute | undefined {
  if (typeof path !== "string" || !/^0x(?:[0-9a-fA-F]{2})*$/.test(path)) return undefined;
  const bytes = (path.length - 2) / 2;
  const hop = ADDRESS_BYTES + FEE_BYTES;
  if (bytes < ADDRESS_BYTES + hop || (bytes - ADDRESS_BYTES) % hop !== 0) return undefined;
  const tokens: Address[] = [];
  const fees: number[] = [];
  let offset = 2;
  for (;;) {
    tokens.push(getAddress(`0x${path.slice(offset, offset + ADDRESS_BYTES * 2)}`));
    offset += ADDRESS_BYTES * 2;
    if (offset >= path.length) break;
    fees.push(Number.parseInt(path.slice(offset, offset + FEE_BYTES * 2), 16));
    offset += FEE_BYTES * 2;
  }
  return { tokens, fees };
}

/**
 * A route in the flat JSON form of a swap's `intent.route` and a quote's `route`: `[token, fee, token, …]`.
 * @internal
 */
export function flattenUniswapRoute(route: UniswapRoute): (Address | number)[] {
  const flat: (Address | number)[] = [route.tokens[0]!];
  route.fees.forEach((fee, index) => {
    flat.push(fee, route.tokens[index + 1]!);
  });
  return flat;
}
