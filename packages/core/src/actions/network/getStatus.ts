import { hexToBigInt } from "viem";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { ChainMismatchError } from "../../errors/chain.js";
import type { RpcError } from "../../errors/rpc.js";
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
 * The return type of {@link getStatus}.
 *
 * @example
 * ```ts
 * import type { GetStatusReturnType } from "@preflow/core";
 * ```
 */
export type GetStatusReturnType = NetworkStatus;

/**
 * The errors {@link getStatus} throws.
 *
 * @example
 * ```ts
 * import type { GetStatusErrorType } from "@preflow/core";
 * ```
 */
export type GetStatusErrorType = ChainMismatchError | RpcError;

/**
 * Reads the chain id, latest block and fees (`eth_chainId`, `eth_getBlockByNumber`, `eth_gasPrice` in one
 * JSON-RPC batch). A tracked read (`network.getStatus`).
 *
 * HTTP requests: 1.
 *
 * @throws {ChainMismatchError} `rpcUrl` is not chain 42220.
 * @throws {RpcError} the endpoint failed or returned no block (URL redacted).
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStatus } from "@preflow/core";
 * const { blockNumber, baseFeePerGas, gasPrice } = await getStatus(createSdkBaseClient());
 * ```
 */
export async function getStatus(client: SdkBaseClient): Promise<GetStatusReturnType> {
  return client.track("network.getStatus", undefined, async () => {
    const [block, gasPrice] = await client.rpc.batch([
      { method: "eth_getBlockByNumber", params: ["latest", false] },
      { method: "eth_gasPrice" },
    ]);
    const raw = block as { number?: unknown; timestamp?: unknown; baseFeePerGas?: unknown } | null;
    if (
      !raw ||
      typeof raw.number !== "string" ||
      typeof raw.timestamp !== "string" ||
      typeof gasPrice !== "string"
    ) {
      throw toRpcError(new Error("the node returned no latest block or gas price"), {
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
