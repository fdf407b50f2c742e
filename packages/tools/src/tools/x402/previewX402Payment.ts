// x402_fetch with dry_run: fetches without paying or signing and reports what would be paid, refused as a payment
// would be (the token, perPayment, the hosts and payTo allow-lists, maxTimeoutSeconds, then caps.<TOKEN>.perDay).
import type { ParsedX402Limits, PayableRequirement } from "@preflow/x402";
import { readX402ResponseBody } from "./readX402ResponseBody.js";
import { type X402FetchPayment, type X402FetchRequest, x402FetchResult } from "./x402FetchRequest.js";

type RefusalRule = "token" | "perPayment" | "hosts" | "payTo" | "maxTimeoutSeconds";

/** Fetches `request` without paying; a 402 is answered with what would be paid, or the refusal a payment meets. @internal */
export async function previewX402Payment(request: X402FetchRequest) {
  const { x402, url, shownUrl, outside, init } = request;
  let response: Response;
  try {
    response = await outside.fetch(url, init);
  } catch (error) {
    throw new x402.X402FetchError({ url: shownUrl, nonce: null, signed: false, cause: error });
  }
  const text = await readX402ResponseBody(request, response, null);
  if (response.status !== 402) return x402FetchResult(response, text, null);
  const parsed = x402.parsePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED"));
  const parsedLimits = x402.parseX402Limits(request.limits);
  const chosen = parsed.payable.find((p) => parsedLimits.perPayment.has(p.token.symbol)) ?? parsed.payable[0];
  if (!chosen) return x402FetchResult(response, text, null);
  refuseOutsideLimits(request, chosen, parsedLimits);
  await refuseOverPerDay(request, chosen);
  const wouldPay: X402FetchPayment = {
    amount: request.runtime.core.formatAmount(chosen.amount, chosen.token.decimals),
    token: chosen.token.symbol,
    asset: chosen.token.address,
    pay_to: chosen.payTo,
    network: "eip155:42220",
    transaction: null,
    status: "would_pay",
  };
  return x402FetchResult(response, text, wouldPay);
}

/** Throws the refusal a payment of `chosen` would meet under the call's limits (before perDay), if any. */
function refuseOutsideLimits(
  request: X402FetchRequest,
  chosen: PayableRequirement,
  parsedLimits: ParsedX402Limits,
): void {
  const { x402, url } = request;
  const { core } = request.runtime;
  const limit = parsedLimits.perPayment.get(chosen.token.symbol);
  const refuse = (rule: RefusalRule) => {
    throw new x402.X402PaymentRefusedError({
      rule,
      amount: core.formatAmount(chosen.amount, chosen.token.decimals),
      token: chosen.token.symbol,
      payTo: chosen.payTo,
      host: url.host,
      ...(rule === "maxTimeoutSeconds"
        ? { limit: String(parsedLimits.maxTimeoutSeconds), asked: chosen.requirements.maxTimeoutSeconds }
        : limit === undefined
          ? {}
          : { limit: core.formatAmount(limit, chosen.token.decimals) }),
    });
  };
  if (limit === undefined) refuse("token");
  if (parsedLimits.hosts && !parsedLimits.hosts.has(url.host)) refuse("hosts");
  if (parsedLimits.payTo && !parsedLimits.payTo.has(chosen.payTo)) refuse("payTo");
  if (limit !== undefined && chosen.amount > limit) refuse("perPayment");
  if (chosen.requirements.maxTimeoutSeconds > parsedLimits.maxTimeoutSeconds) refuse("maxTimeoutSeconds");
}

/** caps.<TOKEN>.perDay as a real payment meets it: the signer's rolling 24 h in the store plus this payment. */
async function refuseOverPerDay(request: X402FetchRequest, chosen: PayableRequirement): Promise<void> {
  const { runtime, context } = request;
  const cap = runtime.policy?.caps.get(chosen.token.address.toLowerCase());
  if (cap?.perDay === undefined) return;
  const [{ SPEND_WINDOW_MS }, { perDayViolation }] = await Promise.all([
    import("../../store/types.js"),
    import("../../x402/toolX402PaymentStore.js"),
  ]);
  const payer = runtime.account?.address.toLowerCase();
  const spent =
    payer === undefined
      ? 0n
      : await (await context.store()).spent(payer, cap.address, Date.now() - SPEND_WINDOW_MS);
  if (spent + chosen.amount > cap.perDay) {
    throw perDayViolation(
      [{ token: cap.address, symbol: cap.symbol, limit: cap.perDay, spent, adding: chosen.amount }],
      cap,
      (value, decimals) => runtime.core.formatAmount(value, decimals),
    );
  }
}
