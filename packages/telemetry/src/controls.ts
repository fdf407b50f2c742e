// `@preflow/telemetry/controls`: what an app needs to steer telemetry without the telemetry client itself
// (`flushTelemetry` and the names of its settings). The SDK re-exports these from here and loads the client
// (`createTelemetry`, from the package root) only when a client with telemetry on makes its first tracked read,
// so that a page that turns telemetry off never fetches it.
export { DEFAULT_TELEMETRY_ENDPOINT, DO_NOT_TRACK_ENV, TELEMETRY_ENDPOINT_ENV } from "./constants.js";
export { type FlushTelemetryOptions, flushTelemetry } from "./flushTelemetry.js";
