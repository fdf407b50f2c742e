import type { ErrorSummary } from "@preflow/errors";
import { summarizeError } from "../../errors/redact.js";

/**
 * How a wallet request failed: `refused` (the wallet answered with a JSON-RPC error: it did not send),
 * `not-delivered` (the connection was refused: nothing left), or `unknown` (a lost answer: it may have been
 * sent). @internal
 */
export function classifyWalletFailure(error: unknown): {
  kind: "refused" | "not-delivered" | "unknown";
  facts: ErrorSummary;
} {
  const facts = summarizeError(error);
  if (facts.connectionRefused) return { kind: "not-delivered", facts };
  const answered = facts.rpcCode !== undefined && (facts.status === undefined || facts.status < 500);
  if (answered && facts.rpcCode !== -32603) return { kind: "refused", facts };
  return { kind: "unknown", facts };
}
