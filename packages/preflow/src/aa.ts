/**
 * `preflow/aa`: sponsored ERC-4337 submission of prepared flows (re-exports `@preflow/aa`).
 *
 * @example
 * import { createAAClient } from "preflow/aa";
 *
 * const aa = await createAAClient({ owner, gasSponsorship: { provider: "sponsor_a", sponsor_a: { apiKey } } });
 * const result = await aa.sendPreparedFlow(flow);
 *
 * @packageDocumentation
 */
export * from "@preflow/aa";
