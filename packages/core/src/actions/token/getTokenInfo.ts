import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { expectUint, totalSupplyCall } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";

/**
 * The return type of `client.token.getTokenInfo`: the registry entry plus the on-chain total supply.
 *
 * @example
 * ```ts
 * import type { GetTokenInfoReturnType } from "@preflow/core";
 * const info: GetTokenInfoReturnType = await client.token.getTokenInfo("USDC");
 * ```
 */
export interface GetTokenInfoReturnType extends TokenInfo {
  /** `totalSupply()` in base units. */
  totalSupply: bigint;
}

/**
 * Parameters of {@link getTokenInfo}.
 *
 * @example
 * ```ts
 * import type { GetTokenInfoParameters } from "@preflow/core";
 * const parameters: GetTokenInfoParameters = { token: "USDC" };
 * ```
 */
export interface GetTokenInfoParameters extends ActionOptions {
  /** A registry symbol, former ticker or listed address. */
  token: TokenInput;
}

/**
 * The errors {@link getTokenInfo} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link UnknownTokenError}: the token is not in the registry.
 * - {@link TokenReadError}: the token contract did not answer.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetTokenInfoErrorType } from "@preflow/core";
 * ```
 */
export type GetTokenInfoErrorType =
  | InvalidArgumentError
  | UnknownTokenError
  | TokenReadError
  | ReadBatchErrorType;

const KEYS = ["token", "signal"] as const;

/**
 * Looks a token up in the registry (symbol, former ticker or address) and reads its `totalSupply` on chain,
 * which also proves the contract answers at that address. A tracked read (`token.getTokenInfo`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetTokenInfoErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getTokenInfo } from "@preflow/core";
 * const usdc = await getTokenInfo(createSdkBaseClient(), { token: "usdc" });
 * console.log(usdc.address, usdc.decimals, usdc.totalSupply);
 * ```
 */
export async function getTokenInfo(
  client: SdkBaseClient,
  parameters: GetTokenInfoParameters,
): Promise<GetTokenInfoReturnType> {
  const { token, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const info = resolveToken(token);
  return client.track("token.getTokenInfo", undefined, async () => {
    const { reads } = await readBatch(client, { reads: [totalSupplyCall(info)], signal });
    return { ...info, totalSupply: expectUint(reads[0], info, "totalSupply") };
  });
}
