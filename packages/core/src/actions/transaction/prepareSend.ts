import { rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData, erc20Abi } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InsufficientBalanceError, type InvalidAmountError } from "../../errors/amount.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { InvalidFeeCurrencyError } from "../../errors/feeCurrency.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import { type FeeCurrencyInput, resolveFeeCurrencyInput } from "../../fees/feeCurrencies.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";

/**
 * Parameters of {@link prepareSend}.
 *
 * @example
 * ```ts
 * import type { PrepareSendParameters } from "@preflow/core";
 * const parameters: PrepareSendParameters = { from, to, token: "USDm", amount: "12.5" };
 * ```
 */
export interface PrepareSendParameters {
  /** The sender (the account that will sign). */
  from: string;
  /** The recipient (may equal `from`; never the zero address). */
  to: string;
  /** A registry symbol (`"USDm"`, `"CELO"`, former tickers such as `"cUSD"`) or a listed token's address. */
  token: TokenInput;
  /** A human decimal string (`"12.5"`), exact to the token's decimals. */
  amount: string;
  /**
   * Who pays the gas: `"CELO"` (the default: nothing changes), a token symbol (`"USDm"`, `"USDC"`, `"USDT"`), a
   * fee-currency address (USDC's adapter, not the token), or `"auto"` (CELO when the account can pay in CELO, else
   * the registered stable it holds most of that can pay). With a fee currency the step carries `feeCurrency` and
   * the flow `fee`; when the fee is paid in the token sent, the amount plus `fee.max` must fit the balance.
   */
  feeCurrency?: FeeCurrencyInput | undefined;
  /** Stops waiting for the node: the call rejects with `RequestAbortedError` at once (checked before any I/O too). */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareSend}: a one-step prepared flow with `intent` `{ kind: "send" }`.
 *
 * @example
 * ```ts
 * import type { PrepareSendReturnType } from "@preflow/core";
 * const flow: PrepareSendReturnType = await client.transaction.prepareSend(from, to, "USDm", "1");
 * ```
 */
export type PrepareSendReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareSend} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `from` or `to` is not an address (or `to` is the zero address).
 * - {@link UnknownTokenError}: the token is not in the registry.
 * - {@link InvalidAmountError}: the amount is not a positive decimal string for the token.
 * - {@link InsufficientBalanceError}: the balance is below the amount.
 * - {@link TokenReadError}: the token contract answered the balance read with something that is not a uint256.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { PrepareSendErrorType } from "@preflow/core";
 * ```
 */
export type PrepareSendErrorType =
  | InvalidArgumentError
  | InvalidAddressError
  | UnknownTokenError
  | InvalidAmountError
  | InsufficientBalanceError
  | TokenReadError
  | InvalidFeeCurrencyError
  | ReadBatchErrorType;

const KEYS = ["from", "to", "token", "amount", "feeCurrency", "signal"];

/**
 * Prepares a token transfer from `from` to `to` (CELO through its ERC-20 interface): checks the sender's balance
 * and returns a one-step flow with the tagged `transfer` calldata, its decoded `call`, the `intent` and the block
 * the balance was read at (`preparedAt`).
 *
 * HTTP requests: 1 (balance and block number in one Multicall3 call; the first call's chain check folded in;
 * with a fee currency, its directory config and rate, the paying balances, `eth_gasPrice`,
 * `eth_maxPriorityFeePerGas` and `eth_estimateGas` in the same JSON-RPC batch).
 *
 * @throws {@link PrepareSendErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSend } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareSend(client, {
 *   from: "0x1111111111111111111111111111111111111111",
 *   to: "0x2222222222222222222222222222222222222222",
 *   token: "USDm",
 *   amount: "12.5",
 * });
 * // flow.steps: [{ kind: "erc20", to: USDm, data: transfer(to, 12.5e18) + suffix, value: "0", call, ... }]
 * ```
 */
export async function prepareSend(
  client: SdkBaseClient,
  parameters: PrepareSendParameters,
): Promise<PrepareSendReturnType> {
  rejectUnknownKeys(parameters, "parameters", KEYS);
  const { from, to, token, amount, signal } = parameters;
  const feeChoice = resolveFeeCurrencyInput(parameters.feeCurrency);
  const sender = parseAddress(from, "from");
  const recipient = parseAddress(to, "to", { allowZero: false });
  const info = resolveToken(token);
  const value = parseAmount(amount, { decimals: info.decimals, token: info.symbol, field: "amount" });
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, value] });
  const human = formatAmount(value, info.decimals);

  // The fee planner is loaded only when gas is paid in a fee currency (it stays out of the initial bundle).
  const fees = feeChoice.kind === "celo" ? undefined : await import("../../fees/planFee.js");
  const plan =
    fees && feeChoice.kind !== "celo"
      ? fees.planFee(feeChoice, {
          from: sender,
          to: info.address,
          data,
          value: 0n,
          spend: { token: info, amount: value },
        })
      : undefined;
  const { reads, calls, blockNumber } = await readBatch(client, {
    reads: [balanceOfCall(info, sender), ...(plan?.reads ?? [])],
    calls: plan?.calls ?? [],
    blockNumber: true,
    signal,
  });
  const balance = expectUint(reads[0], info, "balanceOf");
  const paid = plan && fees ? fees.settleFee(plan, reads.slice(1), calls, client.rpc.rpcUrl) : undefined;
  if (balance < value) {
    throw new InsufficientBalanceError({
      owner: sender,
      token: info.symbol,
      have: balance,
      need: value,
      haveFormatted: formatAmount(balance, info.decimals),
      needFormatted: human,
    });
  }

  const description = `Transfer ${human} ${info.symbol} to ${recipient}`;
  return {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from: sender,
    summary: `Send ${human} ${info.symbol} from ${sender} to ${recipient}`,
    steps: [
      {
        kind: "erc20",
        to: info.address,
        data: client.tag(data),
        value: "0",
        description,
        call: { contract: info.symbol, functionName: "transfer", args: [recipient, value.toString()] },
        ...(paid ? { feeCurrency: paid.fee.feeCurrency } : {}),
      },
    ],
    ...(paid ? { fee: paid.fee } : {}),
    intent: { kind: "send", token: info.address, to: recipient, amount: value.toString() },
    preparedAt: { blockNumber: String(blockNumber) },
  };
}
