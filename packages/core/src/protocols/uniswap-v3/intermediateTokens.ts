import { TOKENS, type TokenInfo } from "../../tokens/registry.js";

/**
 * The intermediate tokens of two-hop Uniswap paths: the chain's most liquid tokens.
 *
 * @example
 * ```ts
 * import { UNISWAP_INTERMEDIATE_TOKENS } from "@preflow/core";
 * UNISWAP_INTERMEDIATE_TOKENS.map((token) => token.symbol); // ["USDm", "USDC", "CELO"]
 * ```
 */
export const UNISWAP_INTERMEDIATE_TOKENS: readonly TokenInfo[] = /* @__PURE__ */ Object.freeze([
  TOKENS.USDm,
  TOKENS.USDC,
  TOKENS.CELO,
]);
