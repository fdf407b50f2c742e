import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../clients/types.js";
import type { InvalidArgumentError } from "../errors/argument.js";
import type { ChainMismatchError } from "../errors/chain.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../errors/rpc.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { readBatch } from "../rpc/readBatch.js";
import type { FeeCurrency } from "./feeCurrencyReads.js";

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
 * HTTP requests: 1 (one `eth_call` of a lens's creation code, never deployed: the directory's list, then each
 * currency's adapted token, config and rate, and its token's `symbol()` and `decimals()`, however many the directory
 * lists and whether preflow knows them or not).
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
    // the lens's code (about 2 KB) loads with the first call, not with every client
    const { decodeFeeCurrencyLens, feeCurrencyLensCall } = await import("./feeCurrencyReads.js");
    const { calls } = await readBatch(client, { calls: [feeCurrencyLensCall()], signal });
    return decodeFeeCurrencyLens(calls[0], client.rpc.rpcUrl).map(
      ({ balance: _, ...currency }): FeeCurrency => currency,
    );
  });
}
