import { hexToBigInt } from "viem";
import { CHAIN_ID } from "../../chain.js";
import type { ClientContext } from "../../client/context.js";
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
 * Reads the chain id, latest block and fees in one HTTP request (`eth_chainId`, `eth_getBlockByNumber`,
 * `eth_gasPrice` in one JSON-RPC batch). Throws `ChainMismatchError` if the endpoint is not chain 42220.
 *
 * @example
 * ```ts
 * const { blockNumber, baseFeePerGas, gasPrice } = await client.network.getStatus();
 * ```
 */
export async function getStatus(ctx: ClientContext): Promise<NetworkStatus> {
  return ctx.track("network.getStatus", undefined, async () => {
    const [block, gasPrice] = await ctx.rpc.batch([
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
      throw toRpcError(
        new Error("the node returned no latest block or gas price"),
        ctx.rpc.rpcUrl,
        "eth_getBlockByNumber",
      );
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
