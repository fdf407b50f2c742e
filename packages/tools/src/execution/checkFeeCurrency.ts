import type { SerializedPreparedFlow } from "@preflow/core";
import { FeeCurrencyMismatchError } from "../errors/execution.js";

/**
 * Refuses, before anything is signed, a flow that pays gas in another currency than `choice` (the tool's
 * `fee_currency`, else `FEE_CURRENCY`): `"CELO"` wants a flow without a fee currency, a symbol or address the
 * flow's `fee.feeCurrency` (USDC's adapter for `"USDC"`), `"auto"` any. Throws core's `InvalidFeeCurrencyError`
 * for a `choice` that is no fee currency, {@link FeeCurrencyMismatchError} for a mismatch. @internal
 */
export function checkFeeCurrency(
  core: Pick<typeof import("@preflow/core"), "resolveFeeCurrencyInput">,
  flow: Pick<SerializedPreparedFlow, "fee">,
  choice: string,
  tool: string,
): void {
  const wanted = core.resolveFeeCurrencyInput(
    choice.toUpperCase() === "CELO" ? "CELO" : choice,
    "fee_currency",
  );
  if (wanted.kind === "auto") return;
  const paid = flow.fee?.feeCurrency;
  const matches =
    wanted.kind === "celo"
      ? paid === undefined
      : paid !== undefined && paid.toLowerCase() === wanted.feeCurrency.toLowerCase();
  if (!matches) {
    throw new FeeCurrencyMismatchError({
      tool,
      requested: wanted.kind === "celo" ? "CELO" : choice,
      flowPays: flow.fee ? flow.fee.currency : "CELO",
    });
  }
}
