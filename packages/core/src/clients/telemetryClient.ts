// The telemetry client, loaded by `createTrack` on first use (its own chunk in browser bundles): a page whose
// client turns telemetry off never fetches it. A named re-export, so that bundlers keep only `createTelemetry`.
export { createTelemetry } from "@preflow/telemetry";
