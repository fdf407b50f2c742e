// What the FeeCurrencyDirectory says of a currency: the reads (config and rate) for one Multicall3, their decoding,
// and the FeeCurrency they describe. Shared by getFeeCurrencies, the fee planner and the description of currencies
// the registry does not list (which getFeeCurrencies loads lazily, so they must not import it back).
import type { Address } from "viem";
import { encodeFunctionData } from "viem";
import type { ReadCall, ReadResult } from "../rpc/readBatch.js";
import {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  feeCurrencyDirectoryAbi,
  tokenOfFeeCurrency,
} from "./feeCurrencies.js";

/**
 * A fee currency registered in Celo's FeeCurrencyDirectory.
 *
 * @example
 * ```ts
 * import type { FeeCurrency } from "@preflow/core";
 * const usdc: FeeCurrency | undefined = (await client.network.getFeeCurrencies()).find((c) => c.symbol === "USDC");
 * ```
 */
export interface FeeCurrency {
  /** The address to put in a transaction's `feeCurrency` (the adapter for USDC and USD₮). */
  feeCurrency: Address;
  /**
   * The symbol of the token it spends: the registry's, or (`registry: false`) the token's own `symbol()` as the
   * chain answers it; `null` when the token answers none.
   */
  symbol: string | null;
  /**
   * `true` when preflow's registry lists the currency; `false`: a currency the directory lists that preflow does
   * not know (XAU₮0, one added by governance later), its token, symbol and decimals read from the chain. Either
   * can be named by its `feeCurrency` address.
   */
  registry: boolean;
  /** The token spent (`null` when unknown). */
  token: Address | null;
  /** The adapter, when the fee currency is one (`feeCurrency !== token`); otherwise `null`. */
  adapter: Address | null;
  /** The token's decimals (`null` when unknown); the fee currency's own amounts have 18 decimals. */
  decimals: number | null;
  /**
   * Currency amount (18 decimals) = CELO amount x numerator / denominator (`getExchangeRate`); `null` when the
   * rate is invalid (zero or the read reverts: the node refuses the currency meanwhile) or not read (unknown).
   */
  rate: { numerator: bigint; denominator: bigint } | null;
  /** Gas the node adds to a transaction paying in this currency (`getCurrencyConfig`); `null` when not read. */
  intrinsicGas: bigint | null;
}

/** The directory reads of every fee currency preflow knows (config and rate each), for one Multicall3. @internal */
export function feeCurrencyDirectoryReads(currencies: readonly Address[]): ReadCall[] {
  const read = (functionName: "getCurrencyConfig" | "getExchangeRate", currency: Address): ReadCall => ({
    target: FEE_CURRENCY_DIRECTORY_ADDRESS,
    abi: feeCurrencyDirectoryAbi,
    callData: encodeFunctionData({ abi: feeCurrencyDirectoryAbi, functionName, args: [currency] }),
  });
  return currencies.flatMap((currency) => [
    read("getCurrencyConfig", currency),
    read("getExchangeRate", currency),
  ]);
}

/** Decodes a config and a rate read into the parts of a {@link FeeCurrency}. @internal */
export function decodeFeeCurrencyReads(
  config: ReadResult | undefined,
  rate: ReadResult | undefined,
): Pick<FeeCurrency, "rate" | "intrinsicGas"> {
  const configValue = config?.value as { intrinsicGas?: bigint } | undefined;
  const intrinsicGas =
    typeof configValue?.intrinsicGas === "bigint" && configValue.intrinsicGas > 0n
      ? configValue.intrinsicGas
      : null;
  const [numerator, denominator] = (Array.isArray(rate?.value) ? rate.value : []) as bigint[];
  return {
    intrinsicGas,
    rate:
      typeof numerator === "bigint" && typeof denominator === "bigint" && numerator > 0n && denominator > 0n
        ? { numerator, denominator }
        : null,
  };
}

/** A {@link FeeCurrency} from its address and its decoded reads. @internal */
export function describeFeeCurrency(
  feeCurrency: Address,
  reads: Pick<FeeCurrency, "rate" | "intrinsicGas">,
): FeeCurrency {
  const token = tokenOfFeeCurrency(feeCurrency);
  return {
    feeCurrency,
    symbol: token?.symbol ?? null,
    registry: token !== undefined,
    token: token?.address ?? null,
    adapter: token && token.address.toLowerCase() !== feeCurrency.toLowerCase() ? feeCurrency : null,
    decimals: token?.decimals ?? null,
    ...reads,
  };
}
