/**
 * `preflow/x402`: x402 on Celo (re-exports `@preflow/x402`): a `fetch` that pays within hard limits and a
 * facilitator that settles paying its gas in USDC, on the `@x402/*` reference packages. Kept out of the `preflow`
 * entry so that apps that do not pay carry none of it.
 *
 * @example
 * import { createX402Fetch } from "preflow/x402";
 *
 * const pay = createX402Fetch({ account, limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "2" } } });
 * const response = await pay("https://api.example.com/quote");
 *
 * @packageDocumentation
 */
export * from "@preflow/x402";
