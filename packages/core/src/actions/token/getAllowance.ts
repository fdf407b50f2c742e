import { type Address, maxUint256 } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { allowanceCall, expectUint } from "../../tokens/erc20Reads.js";
import { parseTokenCall } from "../../tokens/parseTokenCall.js";
import type { TokenInfo } from "../../tokens/registry.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";

/**
 * An ERC-20 allowance.
 *
 * @example
 * ```ts
 * import type { TokenAllowance } from "@preflow/core";
 * const allowance: TokenAllowance = await client.token.getAllowance(owner, spender, "USDm");
 * if (allowance.unlimited) console.log("unlimited");
 * ```
 */
export interface TokenAllowance {
  owner: Address;
  spender: Address;
  token: TokenInfo;
  /** Base units. */
  value: bigint;
  /** Exact human decimal string. */
  formatted: string;
  /** `true` when the allowance is the maximum uint256 (an "unlimited" approval). */
  unlimited: boolean;
}

/**
 * Parameters of {@link getAllowance}.
 *
 * @example
 * ```ts
 * import type { GetAllowanceParameters } from "@preflow/core";
 * const parameters: GetAllowanceParameters = { owner, spender, token: "USDC" };
 * ```
 */
export interface GetAllowanceParameters extends ActionOptions {
  owner: string;
  spender: string;
  token: TokenInput;
}

/**
 * The return type of {@link getAllowance}.
 *
 * @example
 * ```ts
 * import type { GetAllowanceReturnType } from "@preflow/core";
 * ```
 */
export type GetAllowanceReturnType = TokenAllowance;

/**
 * The errors {@link getAllowance} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `owner` or `spender` is not an address.
 * - {@link UnknownTokenError}: the token is not in the registry.
 * - {@link TokenReadError}: the token contract did not answer.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { GetAllowanceErrorType } from "@preflow/core";
 * ```
 */
export type GetAllowanceErrorType = TokenCallErrorType | TokenReadError;

const KEYS = ["owner", "spender", "token", "signal"] as const;

/**
 * Reads how much of `owner`'s `token` `spender` may spend. A tracked read (`token.getAllowance`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetAllowanceErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAllowance } from "@preflow/core";
 * const { formatted, unlimited } = await getAllowance(createSdkBaseClient(), {
 *   owner,
 *   spender: "0x3333333333333333333333333333333333333333",
 *   token: "USDC",
 * });
 * ```
 */
export async function getAllowance(
  client: SdkBaseClient,
  parameters: GetAllowanceParameters,
): Promise<GetAllowanceReturnType> {
  const {
    account,
    counterparty: approved,
    token: info,
  } = parseTokenCall(parameters, KEYS, "owner", "spender");
  const { signal } = parameters;
  return client.track("token.getAllowance", account, async () => {
    const { reads } = await readBatch(client, {
      reads: [allowanceCall(info, account, approved)],
      signal,
    });
    const value = expectUint(reads[0], info, "allowance");
    return {
      owner: account,
      spender: approved,
      token: info,
      value,
      formatted: formatAmount(value, info.decimals),
      unlimited: value === maxUint256,
    };
  });
}
