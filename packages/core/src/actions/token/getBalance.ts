import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * A token balance: exact base units and their human form.
 *
 * @example
 * ```ts
 * import type { TokenBalance } from "@preflow/core";
 * const balance: TokenBalance = await client.token.getBalance(owner, "USDm");
 * console.log(`${balance.formatted} ${balance.token.symbol}`);
 * ```
 */
export interface TokenBalance {
  owner: Address;
  token: TokenInfo;
  /** Base units. */
  value: bigint;
  /** Exact human decimal string (`"1.5"`). */
  formatted: string;
}

/**
 * Parameters of {@link getBalance}.
 *
 * @example
 * ```ts
 * import type { GetBalanceParameters } from "@preflow/core";
 * const parameters: GetBalanceParameters = { owner, token: "USDm" };
 * ```
 */
export interface GetBalanceParameters extends ActionOptions {
  owner: string;
  token: TokenInput;
}

/**
 * The return type of {@link getBalance}.
 *
 * @example
 * ```ts
 * import type { GetBalanceReturnType } from "@preflow/core";
 * ```
 */
export type GetBalanceReturnType = TokenBalance;

/**
 * The errors {@link getBalance} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `owner` is not an address.
 * - {@link UnknownTokenError}: the token is not in the registry.
 * - {@link TokenReadError}: the token contract did not answer.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetBalanceErrorType } from "@preflow/core";
 * ```
 */
export type GetBalanceErrorType = TokenCallErrorType | TokenReadError;

const KEYS = ["owner", "token", "signal"] as const;

/**
 * Reads `owner`'s balance of `token` (CELO: the native balance, through its ERC-20 interface). A tracked read
 * (telemetry operation `token.getBalance`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetBalanceErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBalance } from "@preflow/core";
 * const { formatted } = await getBalance(createSdkBaseClient(), { owner: "0x1111111111111111111111111111111111111111", token: "CELO" });
 * ```
 */
export async function getBalance(
  client: SdkBaseClient,
  parameters: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  const { owner, token, signal } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const account = parseAddress(owner, "owner");
  const info = resolveToken(token);
  return client.track("token.getBalance", account, async () => {
    const { reads } = await readBatch(client, { reads: [balanceOfCall(info, account)], signal });
    const value = expectUint(reads[0], info, "balanceOf");
    return { owner: account, token: info, value, formatted: formatAmount(value, info.decimals) };
  });
}
