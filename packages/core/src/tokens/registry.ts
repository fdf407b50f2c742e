import type { Address } from "viem";

/**
 * A token of the registry: what preflow knows about it without any network request.
 *
 * @example
 * ```ts
 * import { TOKENS, type TokenInfo } from "@preflow/core";
 * const usdc: TokenInfo = TOKENS.USDC; // { symbol: "USDC", decimals: 6, ... }
 * ```
 */
export interface TokenInfo {
  /** Current symbol, e.g. `"USDm"`. */
  readonly symbol: string;
  /** Human name. */
  readonly name: string;
  /** Checksummed contract address on chain 42220. */
  readonly address: Address;
  readonly decimals: number;
  /** Former tickers accepted as aliases (`"cUSD"` for USDm). */
  readonly aliases: readonly string[];
  /** `true` for CELO: the native asset, used through its ERC-20 interface. */
  readonly native: boolean;
}

const token = (info: TokenInfo): TokenInfo =>
  Object.freeze({ ...info, aliases: Object.freeze([...info.aliases]) });

/**
 * The tokens of chain 42220 that preflow knows by symbol, keyed by symbol (facts: Celo docs; the Mento
 * stablecoins were renamed, their old tickers are aliases). Data only; use {@link resolveToken} to look up
 * a symbol, alias or address.
 *
 * @example
 * ```ts
 * import { TOKENS } from "@preflow/core";
 *
 * TOKENS.USDC.decimals; // 6
 * Object.keys(TOKENS); // ["CELO", "USDm", "EURm", ...]
 * ```
 */
export const TOKENS = Object.freeze({
  CELO: token({
    symbol: "CELO",
    name: "Celo native asset",
    address: "0x471EcE3750Da237f93B8E339c536989b8978a438",
    decimals: 18,
    aliases: [],
    native: true,
  }),
  USDm: token({
    symbol: "USDm",
    name: "Mento Dollar",
    address: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
    decimals: 18,
    aliases: ["cUSD"],
    native: false,
  }),
  EURm: token({
    symbol: "EURm",
    name: "Mento Euro",
    address: "0xD8763CBa276a3738E6DE85b4b3bF5FDed6D6cA73",
    decimals: 18,
    aliases: ["cEUR"],
    native: false,
  }),
  BRLm: token({
    symbol: "BRLm",
    name: "Mento Brazilian Real",
    address: "0xe8537a3d056DA446677B9E9d6c5dB704EaAb4787",
    decimals: 18,
    aliases: ["cREAL"],
    native: false,
  }),
  XOFm: token({
    symbol: "XOFm",
    name: "Mento West African CFA franc",
    address: "0x73F93dcc49cB8A239e2032663e9475dd5ef29A08",
    decimals: 18,
    aliases: ["eXOF"],
    native: false,
  }),
  KESm: token({
    symbol: "KESm",
    name: "Mento Kenyan Shilling",
    address: "0x456a3D042C0DbD3db53D5489e98dFb038553B0d0",
    decimals: 18,
    aliases: ["cKES"],
    native: false,
  }),
  USDC: token({
    symbol: "USDC",
    name: "USD Coin",
    address: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C",
    decimals: 6,
    aliases: [],
    native: false,
  }),
  USDT: token({
    symbol: "USDT",
    name: "Tether USD",
    address: "0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e",
    decimals: 6,
    aliases: ["USD₮"],
    native: false,
  }),
  USAT: token({
    symbol: "USAT",
    name: "Tether America USD",
    address: "0xD2ab3C9A02DBBAB236BfEC45D1d755DF4267F771",
    decimals: 6,
    aliases: ["USA₮"],
    native: false,
  }),
  USDGLO: token({
    symbol: "USDGLO",
    name: "Glo Dollar",
    address: "0x4F604735c1cF31399C6E711D5962b2B3E0225AD3",
    decimals: 18,
    aliases: [],
    native: false,
  }),
  WETH: token({
    symbol: "WETH",
    name: "Wrapped Ether",
    address: "0xD221812de1BD094f35587EE8E174B07B6167D9Af",
    decimals: 18,
    aliases: [],
    native: false,
  }),
  G$: token({
    symbol: "G$",
    name: "GoodDollar",
    address: "0x62B8B11039FcfE5aB0C56E502b1C372A3d2a9c7A",
    decimals: 18,
    aliases: ["GoodDollar", "GD"],
    native: false,
  }),
} as const satisfies Record<string, TokenInfo>);

/**
 * A symbol of the registry.
 *
 * @example
 * ```ts
 * import type { TokenSymbol } from "@preflow/core";
 * const symbol: TokenSymbol = "USDm";
 * ```
 */
export type TokenSymbol = keyof typeof TOKENS;
