import type { Address, Hex } from "viem";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import { toTransactionRequest } from "../../flow/toTransactionRequest.js";

/**
 * One call of an ERC-5792 `wallet_sendCalls` batch, as viem's `sendCalls` and wagmi's `useSendCalls` take it.
 *
 * @example
 * ```ts
 * import type { PreparedCall } from "@preflow/core";
 * const call: PreparedCall = { to: "0x765DE816845861e75A25fCA122bb6898B8B1282a", data: "0x095ea7b3", value: 0n };
 * ```
 */
export type PreparedCall = { to: Address; data: Hex; value: bigint };

/**
 * Parameters of {@link toCalls}: a prepared flow (an object or untrusted JSON, validated with `parsePreparedFlow`).
 *
 * @example
 * ```ts
 * import type { ToCallsParameters } from "@preflow/core";
 * const parameters: ToCallsParameters = flow;
 * ```
 */
export type ToCallsParameters = unknown;

/**
 * The plain `calls` array of {@link toCalls}, in step order.
 *
 * @example
 * ```ts
 * import type { ToCallsReturnType } from "@preflow/core";
 * const count = (calls: ToCallsReturnType) => calls.length;
 * ```
 */
export type ToCallsReturnType = PreparedCall[];

/**
 * The steps of a prepared flow as the plain `calls` array of an ERC-5792 batch (`{ to, data, value }` in step
 * order, `value` a bigint; the attribution tags are already in `data`), for apps that call `sendCalls`
 * themselves. A step's `feeCurrency` is not part of a call: pass it as the batch's capability, or use
 * {@link sendPreparedFlowWithWallet}, which does. Validates the flow first; no network I/O.
 *
 * @throws {InvalidPreparedFlowError} the flow is not valid.
 *
 * @example
 * ```ts
 * import { toCalls } from "@preflow/core";
 * import { sendCalls } from "viem/actions";
 *
 * const flow = await sdk.transaction.prepareContractCall(from, { ...call, approvals: [{ token: "USDm" }] });
 * const { id } = await sendCalls(walletClient, { calls: toCalls(flow), forceAtomic: true });
 * ```
 */
export function toCalls(flow: ToCallsParameters): ToCallsReturnType {
  return parsePreparedFlow(flow).steps.map((step) => toTransactionRequest(step));
}
