import { TOKENS } from "@preflow/core";
import type { Address } from "viem";

/** x402's network id for Celo mainnet (CAIP-2). */
export const CELO_NETWORK = "eip155:42220" as const;

/** A token of preflow's registry that x402's `exact` scheme pays on Celo (EIP-3009), with its EIP-712 domain. */
export interface X402PayableToken {
  readonly symbol: "USDC" | "USDT" | "USAT";
  readonly address: Address;
  readonly decimals: number;
  /** The token's EIP-712 domain name and version (what `extra.name` / `extra.version` carry). */
  readonly eip712: { readonly name: string; readonly version: string };
}

/**
 * The tokens preflow pays and settles with x402 on Celo: the registry's USDC (Circle's FiatTokenCeloV2_2, EIP-712
 * `USDC` / `2`), USD₮ (`Tether USD` / `1`) and USA₮ (`Tether America USD` / `1`), the defaults `@x402/evm` 2.27
 * resolves `$` prices to on eip155:42220.
 * USDm (EIP-2612 only) cannot pay `exact`.
 *
 * @example
 * ```ts
 * import { X402_PAYABLE_TOKENS } from "@preflow/x402";
 * X402_PAYABLE_TOKENS.USDC.decimals; // 6
 * ```
 */
export const X402_PAYABLE_TOKENS: {
  readonly USDC: X402PayableToken;
  readonly USDT: X402PayableToken;
  readonly USAT: X402PayableToken;
} = {
  USDC: {
    symbol: "USDC",
    address: TOKENS.USDC.address,
    decimals: TOKENS.USDC.decimals,
    eip712: { name: "USDC", version: "2" },
  },
  USDT: {
    symbol: "USDT",
    address: TOKENS.USDT.address,
    decimals: TOKENS.USDT.decimals,
    eip712: { name: "Tether USD", version: "1" },
  },
  USAT: {
    symbol: "USAT",
    address: TOKENS.USAT.address,
    decimals: TOKENS.USAT.decimals,
    eip712: { name: "Tether America USD", version: "1" },
  },
};

/** The payable token at `address` (any case), or `undefined`. */
export function findPayableToken(address: string): X402PayableToken | undefined {
  const lower = address.toLowerCase();
  return Object.values(X402_PAYABLE_TOKENS).find((token) => token.address.toLowerCase() === lower);
}
