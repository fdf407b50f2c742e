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
