import type { GetStatusReturnType } from "../actions/network/getStatus.js";
import { getStatus } from "../actions/network/lazyActions.js";
import type { SdkBaseClient } from "../clients/types.js";
import { type GetFeeCurrenciesReturnType, getFeeCurrencies } from "../fees/getFeeCurrencies.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.network`: chain status (tracked by telemetry).
 *
 * @example
 * ```ts
 * const { blockNumber } = await client.network.getStatus();
 * ```
 */
export interface NetworkActions {
  /**
   * Chain id, latest block number and time, base fee and gas price. The client form of {@link getStatus}.
   * HTTP requests: 1.
   *
   * @throws {@link GetStatusErrorType}
   *
   * @example
   * ```ts
   * const { blockNumber, baseFeePerGas, gasPrice } = await client.network.getStatus();
   * ```
   */
  getStatus(options?: ActionOptions): Promise<GetStatusReturnType>;
  /**
   * The fee currencies registered in Celo's FeeCurrencyDirectory, with symbol, token, adapter, rate and intrinsic
   * gas. The client form of {@link getFeeCurrencies}. HTTP requests: 1.
   *
   * @throws {@link GetFeeCurrenciesErrorType}
   *
   * @example
   * ```ts
   * const currencies = await client.network.getFeeCurrencies();
   * currencies.find((c) => c.symbol === "USDC")?.feeCurrency; // the adapter 0x2F25…602B
   * ```
   */
  getFeeCurrencies(options?: ActionOptions): Promise<GetFeeCurrenciesReturnType>;
}

/**
 * The `network` group as a decorator: `createSdkBaseClient().extend(networkActions)` gives `client.network`
 * ({@link NetworkActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ network }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, networkActions } from "@preflow/core";
 * const { blockNumber } = await createSdkBaseClient().extend(networkActions).network.getStatus();
 * ```
 */
export function networkActions(client: SdkBaseClient): { network: NetworkActions } {
  return {
    network: Object.freeze({
      getStatus: async (options?: ActionOptions) => getStatus(client, parseOptions(options)),
      getFeeCurrencies: async (options?: ActionOptions) => getFeeCurrencies(client, parseOptions(options)),
    }),
  };
}
