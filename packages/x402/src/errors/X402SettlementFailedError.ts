import { SdkError } from "@preflow/errors";

/**
 * The settlement transaction could not be sent: preparing it failed (for example too little of the fee currency
 * for gas), or the node refused it and does not know its hash. Nothing is on chain; the authorization is unused.
 * `settle` reports it as `{ success: false, errorReason, transaction: "" }`.
 *
 * @example
 * ```ts
 * import { X402SettlementFailedError } from "@preflow/x402";
 * const notSent = (error: unknown) => error instanceof X402SettlementFailedError;
 * ```
 */
export class X402SettlementFailedError extends SdkError<"X402_SETTLEMENT_FAILED"> {
  override readonly name: string = "X402SettlementFailedError";

  constructor(parameters: { reason: string; code?: string | undefined; cause?: unknown }) {
    super({
      code: "X402_SETTLEMENT_FAILED",
      message: `The settlement was not sent: ${parameters.reason.slice(0, 300)}. Nothing is on chain.`,
      details: {
        reason: parameters.reason.slice(0, 300),
        ...(parameters.code ? { stepCode: parameters.code } : {}),
      },
      cause: parameters.cause,
    });
  }
}
