import { SdkError } from "./base.js";

/**
 * Parameters of {@link RpcError}.
 *
 * @example
 * ```ts
 * throw new RpcError({ rpcUrl: "https://rpc.example/v2/***", method: "eth_call", reason: "timed out" });
 * ```
 */
export interface RpcErrorParameters {
  /** The endpoint, already redacted. */
  rpcUrl: string;
  /** The JSON-RPC method(s) of the failed request. */
  method: string;
  /** What went wrong (already redacted). */
  reason: string;
  /** HTTP status, when there was one. */
  status?: number;
  /** JSON-RPC error code, when there was one. */
  rpcCode?: number;
}

/**
 * A transport failure or a JSON-RPC error from the endpoint (after retries). The URL in the message and
 * details has its credentials and API keys redacted.
 *
 * @example
 * ```ts
 * import { RpcError } from "@preflow/core";
 *
 * try {
 *   await client.network.getStatus();
 * } catch (error) {
 *   if (error instanceof RpcError) console.error(error.details.status, error.details.rpcUrl);
 * }
 * ```
 */
export class RpcError extends SdkError<"RPC_ERROR"> {
  override readonly name: string = "RpcError";

  constructor(parameters: RpcErrorParameters) {
    const { rpcUrl, method, reason, status, rpcCode } = parameters;
    const statusText = status === undefined ? "" : ` (HTTP ${status})`;
    super({
      code: "RPC_ERROR",
      message: `RPC request ${method} to ${rpcUrl} failed${statusText}: ${reason}. Check the endpoint or use a dedicated RPC provider.`,
      details: {
        rpcUrl,
        method,
        reason,
        ...(status === undefined ? {} : { status }),
        ...(rpcCode === undefined ? {} : { rpcCode }),
      },
    });
  }
}
