import { describeValue, SdkError } from "./base.js";

/**
 * A `feeCurrency` option preflow refuses before any request: the zero address (only an absent `feeCurrency`
 * means CELO), a token with no fee currency (WETH, USDGLO), CELO's token address (say `"CELO"`), or a value that
 * is neither `"CELO"`, `"auto"`, a token symbol nor an address; and, after the directory was read, an address the
 * FeeCurrencyDirectory does not list. `details` holds `feeCurrency` (the input, cut short) and `rule`.
 *
 * @example
 * ```ts
 * import { InvalidFeeCurrencyError } from "@preflow/core";
 *
 * try {
 *   await client.network.getFeeCurrencies();
 * } catch (error) {
 *   if (error instanceof InvalidFeeCurrencyError) console.error(error.details.rule);
 * }
 * ```
 */
export class InvalidFeeCurrencyError extends SdkError<"INVALID_FEE_CURRENCY"> {
  override readonly name: string = "InvalidFeeCurrencyError";

  constructor(parameters: { feeCurrency: unknown; rule: string; field?: string }) {
    const { feeCurrency, rule, field = "feeCurrency" } = parameters;
    super({
      code: "INVALID_FEE_CURRENCY",
      message: `Invalid \`${field}\` ${describeValue(feeCurrency)}: ${rule}.`,
      details: { field, feeCurrency: describeValue(feeCurrency), rule },
    });
  }
}

/**
 * A step of a flow paying gas in a fee currency reverted when its gas was simulated at prepare time
 * (`eth_simulateV1`, in the same request as the flow's reads), so there is no gas figure to sign it with and
 * sending it would only pay a fee for a revert. Nothing was sent. `details` holds `step` (its index), `reason`
 * (Solidity's `Error(string)` or `Panic` decoded, else the selector) and `data` (the revert bytes, cut at 1,000
 * characters: `decodeRevertReason(details.data)` names a protocol's custom error).
 *
 * @example
 * ```ts
 * import { FeeEstimateRevertedError } from "@preflow/core";
 *
 * try {
 *   await client.swap.prepareSwap(from, "USDC", "USDm", "10", { feeCurrency: "USDm" });
 * } catch (error) {
 *   if (error instanceof FeeEstimateRevertedError) console.error(error.details.step, error.details.reason);
 * }
 * ```
 */
export class FeeEstimateRevertedError extends SdkError<"FEE_ESTIMATE_REVERTED"> {
  override readonly name: string = "FeeEstimateRevertedError";

  constructor(parameters: { step: number; reason: string; data?: string }) {
    const { step, reason, data = "0x" } = parameters;
    super({
      code: "FEE_ESTIMATE_REVERTED",
      message: `Step ${step} reverted when its gas was simulated to plan the fee (${reason}); nothing was sent. Check the flow's inputs and the account's balances, or pay gas in CELO to prepare it anyway.`,
      details: { step, reason, data: data.slice(0, 1_000) },
    });
  }
}
