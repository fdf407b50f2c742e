import { SdkError } from "@preflow/core";
import type { Address } from "viem";

/**
 * `sendPreparedFlow` got a flow prepared for another account: `flow.from` must be the smart account that
 * executes it (`aa.smartAccountAddress`), because approvals and balances were computed for `from`.
 *
 * @example
 * ```ts
 * import { FlowAccountMismatchError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flowPreparedForTheEoa);
 * } catch (error) {
 *   if (error instanceof FlowAccountMismatchError) {
 *     const flow = await client.transaction.prepareSend(aa.smartAccountAddress, to, "USDm", "1");
 *     await aa.sendPreparedFlow(flow);
 *   }
 * }
 * ```
 */
export class FlowAccountMismatchError extends SdkError {
  override readonly name: string = "FlowAccountMismatchError";

  constructor(parameters: { from: Address; smartAccountAddress: Address }) {
    const { from, smartAccountAddress } = parameters;
    super({
      code: "FLOW_ACCOUNT_MISMATCH",
      message: `The prepared flow's \`from\` is ${from}, but this client executes as the smart account ${smartAccountAddress}. Flows are prepared for the account that executes them: prepare it with from = ${smartAccountAddress}.`,
      details: { from, smartAccountAddress },
    });
  }
}
