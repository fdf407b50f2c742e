/**
 * `@preflow/x402`: x402 on Celo. {@link createX402Fetch} pays `402 Payment Required` answers within hard limits
 * (typed refusals before anything is signed, spent from signing, released only when the chain shows an expired
 * authorization unused); {@link createX402Facilitator} verifies as the reference does and settles through
 * preflow's execution path, paying its gas in USDC. Built on the reference packages `@x402/core`, `@x402/evm`,
 * `@x402/fetch` (2.27).
 *
 * @example
 * import { createX402Fetch } from "@preflow/x402";
 *
 * const pay = createX402Fetch({ account, limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "2" } } });
 * const response = await pay("https://api.example.com/quote");
 *
 * @packageDocumentation
 */
export { InvalidPaymentRequiredError } from "./errors/InvalidPaymentRequiredError.js";
export {
  X402FetchError,
  type X402FetchErrorDetails,
  type X402FetchErrorPayment,
} from "./errors/X402FetchError.js";
export { X402PaymentRefusedError, type X402RefusalRule } from "./errors/X402PaymentRefusedError.js";
export { X402SettlementFailedError } from "./errors/X402SettlementFailedError.js";
export { X402SettlementPendingError } from "./errors/X402SettlementPendingError.js";
export {
  type CreateX402FacilitatorParameters,
  createX402Facilitator,
  type X402Facilitator,
} from "./facilitator/createX402Facilitator.js";
export {
  type CreateX402FetchParameters,
  createX402Fetch,
  summarizeX402Payment,
  type X402Fetch,
  type X402FetchResult,
} from "./fetch/createX402Fetch.js";
export {
  DEFAULT_X402_MAX_TIMEOUT_SECONDS,
  type ParsedX402Limits,
  parseX402Limits,
  type X402Limits,
} from "./fetch/parseX402Limits.js";
export {
  type ParsedPaymentRequired,
  type PayableRequirement,
  parsePaymentRequiredHeader,
} from "./payment/parsePaymentRequiredHeader.js";
export {
  CELO_NETWORK,
  findPayableToken,
  X402_PAYABLE_TOKENS,
  type X402PayableToken,
} from "./payment/payableTokens.js";
export {
  createMemoryX402PaymentStore,
  type X402PaymentRecord,
  type X402PaymentStatus,
  type X402PaymentStore,
} from "./store/X402PaymentStore.js";
