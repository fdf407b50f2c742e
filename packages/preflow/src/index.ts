/**
 * `preflow`: the SDK for chain 42220. Re-exports `@preflow/core` (the client, prepared flows, tokens, errors),
 * `@preflow/attribution` (ERC-8021 tagging and checking) and the telemetry controls of `@preflow/telemetry`.
 * Sponsored submission lives in the `preflow/aa` entry, so importing `preflow` never loads permissionless.
 *
 * @example
 * import { createSdkClient, checkAttributionInCalldata } from "preflow";
 *
 * const client = createSdkClient({ attributionTags: ["myapp"] });
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "1.5");
 * for (const step of flow.steps) checkAttributionInCalldata(step.data); // { found: true, tags: ["myapp"], platform: true }
 *
 * @packageDocumentation
 */
export * from "@preflow/attribution";
export * from "@preflow/core";
export {
  DEFAULT_TELEMETRY_ENDPOINT,
  DO_NOT_TRACK_ENV,
  type FlushTelemetryOptions,
  flushTelemetry,
  TELEMETRY_ENDPOINT_ENV,
} from "@preflow/telemetry/controls";
