import { SdkError } from "@preflow/errors";

/**
 * The settlement transaction was signed and sent, but its outcome is not known yet (the node's answer was lost,
 * or no receipt within the wait). It may still be mined: look it up by `details.transaction` before settling the
 * same authorization again (a facilitator from `createX402Facilitator` refuses that replay by itself).
 * `settle` reports it as `{ success: false, errorReason: "settlement_pending", transaction }`.
 *
 * @example
 * ```ts
 * import { X402SettlementPendingError } from "@preflow/x402";
 * const pending = (error: unknown) => error instanceof X402SettlementPendingError;
 * ```
 */
export class X402SettlementPendingError extends SdkError<"X402_SETTLEMENT_PENDING"> {
  override readonly name: string = "X402SettlementPendingError";

  constructor(parameters: { transaction: string }) {
    super({
      code: "X402_SETTLEMENT_PENDING",
      message: `The settlement ${parameters.transaction} was sent but its outcome is not known yet (pending); look it up by its hash before settling again.`,
      details: { transaction: parameters.transaction, status: "pending" },
    });
  }
}
