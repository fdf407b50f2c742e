import { SdkError } from "@preflow/errors";

/**
 * A `402 Payment Required` answer preflow cannot pay: a missing or malformed `PAYMENT-REQUIRED` header (not
 * base64 JSON of an x402 v2 `PaymentRequired`), or no requirement it can pay (`exact` on `eip155:42220` in a
 * token of the registry that supports EIP-3009: USDC or USD₮). `details.field` names what was wrong, `value`
 * shows it cut short. Thrown before anything is signed.
 *
 * @example
 * ```ts
 * import { InvalidPaymentRequiredError } from "@preflow/x402";
 *
 * try {
 *   await pay(url);
 * } catch (error) {
 *   if (error instanceof InvalidPaymentRequiredError) console.error(error.details.field, error.details.rule);
 * }
 * ```
 */
export class InvalidPaymentRequiredError extends SdkError<"INVALID_PAYMENT_REQUIRED"> {
  override readonly name: string = "InvalidPaymentRequiredError";

  constructor(parameters: { field: string; value: string; rule: string }) {
    const { field, value, rule } = parameters;
    super({
      code: "INVALID_PAYMENT_REQUIRED",
      message: `The server's payment requirements cannot be paid: ${field} ${rule} (got ${value}). Nothing was signed.`,
      details: { field, value, rule },
    });
  }
}
