import { SdkError } from "./base.js";

/**
 * A prepared flow's `from` is not the account asked to execute it, so nothing was signed or sent.
 * Thrown by {@link executePreparedFlow} before any network request.
 *
 * @example
 * ```ts
 * import { FromMismatchError } from "@preflow/core";
 *
 * const error = new FromMismatchError({
 *   from: "0x1111111111111111111111111111111111111111",
 *   signer: "0x2222222222222222222222222222222222222222",
 * });
 * error.code; // "FROM_NOT_SIGNER"
 * ```
 */
export class FromMismatchError extends SdkError<"FROM_NOT_SIGNER"> {
  override readonly name: string = "FromMismatchError";

  constructor(parameters: { from: string; signer: string }) {
    const { from, signer } = parameters;
    super({
      code: "FROM_NOT_SIGNER",
      message: `The flow's \`from\` (${from}) is not the executing account (${signer}): nothing was sent. Prepare the flow with from = ${signer}, or have ${from} sign it.`,
      details: { from, signer },
    });
  }
}
