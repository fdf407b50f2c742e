import { type Address, getAddress } from "viem";
import { DEVNET_TOKENS } from "../tokens.js";

/** Celo's FeeCurrencyDirectory (mainnet address; the devnet places its stand-in there). */
export const FEE_CURRENCY_DIRECTORY_ADDRESS: Address = "0x15F344b9E6c3Cb6F0376A36A64928b13F62C6276";
/** Celo's FeeHandler (mainnet): receives the base fee of fee-currency transactions. */
export const FEE_HANDLER_ADDRESS: Address = "0xcD437749E43A154C07F3553504c68fBfD56B8778";
/** The OP stack's SequencerFeeVault, the coinbase of Celo's blocks: receives the tip. */
export const SEQUENCER_FEE_VAULT_ADDRESS: Address = "0x4200000000000000000000000000000000000011";
/**
 * The devnet's fee-currency oracle (`ExchangeRateOracleStandIn`): the directory's `oracle` of every currency.
 * Devnet only; mainnet's directory points at SortedOracles.
 */
export const DEVNET_FEE_ORACLE_ADDRESS: Address = getAddress("0x00000000000000000000000000000000de7afee0");
/** The intrinsic gas the devnet's directory gives every currency (Celo's currencies: about 50k). */
export const FEE_CURRENCY_INTRINSIC_GAS = 50_000n;
/** The denominator of the devnet's rates (SortedOracles reports with 24 decimals). */
export const FEE_RATE_DENOMINATOR = 10n ** 24n;

/** A fee currency of the devnet: the token and the address to put in `feeCurrency`. */
export interface DevnetFeeCurrency {
  readonly symbol: string;
  /** The token held and spent. */
  readonly token: Address;
  /** The `feeCurrency` address: the token itself for Mento stables, the adapter for 6-decimal tokens. */
  readonly feeCurrency: Address;
  /** The adapter's `balanceOf` and fees are in 18 decimals; the token's own decimals. */
  readonly tokenDecimals: number;
  /** Currency amount (18 decimals) = CELO amount x rateNumerator / {@link FEE_RATE_DENOMINATOR} at start. */
  readonly rateNumerator: bigint;
}

/**
 * The fee currencies registered in the devnet's FeeCurrencyDirectory (mainnet addresses): the Mento stables are
 * their own fee currency, USDC, USD₮, USA₮ and XAU₮0 pay through their adapter (USA₮'s and XAU₮0's at their
 * mainnet addresses: Celo's FeeCurrencyAdapter stands in for Tether's FeeCurrencyWrapper and FeeWrapper). Rates follow the devnet's Mento
 * seeds (1 CELO = 0.3 USDm, 1 EURm = 1.08 USDm, 1 USDm = 5.5 BRLm).
 */
export const DEVNET_FEE_CURRENCIES = {
  USDm: {
    symbol: "USDm",
    token: DEVNET_TOKENS.USDm.address,
    feeCurrency: DEVNET_TOKENS.USDm.address,
    tokenDecimals: 18,
    rateNumerator: 300_000_000_000_000_000_000_000n,
  },
  EURm: {
    symbol: "EURm",
    token: DEVNET_TOKENS.EURm.address,
    feeCurrency: DEVNET_TOKENS.EURm.address,
    tokenDecimals: 18,
    rateNumerator: 277_777_777_777_777_777_777_778n,
  },
  BRLm: {
    symbol: "BRLm",
    token: DEVNET_TOKENS.BRLm.address,
    feeCurrency: DEVNET_TOKENS.BRLm.address,
    tokenDecimals: 18,
    rateNumerator: 1_650_000_000_000_000_000_000_000n,
  },
  USDC: {
    symbol: "USDC",
    token: DEVNET_TOKENS.USDC.address,
    feeCurrency: "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B",
    tokenDecimals: 6,
    rateNumerator: 300_000_000_000_000_000_000_000n,
  },
  USDT: {
    symbol: "USDT",
    token: DEVNET_TOKENS.USDT.address,
    feeCurrency: "0x0E2A3e05bc9A16F5292A6170456A710cb89C6f72",
    tokenDecimals: 6,
    rateNumerator: 300_000_000_000_000_000_000_000n,
  },
  USAT: {
    symbol: "USAT",
    token: DEVNET_TOKENS.USAT.address,
    feeCurrency: "0x0357EE22278c922e1D36cFe6b899269b161880C4",
    tokenDecimals: 6,
    rateNumerator: 300_000_000_000_000_000_000_000n,
  },
  // a stand-in rate: 1 CELO = 0.3 USD, 1 XAU₮0 (a troy ounce of gold) = 4,000 USD, so 1 CELO = 0.000075 XAU₮0
  XAUt0: {
    symbol: "XAUt0",
    token: DEVNET_TOKENS.XAUt0.address,
    feeCurrency: "0x857BF24e29da0773687E804a743c2E421a394C16",
    tokenDecimals: 6,
    rateNumerator: 75_000_000_000_000_000_000n,
  },
} as const satisfies Record<string, DevnetFeeCurrency>;
