import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, encodeFunctionData } from "viem";
import type { SdkBaseClient } from "../clients/types.js";
import type { InvalidArgumentError } from "../errors/argument.js";
import type { ChainMismatchError } from "../errors/chain.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../errors/rpc.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { type ReadCall, type ReadResult, readBatch } from "../rpc/readBatch.js";
import { toRpcError } from "../rpc/toRpcError.js";
import {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_OF_TOKEN,
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

/**
 * Parameters of {@link getFeeCurrencies} (all optional).
 *
 * @example
 * ```ts
 * import type { GetFeeCurrenciesParameters } from "@preflow/core";
 * const parameters: GetFeeCurrenciesParameters = { signal: AbortSignal.timeout(5_000) };
 * ```
 */
export interface GetFeeCurrenciesParameters extends ActionOptions {}

/**
 * The return type of {@link getFeeCurrencies}: the registered currencies, in the directory's order.
 *
 * @example
 * ```ts
 * import type { GetFeeCurrenciesReturnType } from "@preflow/core";
 * ```
 */
export type GetFeeCurrenciesReturnType = FeeCurrency[];

/**
 * The errors {@link getFeeCurrencies} throws.
 *
 * @example
 * ```ts
 * import type { GetFeeCurrenciesErrorType } from "@preflow/core";
 * ```
 */
export type GetFeeCurrenciesErrorType =
  | InvalidArgumentError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError
  | RequestAbortedError;

const KEYS = ["signal"];

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

/**
 * The fee currencies registered in Celo's FeeCurrencyDirectory, every one it lists, with the token each one spends
 * (the adapter rule: USDC, USD₮ and USA₮ pay through an adapter, Mento stables are their own fee currency), its
 * rate and intrinsic gas. A tracked read (`network.getFeeCurrencies`). A currency preflow's registry does not list
 * (`registry: false`) is described from the chain: `getAdaptedToken()` / `adaptedToken()` tell an adapter, the token's `symbol()` and
 * `decimals()` are read (`null` when it answers none), with its config and rate.
 *
 * HTTP requests: 1 when the registry knows every listed currency (`getCurrencies()` and every known currency's
 * config and rate in one Multicall3 call); 2 when some are not (their config, rate, adapted token, `symbol()`
 * and `decimals()` in a second); 3 when one of those is an adapter (its token's `symbol()` and `decimals()`).
 *
 * @throws {ChainMismatchError} `rpcUrl` is not chain 42220.
 * @throws {RpcError} the endpoint failed, the directory answered nothing, or in a shape that does not decode.
 * @throws {RpcRateLimitedError} the endpoint asked to wait longer than `maxRetryAfterMs`.
 * @throws {RequestAbortedError} `signal` aborted.
 * @throws {InvalidArgumentError} an unknown key in `parameters`; before any I/O.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getFeeCurrencies } from "@preflow/core";
 * const currencies = await getFeeCurrencies(createSdkBaseClient());
 * // [{ symbol: "USDC", feeCurrency: "0x2F25…602B", token: "0xcebA…118C", adapter: "0x2F25…602B", rate, intrinsicGas }, ...]
 * ```
 */
export async function getFeeCurrencies(
  client: SdkBaseClient,
  parameters: GetFeeCurrenciesParameters = {},
): Promise<GetFeeCurrenciesReturnType> {
  rejectUnknownKeys(parameters, "parameters", KEYS);
  const { signal } = parameters;
  return client.track("network.getFeeCurrencies", undefined, async () => {
    const known = Object.values(FEE_CURRENCY_OF_TOKEN) as Address[];
    const { reads } = await readBatch(client, {
      reads: [
        {
          target: FEE_CURRENCY_DIRECTORY_ADDRESS,
          abi: feeCurrencyDirectoryAbi,
          callData: encodeFunctionData({ abi: feeCurrencyDirectoryAbi, functionName: "getCurrencies" }),
        },
        ...feeCurrencyDirectoryReads(known),
      ],
      signal,
    });
    const listed = reads[0]?.value;
    if (!Array.isArray(listed))
      throw toRpcError(
        new Error(`the FeeCurrencyDirectory at ${FEE_CURRENCY_DIRECTORY_ADDRESS} answered no currency list`),
        {
          rpcUrl: client.rpc.rpcUrl,
          method: "eth_call (getCurrencies)",
        },
      );
    const isKnown = (currency: Address) => known.some((k) => k.toLowerCase() === currency.toLowerCase());
    const unknown = (listed as Address[]).filter((currency) => !isKnown(currency));
    // only when the directory lists a currency the registry does not know (loaded then)
    const fromChain =
      unknown.length === 0
        ? []
        : await (await import("./describeUnlistedFeeCurrencies.js")).describeUnlistedFeeCurrencies(
            client,
            unknown,
            signal,
          );
    return (listed as Address[]).map((feeCurrency) => {
      const index = known.findIndex((k) => k.toLowerCase() === feeCurrency.toLowerCase());
      if (index < 0) return fromChain[unknown.indexOf(feeCurrency)]!;
      return describeFeeCurrency(
        feeCurrency,
        decodeFeeCurrencyReads(reads[1 + 2 * index], reads[2 + 2 * index]),
      );
    });
  });
}
