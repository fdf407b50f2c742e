import { SdkError } from "@preflow/errors";

/** Why {@link X402PaymentRefusedError} refused a payment. */
export type X402RefusalRule =
  | "perPayment"
  | "perDay"
  | "payTo"
  | "hosts"
  | "token"
  | "maxAmount"
  | "maxTimeoutSeconds";

/**
 * A payment the limits of `createX402Fetch` do not allow: over `perPayment` or `perDay`, a token with no
 * limit, a `payTo` or host not in its allow-list, an authorization asked to stay valid longer than
 * `maxTimeoutSeconds` (the server's `maxTimeoutSeconds` in `asked`). Thrown before anything is signed: the server saw no payment
 * header and nothing counts as spent.
 *
 * @example
 * ```ts
 * import { X402PaymentRefusedError } from "@preflow/x402";
 *
 * try {
 *   await pay("https://api.example.com/quote");
 * } catch (error) {
 *   if (error instanceof X402PaymentRefusedError) console.error(error.details.rule, error.details.amount);
 * }
 * ```
 */
export class X402PaymentRefusedError extends SdkError<"X402_PAYMENT_REFUSED"> {
  override readonly name: string = "X402PaymentRefusedError";

  constructor(parameters: {
    rule: X402RefusalRule;
    /** What the server asked, in human decimals of `token` (or the raw value for an unknown token). */
    amount: string;
    token: string;
    payTo: string;
    host: string;
    /** The limit that was crossed, in human decimals (or the allow-list's size). */
    limit?: string | undefined;
    /** Already counted today (perDay), human decimals. */
    spent?: string | undefined;
    /** The validity the server asked for, in seconds (maxTimeoutSeconds). */
    asked?: number | undefined;
  }) {
    const { rule, amount, token, payTo, host, limit, spent, asked } = parameters;
    const why = {
      perPayment: `${amount} ${token} is over the per-payment limit of ${limit} ${token}`,
      perDay: `${amount} ${token} on top of ${spent} ${token} spent in the last 24 hours is over the daily limit of ${limit} ${token}`,
      payTo: `the payee ${payTo} is not in the payTo allow-list`,
      hosts: `the host ${host} is not in the hosts allow-list`,
      token: `${token} has no perPayment limit, so it is not paid`,
      maxAmount: `${amount} ${token} is over this request's maximum of ${limit} ${token}`,
      maxTimeoutSeconds: `${host} asks for an authorization redeemable for ${asked} s, longer than the bound of ${limit} s (maxTimeoutSeconds); anyone holding it could redeem it, and it would count as spent, that long`,
    }[rule];
    super({
      code: "X402_PAYMENT_REFUSED",
      message: `x402 payment refused: ${why}. Nothing was signed.`,
      details: {
        rule,
        amount,
        token,
        payTo,
        host,
        ...(limit === undefined ? {} : { limit }),
        ...(spent === undefined ? {} : { spent }),
        ...(asked === undefined ? {} : { asked }),
      },
    });
  }
}
