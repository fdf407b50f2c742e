// The limits an `x402_fetch` pays under, read from the spending policy and the call: per token the lower of
// caps.<TOKEN>.perCall and max_amount (a token with neither is not paid), and the policy's x402 section.
import type { X402Limits } from "@preflow/x402";
import type { ToolRuntime } from "../context.js";
import type { X402Module } from "./x402FetchRequest.js";

/**
 * The limits of one `x402_fetch` call: `perPayment` per payable token, the policy's x402 hosts, payTo and
 * maxTimeoutSeconds. Throws the SDK's input error when `maxAmount` is not an amount of a payable token. @internal
 */
export function x402PaymentLimits(
  runtime: ToolRuntime,
  maxAmount: string | undefined,
  x402: X402Module,
): X402Limits {
  const { core, policy } = runtime;
  const perPayment: Partial<Record<"USDC" | "USDT" | "USAT", string>> = {};
  for (const token of Object.values(x402.X402_PAYABLE_TOKENS)) {
    const cap = policy?.caps.get(token.address.toLowerCase())?.perCall;
    const max =
      maxAmount === undefined
        ? undefined
        : core.parseAmount(maxAmount, { decimals: token.decimals, token: token.symbol, field: "max_amount" });
    let limit = cap;
    if (max !== undefined && (limit === undefined || max < limit)) limit = max;
    if (limit !== undefined) perPayment[token.symbol] = core.formatAmount(limit, token.decimals);
  }
  return {
    perPayment,
    ...(policy?.x402?.hosts ? { hosts: policy.x402.hosts } : {}),
    ...(policy?.x402?.payTo ? { payTo: policy.x402.payTo } : {}),
    ...(policy?.x402?.maxTimeoutSeconds === undefined
      ? {}
      : { maxTimeoutSeconds: policy.x402.maxTimeoutSeconds }),
  };
}
