export {
  type BuildTelemetryEventParameters,
  buildTelemetryEvent,
  INVALID_OPERATION,
  outcomeOf,
  type TelemetryEvent,
  type TelemetryOutcome,
} from "./buildTelemetryEvent.js";
export {
  DEFAULT_TELEMETRY_API_KEY,
  DEFAULT_TELEMETRY_ENDPOINT,
  DO_NOT_TRACK_ENV,
  TELEMETRY_DEFAULTS,
  TELEMETRY_ENDPOINT_ENV,
} from "./constants.js";
export {
  createTelemetry,
  type Telemetry,
  type TelemetryOptions,
  type TelemetryStats,
} from "./createTelemetry.js";
export { type FlushTelemetryOptions, flushTelemetry } from "./flushTelemetry.js";
export { isLocalRpcUrl } from "./isLocalRpcUrl.js";
export { sanitizeDeviceId } from "./sanitizeDeviceId.js";
export type { TelemetryFetch } from "./sendBatch.js";
