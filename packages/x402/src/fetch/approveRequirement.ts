// Which payable requirement a request pays, and whether the limits let it: checked before anything is signed, the
// reference client's own selection matched against the requirements parsed strictly.

import { formatAmount } from "@preflow/core";
import type { PaymentRequirements } from "@x402/core/types";
import { InvalidPaymentRequiredError } from "../errors/InvalidPaymentRequiredError.js";
import { X402PaymentRefusedError } from "../errors/X402PaymentRefusedError.js";
import type { ParsedPaymentRequired, PayableRequirement } from "../payment/parsePaymentRequiredHeader.js";
import type { ParsedX402Limits } from "./parseX402Limits.js";
import type { X402PaymentAttempt } from "./x402PaymentAttempt.js";

/** The requirement to pay: the first payable one with a perPayment limit, else the first payable one (then refused). @internal */
export function selectRequirement(
  attempt: X402PaymentAttempt,
  limits: ParsedX402Limits,
  offered: PaymentRequirements[],
): PaymentRequirements {
  const payable = attempt.parsed?.payable ?? [];
  const chosen =
    payable.find((p) => limits.perPayment.has(p.token.symbol))?.requirements ?? payable[0]?.requirements;
  return chosen ?? (offered[0] as PaymentRequirements);
}

/**
 * The reference client's hook before it creates a payment: the selected requirement must be one parsed strictly
 * and within the limits; it is then the one the signer may sign. A refusal aborts the payment and is kept. @internal
 */
export function approveRequirement(
  attempt: X402PaymentAttempt,
  limits: ParsedX402Limits,
  selected: PaymentRequirements,
  host: string,
): { abort: true; reason: string } | undefined {
  try {
    if (attempt.refusal !== undefined) throw attempt.refusal;
    const payable = matching(attempt.parsed, selected);
    if (!payable)
      throw new InvalidPaymentRequiredError({
        field: "accepts",
        value: `${selected.network} ${selected.asset}`,
        rule: "offers no exact payment on eip155:42220 in USDC, USDT or USAT",
      });
    checkLimits(limits, payable, host);
    attempt.approved = payable;
    return undefined;
  } catch (error) {
    attempt.refusal = error;
    return { abort: true as const, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The payable requirement the reference client selected (same asset, payee and amount). */
function matching(parsed: ParsedPaymentRequired | undefined, selected: PaymentRequirements) {
  return parsed?.payable.find(
    (p) =>
      p.requirements.asset.toLowerCase() === selected.asset.toLowerCase() &&
      p.requirements.payTo.toLowerCase() === selected.payTo.toLowerCase() &&
      p.requirements.amount === selected.amount &&
      p.requirements.network === selected.network,
  );
}

/** Refuses `payable` under `limits` for `host`, before anything is signed (perDay is the store's). */
function checkLimits(limits: ParsedX402Limits, payable: PayableRequirement, host: string): void {
  const { token, amount, payTo } = payable;
  const facts = {
    amount: formatAmount(amount, token.decimals),
    token: token.symbol,
    payTo,
    host,
  };
  const perPayment = limits.perPayment.get(token.symbol);
  if (perPayment === undefined) throw new X402PaymentRefusedError({ rule: "token", ...facts });
  if (limits.hosts && !limits.hosts.has(host)) throw new X402PaymentRefusedError({ rule: "hosts", ...facts });
  if (limits.payTo && !limits.payTo.has(payTo))
    throw new X402PaymentRefusedError({ rule: "payTo", ...facts });
  if (amount > perPayment)
    throw new X402PaymentRefusedError({
      rule: "perPayment",
      ...facts,
      limit: formatAmount(perPayment, token.decimals),
    });
  // validBefore = now + maxTimeoutSeconds, and the server matches the requirement it offered exactly (a shorter
  // validity is answered 402 again): one asking for longer than the bound is refused, nothing signed.
  const asked = payable.requirements.maxTimeoutSeconds;
  if (!(asked <= limits.maxTimeoutSeconds))
    throw new X402PaymentRefusedError({
      rule: "maxTimeoutSeconds",
      ...facts,
      limit: String(limits.maxTimeoutSeconds),
      asked,
    });
}
