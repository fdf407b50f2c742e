import type { Address } from "viem";

/** A token placed on the devnet at its mainnet address with its mainnet symbol and decimals. */
export interface DevnetToken {
  readonly symbol: string;
  readonly name: string;
  readonly address: Address;
  readonly decimals: number;
}

/** CELO's ERC-20 interface (mainnet GoldToken); balances are native balances. */
export const CELO_TOKEN_ADDRESS: Address = "0x471EcE3750Da237f93B8E339c536989b8978a438";

/**
 * The tokens on the devnet, keyed by symbol: every token of preflow's registry (`TOKENS` of `@preflow/core`), at
 * its mainnet address with its symbol and decimals, and XAU₮0 (not in the registry; at a devnet address) (facts: shared/notes/chain-facts.md and
 * shared/notes/celo-native/README.md).
 */
export const DEVNET_TOKENS = {
  CELO: { symbol: "CELO", name: "Celo native asset", address: CELO_TOKEN_ADDRESS, decimals: 18 },
  USDm: {
    symbol: "USDm",
    name: "Mento Dollar",
    address: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
    decimals: 18,
  },
  EURm: {
    symbol: "EURm",
    name: "Mento Euro",
    address: "0xD8763CBa276a3738E6DE85b4b3bF5FDed6D6cA73",
    decimals: 18,
  },
  BRLm: {
    symbol: "BRLm",
    name: "Mento Brazilian Real",
    address: "0xe8537a3d056DA446677B9E9d6c5dB704EaAb4787",
    decimals: 18,
  },
  XOFm: {
    symbol: "XOFm",
    name: "Mento West African CFA franc",
    address: "0x73F93dcc49cB8A239e2032663e9475dd5ef29A08",
    decimals: 18,
  },
  KESm: {
    symbol: "KESm",
    name: "Mento Kenyan Shilling",
    address: "0x456a3D042C0DbD3db53D5489e98dFb038553B0d0",
    decimals: 18,
  },
  USDC: { symbol: "USDC", name: "USDC", address: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", decimals: 6 },
  USDT: {
    symbol: "USDT",
    name: "Tether USD",
    address: "0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e",
    decimals: 6,
  },
  USAT: {
    symbol: "USAT",
    name: "Tether America USD",
    address: "0xD2ab3C9A02DBBAB236BfEC45D1d755DF4267F771",
    decimals: 6,
  },
  /**
   * XAU₮0 (Tether Gold, omnichain): a gas currency since CGP-0239 through its adapter (FeeWrapper)
   * 0x857BF24e29da0773687E804a743c2E421a394C16 (Mento's MGP-17). Its token's Celo address could not be verified
   * from public sources, so it is not in preflow's registry and the devnet places it at a devnet address: the
   * currency preflow does not know, read from the chain (getFeeCurrencies) and named by its adapter's address.
   */
  XAUt0: {
    symbol: "XAUt0",
    name: "XAUt0",
    address: "0x00000000000000000000000000000000de7a0a00",
    decimals: 6,
  },
  USDGLO: {
    symbol: "USDGLO",
    name: "Glo Dollar",
    address: "0x4F604735c1cF31399C6E711D5962b2B3E0225AD3",
    decimals: 18,
  },
  WETH: {
    symbol: "WETH",
    name: "Wrapped Ether",
    address: "0xD221812de1BD094f35587EE8E174B07B6167D9Af",
    decimals: 18,
  },
} as const satisfies Record<string, DevnetToken>;

/** A devnet token symbol. */
export type DevnetTokenSymbol = keyof typeof DEVNET_TOKENS;

/**
 * The devnet token with this symbol or address (any case); throws naming `caller` and the known symbols otherwise.
 *
 * @example
 * findDevnetToken("USDC").decimals; // 6
 */
export function findDevnetToken(ref: string, caller = "devnet"): DevnetToken {
  const tokens: readonly DevnetToken[] = Object.values(DEVNET_TOKENS);
  const found = tokens.find((t) => t.symbol === ref || t.address.toLowerCase() === ref.toLowerCase());
  if (!found)
    throw new Error(`${caller}: unknown token ${ref} (known: ${tokens.map((t) => t.symbol).join(", ")})`);
  return found;
}

/** Multicall3's address on every chain, the devnet included. */
export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

/**
 * Where the devnet places `DevnetVault` (contracts/DevnetVault.sol): `deposit(token, amount)` pulls tokens with
 * `transferFrom`, so it is the devnet's target for approve-then-act flows. Devnet only; no such contract on mainnet.
 */
export const DEVNET_VAULT_ADDRESS: Address = "0x00000000000000000000000000000000de7A0017";
