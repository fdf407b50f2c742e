import { rejectUnknownKeys } from "@preflow/errors";
import { hexToBigInt } from "viem";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { isQuantity as quantity } from "../../rpc/quantity.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";

/**
 * The return type of `client.network.getStatus`.
 *
 * @example
 * ```ts
 * import type { NetworkStatus } from "@preflow/core";
 * const status: NetworkStatus = await client.network.getStatus();
 * ```
 */
export interface NetworkStatus {
  chainId: 42220;
  /** Latest block number. */
  blockNumber: bigint;
  /** Latest block time (Unix seconds). */
  blockTimestamp: bigint;
  /** EIP-1559 base fee of the latest block in wei, `null` if the node reports none. */
  baseFeePerGas: bigint | null;
  /** `eth_gasPrice` in wei. */
  gasPrice: bigint;
}

/**
 * Parameters of {@link getStatus} (all optional).
 *
 * @example
 * ```ts
 * import type { GetStatusParameters } from "@preflow/core";
 * const parameters: GetStatusParameters = { signal: AbortSignal.timeout(5_000) };
 * ```
 */
export interface GetStatusParameters extends ActionOptions {}

/**
 * The return type of {@link getStatus}.
 *
 * @example
 * ```ts
 * import type { GetStatusReturnType } from "@preflow/core";
 * ```
 */
export type GetStatusReturnType = NetworkStatus;

/**
 * The errors {@link getStatus} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetStatusErrorType } from "@preflow/core";
 * ```
 */
export type GetStatusErrorType = InvalidArgumentError | ReadBatchErrorType;

const KEYS = ["signal"] as const;

/**
 * Reads the chain id, latest block and fees (`eth_chainId`, `eth_getBlockByNumber`, `eth_gasPrice` in one
 * JSON-RPC batch). A tracked read (`network.getStatus`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetStatusErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStatus } from "@preflow/core";
 * const { blockNumber, baseFeePerGas, gasPrice } = await getStatus(createSdkBaseClient());
 * ```
 */
export async function getStatus(
  client: SdkBaseClient,
  parameters: GetStatusParameters = {},
): Promise<GetStatusReturnType> {
  const { signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  return client.track("network.getStatus", undefined, async () => {
    const [block, gasPrice] = await client.rpc.batch(
      [{ method: "eth_getBlockByNumber", params: ["latest", false] }, { method: "eth_gasPrice" }],
      { signal },
    );
    const raw = block as { number?: unknown; timestamp?: unknown; baseFeePerGas?: unknown } | null;
    if (
      !raw ||
      !quantity(raw.number) ||
      !quantity(raw.timestamp) ||
      !quantity(gasPrice) ||
      (raw.baseFeePerGas != null && !quantity(raw.baseFeePerGas))
    ) {
      throw toRpcError(new Error("the node returned no latest block or gas price, or a malformed one"), {
        rpcUrl: client.rpc.rpcUrl,
        method: "eth_getBlockByNumber",
      });
    }
    return {
      chainId: CHAIN_ID,
      blockNumber: hexToBigInt(raw.number as `0x${string}`),
      blockTimestamp: hexToBigInt(raw.timestamp as `0x${string}`),
      baseFeePerGas:
        typeof raw.baseFeePerGas === "string" ? hexToBigInt(raw.baseFeePerGas as `0x${string}`) : null,
      gasPrice: hexToBigInt(gasPrice as `0x${string}`),
    };
  });
}
