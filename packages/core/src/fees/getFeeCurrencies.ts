import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, encodeFunctionData } from "viem";
import type { SdkBaseClient } from "../clients/types.js";
import type { InvalidArgumentError } from "../errors/argument.js";
import type { ChainMismatchError } from "../errors/chain.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../errors/rpc.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { readBatch } from "../rpc/readBatch.js";
import { toRpcError } from "../rpc/toRpcError.js";
import {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_OF_TOKEN,
  feeCurrencyDirectoryAbi,
} from "./feeCurrencies.js";
import {
  decodeFeeCurrencyReads,
  describeFeeCurrency,
  type FeeCurrency,
  feeCurrencyDirectoryReads,
} from "./feeCurrencyReads.js";

export type { FeeCurrency } from "./feeCurrencyReads.js";

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
