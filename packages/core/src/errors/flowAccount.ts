import { SdkError } from "./base.js";

/**
 * A prepared flow is executed by another account than the one it was prepared for. `flow.from` must be the
 * account that signs or executes it (the EOA signer, or the smart account of `preflow/aa`), because the
 * balance and allowance checks of `prepare*` were read for `from`. Nothing was sent.
 *
 * @example
 * ```ts
 * import { FlowAccountMismatchError } from "@preflow/core";
 *
 * try {
 *   await aa.sendPreparedFlow(flowPreparedForTheEoa);
 * } catch (error) {
 *   if (error instanceof FlowAccountMismatchError) {
 *     const flow = await client.transaction.prepareSend(error.details.account, to, "USDm", "1");
 *   }
 * }
 * ```
 */
export class FlowAccountMismatchError extends SdkError<
  "FLOW_ACCOUNT_MISMATCH",
  { from: string; account: string; accountKind: string }
> {
  override readonly name: string = "FlowAccountMismatchError";

  constructor(parameters: {
    /** The flow's `from`. */
    from: string;
    /** The account that would execute it. */
    account: string;
    /** What `account` is, for the message: `"signer"` (an EOA, the default) or `"smart account"`. */
    accountKind?: "signer" | "smart account";
  }) {
    const { from, account, accountKind = "signer" } = parameters;
    super({
      code: "FLOW_ACCOUNT_MISMATCH",
      message: `The prepared flow's \`from\` is ${from}, but it would be executed by the ${accountKind} ${account}: nothing was sent. Prepare the flow with from = ${account}, or have ${from} execute it.`,
      details: { from, account, accountKind },
    });
  }
}
