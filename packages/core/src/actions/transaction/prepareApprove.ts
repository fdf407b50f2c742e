import { maxUint256 } from "viem";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidAmountError } from "../../errors/amount.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { UnknownTokenError } from "../../errors/token.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../fees/flowFee.js";
import { planFlowFee, readWithFeePlan, settleFlowFee } from "../../fees/flowFee.js";
import { buildApproveStep } from "../../flow/buildApproveStep.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { parseTokenCall } from "../../tokens/parseTokenCall.js";
import type { TokenInput } from "../../tokens/resolveToken.js";
import type { TokenCallErrorType } from "../../tokens/tokenCallErrors.js";

/**
 * The amount of an approval: a human decimal string (`"0"` revokes), or `"max"` for an unlimited approval.
 *
 * @example
 * ```ts
 * import type { ApprovalAmount } from "@preflow/core";
 * const amounts: ApprovalAmount[] = ["25", "0", "max"];
 * ```
 */
export type ApprovalAmount = string;

/**
 * Parameters of {@link prepareApprove}.
 *
 * @example
 * ```ts
 * import type { PrepareApproveParameters } from "@preflow/core";
 * const parameters: PrepareApproveParameters = { from, spender, token: "USDC", amount: "25" };
 * ```
 */
export interface PrepareApproveParameters extends FeeCurrencyOption, ActionOptions {
  /** The token owner (the account that will sign). */
  from: string;
  /** Who may spend (never the zero address). */
  spender: string;
  token: TokenInput;
  /** A human decimal string (`"0"` revokes) or `"max"` (unlimited: only when asked). */
  amount: ApprovalAmount;
}

/**
 * The return type of {@link prepareApprove}: a one-step prepared flow with `intent` `{ kind: "approve" }`.
 *
 * @example
 * ```ts
 * import type { PrepareApproveReturnType } from "@preflow/core";
 * const flow: PrepareApproveReturnType = await client.transaction.prepareApprove(from, spender, "USDC", "10");
 * ```
 */
export type PrepareApproveReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareApprove} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `from` or `spender` is not an address (or `spender` is the zero address).
 * - {@link UnknownTokenError}: the token is not in the registry.
 * - {@link InvalidAmountError}: the amount is neither `"max"` nor a decimal string for the token.
 * - {@link FeeErrorType}: paying gas in a fee currency (`feeCurrency`, or the client's default).
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { PrepareApproveErrorType } from "@preflow/core";
 * ```
 */
export type PrepareApproveErrorType = TokenCallErrorType | InvalidAmountError | FeeErrorType;

const KEYS = ["from", "spender", "token", "amount", "feeCurrency", "signal"];

/**
 * Prepares `approve(spender, amount)` on `token` for `from`: exact amounts, `"0"` revokes, `"max"` only when
 * asked. Returns a one-step flow with the decoded `call`, the `intent` and `preparedAt`.
 *
 * HTTP requests: 1 (the block number, with the first call's chain check folded in; paying gas in a fee currency,
 * the fee's reads, gas price and an `eth_simulateV1` of the step in the same JSON-RPC batch).
 *
 * @throws {@link PrepareApproveErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareApprove } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const flow = await prepareApprove(client, {
 *   from: owner,
 *   spender: "0x3333333333333333333333333333333333333333",
 *   token: "USDC",
 *   amount: "25",
 * });
 * // flow.steps: [{ kind: "erc20", to: USDC, data: approve(spender, 25_000_000) + suffix, value: "0", ... }]
 * ```
 */
export async function prepareApprove(
  client: SdkBaseClient,
  parameters: PrepareApproveParameters,
): Promise<PrepareApproveReturnType> {
  const {
    account: owner,
    counterparty: approved,
    token: info,
  } = parseTokenCall(parameters, KEYS, "from", "spender", { allowZero: false });
  const { amount, signal } = parameters;
  const value =
    amount === "max"
      ? maxUint256
      : parseAmount(amount, {
          decimals: info.decimals,
          token: info.symbol,
          field: "amount",
          allowZero: true,
        });
  const step = buildApproveStep({ token: info, spender: approved, amount: value, tag: client.tag });
  const plan = await planFlowFee(client, parameters.feeCurrency, { from: owner, alternatives: [[step]] });
  const { blockNumber, fee } = await readWithFeePlan(client, { reads: [], plan, signal });
  return settleFlowFee(
    plan,
    {
      preparedFlow: true,
      chainId: CHAIN_ID,
      from: owner,
      summary: `${step.description} of ${owner}`,
      steps: [step],
      intent: { kind: "approve", token: info.address, spender: approved, amount: value.toString() },
      preparedAt: { blockNumber: String(blockNumber) },
    } satisfies PrepareApproveReturnType,
    fee.reads,
    fee.calls,
  );
}
