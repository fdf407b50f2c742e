import { SdkError } from "@preflow/core";

/**
 * A step of the flow carries `feeCurrency` (CIP-64: gas paid in a token), which a sponsored UserOperation does
 * not use: the sponsor (the paymaster) pays the gas, in CELO, and the account pays nothing. Prepare the flow
 * without a fee currency (the default `"CELO"`) for `preflow/aa`. Thrown before any request; nothing was sent.
 *
 * @example
 * ```ts
 * import { FeeCurrencyNotSponsoredError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof FeeCurrencyNotSponsoredError) console.error(error.details.stepIndex, error.message);
 * }
 * ```
 */
export class FeeCurrencyNotSponsoredError extends SdkError {
  override readonly name: string = "FeeCurrencyNotSponsoredError";

  constructor(parameters: { stepIndex: number; feeCurrency: string }) {
    const { stepIndex } = parameters;
    const feeCurrency = String(parameters.feeCurrency).slice(0, 42);
    super({
      code: "FEE_CURRENCY_NOT_SPONSORED",
      message: `Step ${stepIndex} carries feeCurrency ${feeCurrency}, but a sponsored UserOperation's gas is paid by the sponsor, not in a fee currency: prepare the flow without feeCurrency (the default "CELO") for preflow/aa. Nothing was sent.`,
      details: { field: `steps[${stepIndex}].feeCurrency`, value: feeCurrency, stepIndex },
    });
  }
}
