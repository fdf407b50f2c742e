import { encodeFunctionData, erc20Abi } from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InsufficientBalanceError, type InvalidAmountError } from "../../errors/amount.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../fees/flowFee.js";
import { planFlowFee, readWithFeePlan, withFlowFee } from "../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { balanceOfCall, expectUint } from "../../tokens/erc20Reads.js";
import { parseTokenCall } from "../../tokens/parseTokenCall.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";

/**
 * Parameters of {@link prepareSend}.
 *
 * @example
 * ```ts
 * import type { PrepareSendParameters } from "@preflow/core";
 * const parameters: PrepareSendParameters = { from, to, token: "USDm", amount: "12.5" };
 * ```
 */
/**
 * The amount of a send: a human decimal string (`"12.5"`), or `"max"`: the whole balance, less the maximum fee when
 * the fee is paid in the token sent (CELO paying its own gas, or a fee currency's token).
 *
 * @example
 * ```ts
 * import type { SendAmount } from "@preflow/core";
 * const amounts: SendAmount[] = ["12.5", "max"];
 * ```
 */
export type SendAmount = "max" | (string & {});

/**
 * Parameters of {@link prepareSend}.
 *
 * @example
 * ```ts
 * import type { PrepareSendParameters } from "@preflow/core";
 * const parameters: PrepareSendParameters = { from, to, token: "USDm", amount: "12.5" };
 * ```
 */
export interface PrepareSendParameters extends FeeCurrencyOption, ActionOptions {
  /** The sender (the account that will sign). */
  from: string;
  /** The recipient (may equal `from`; never the zero address). */
  to: string;
  /** A registry symbol (`"USDm"`, `"CELO"`, former tickers such as `"cUSD"`) or a listed token's address. */
  token: TokenInput;
  /**
   * A human decimal string (`"12.5"`), exact to the token's decimals; or `"max"`: the balance, minus `fee.max`
   * when the fee is paid in the token sent (for CELO paying its own gas: CELO's maximum fee at the planned gas and
   * `maxFeePerGas` = 2 x base fee + tip; the executor's own caps stay below it), the whole balance otherwise.
   */
  amount: SendAmount;
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
 * - {@link InsufficientBalanceError}: the balance is below the amount; or below the amount plus `fee.max` when the fee is paid in the token sent; or, with `"max"`, the balance does not cover the maximum fee (nothing would be left to send).
 * - {@link TokenReadError}: the token contract answered the balance read with something that is not a uint256.
 * - {@link FeeErrorType}: paying gas in a fee currency: `InvalidFeeCurrencyError` (before any request where the input alone decides), `FeeEstimateRevertedError`.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { PrepareSendErrorType } from "@preflow/core";
 * ```
 */
export type PrepareSendErrorType =
  | TokenCallErrorType
  | InvalidAmountError
  | InsufficientBalanceError
  | TokenReadError
  | FeeErrorType;

const KEYS = ["from", "to", "token", "amount", "feeCurrency", "signal"];

/**
 * Prepares a token transfer from `from` to `to` (CELO through its ERC-20 interface): checks the sender's balance
 * and returns a one-step flow with the tagged `transfer` calldata, its decoded `call`, the `intent` and the block
 * the balance was read at (`preparedAt`).
 *
 * HTTP requests: 1 (balance and block number in one Multicall3 call; the first call's chain check folded in;
 * with a fee currency, its directory config and rate, the paying balances, `eth_gasPrice`,
 * `eth_maxPriorityFeePerGas` and an `eth_simulateV1` of the transfer in the same JSON-RPC batch).
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
  const {
    account: sender,
    counterparty: recipient,
    token: info,
  } = parseTokenCall(parameters, KEYS, "from", "to", { allowZero: false });
  const { amount, signal } = parameters;
  const max = amount === "max";
  const asked = max
    ? undefined
    : parseAmount(amount, { decimals: info.decimals, token: info.symbol, field: "amount" });
  const encode = (value: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, value] });

  // The fee planner is loaded only when gas is paid in a fee currency (it stays out of the initial bundle); a
  // send of the whole CELO balance plans CELO's own fee. With "max" the sketch sends 1 unit (the calldata of the
  // real amount is added when it settles; a whole balance moved costs no more gas than part of it).
  const plan = await planFlowFee(client, parameters.feeCurrency, {
    from: sender,
    alternatives: [[{ to: info.address, data: encode(asked ?? 1n) }]],
    celoToo: max && info.native,
  });
  const {
    reads,
    blockNumber,
    fee: feeAnswers,
  } = await readWithFeePlan(client, {
    reads: [balanceOfCall(info, sender)],
    plan,
    signal,
  });
  const balance = expectUint(reads[0], info, "balanceOf");
  const insufficient = (need: bigint, needFormatted: string) =>
    new InsufficientBalanceError({
      owner: sender,
      token: info.symbol,
      have: balance,
      need,
      haveFormatted: formatAmount(balance, info.decimals),
      needFormatted,
    });
  let value: bigint;
  let settled: ReturnType<NonNullable<typeof plan>["settle"]> | undefined;
  if (asked !== undefined) {
    value = asked;
    if (balance < value) throw insufficient(value, formatAmount(value, info.decimals));
    settled = plan?.settle(feeAnswers.reads, feeAnswers.calls, {
      steps: [{ to: info.address, data: client.tag(encode(value)) }],
      spend: [{ token: info, amount: value }],
    });
  } else {
    if (balance === 0n) throw insufficient(1n, `more than 0 (the whole balance)`);
    // the fee first (with the whole balance's calldata, spending nothing), then what is left of the balance
    settled = plan?.settle(feeAnswers.reads, feeAnswers.calls, {
      steps: [{ to: info.address, data: client.tag(encode(balance)) }],
    });
    const paysInToken =
      (settled?.kind === "currency" && settled.token.address === info.address) ||
      (settled?.kind === "celo" && info.native);
    const fee = paysInToken ? settled!.max : 0n;
    if (balance <= fee)
      throw insufficient(
        fee + 1n,
        `more than ${formatAmount(fee, info.decimals)} (max fee) to send the balance less the fee`,
      );
    value = balance - fee;
  }
  const data = encode(value);
  const human = formatAmount(value, info.decimals);

  const description = `Transfer ${human} ${info.symbol} to ${recipient}`;
  return withFlowFee(
    {
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
        },
      ],
      intent: { kind: "send", token: info.address, to: recipient, amount: value.toString() },
      preparedAt: { blockNumber: String(blockNumber) },
    },
    settled,
  );
}
