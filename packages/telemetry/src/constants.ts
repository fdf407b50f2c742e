/**
 * The default telemetry endpoint: Amplitude's HTTP V2 batch API.
 *
 * Events are POSTed as `{ api_key, events: [...], options: { min_id_length: 1 } }`. Override it with the
 * `endpoint` option (`telemetryEndpoint` on the SDK client) or the {@link TELEMETRY_ENDPOINT_ENV}
 * environment variable to send events to a self-hosted collector instead.
 *
 * @example
 * ```ts
 * import { DEFAULT_TELEMETRY_ENDPOINT } from "@preflow/telemetry";
 * console.log(DEFAULT_TELEMETRY_ENDPOINT); // "https://api2.amplitude.com/2/httpapi"
 * ```
 */
export const DEFAULT_TELEMETRY_ENDPOINT = "https://api2.amplitude.com/2/httpapi";

/**
 * The bundled public project key of the preflow analytics project.
 *
 * Analytics ingestion keys are public by design (they ship inside every copy of the SDK and only allow
 * writing events into the preflow project); it is not a secret and grants no read access. Override it with
 * the `apiKey` option (`telemetryApiKey` on the SDK client), for example when self-hosting.
 *
 * @example
 * ```ts
 * import { createTelemetry, DEFAULT_TELEMETRY_API_KEY } from "@preflow/telemetry";
 * const telemetry = createTelemetry({ sdkVersion: "1.0.0", apiKey: DEFAULT_TELEMETRY_API_KEY });
 * ```
 */
export const DEFAULT_TELEMETRY_API_KEY = "a3a6f515078bed77ff0d2c22123214a7";

/**
 * Name of the environment variable that overrides the telemetry endpoint URL
 * (an explicit `endpoint` option still wins over it).
 *
 * @example
 * ```sh
 * PREFLOW_TELEMETRY_ENDPOINT=https://collector.example.com/2/httpapi node app.js
 * ```
 */
export const TELEMETRY_ENDPOINT_ENV = "PREFLOW_TELEMETRY_ENDPOINT";

/**
 * Name of the conventional opt-out environment variable. Any value other than empty, `0`, `false`, `no`
 * or `off` (for example `1` or `true`) turns telemetry off: no event is built and no request is made.
 *
 * @example
 * ```sh
 * DO_NOT_TRACK=1 node app.js
 * ```
 */
export const DO_NOT_TRACK_ENV = "DO_NOT_TRACK";

/**
 * Default limits of a telemetry instance; each can be changed through {@link TelemetryOptions}.
 *
 * @example
 * ```ts
 * import { TELEMETRY_DEFAULTS } from "@preflow/telemetry";
 * TELEMETRY_DEFAULTS.maxQueue; // 1000
 * ```
 */
export const TELEMETRY_DEFAULTS = {
  /** Send as soon as this many events are queued. */
  batchSize: 500,
  /** Send whatever is queued at most this long after the first unsent event. */
  flushIntervalMs: 10_000,
  /** Oldest events are dropped beyond this many queued events. */
  maxQueue: 1_000,
  /** Retries of one batch after the first attempt (429, 5xx, network errors, timeouts). */
  maxRetries: 3,
  /** Base of the exponential backoff between retries (full jitter), in milliseconds. */
  retryDelayMs: 500,
  /** Upper bound of one backoff delay, in milliseconds. */
  maxRetryDelayMs: 10_000,
  /** One request is aborted after this long, in milliseconds. */
  requestTimeoutMs: 5_000,
  /** Default time cap of `flush()` and `flushTelemetry()`, in milliseconds. */
  flushTimeoutMs: 3_000,
  /** Node: the bound of the `beforeExit` flush (no retries, each request cut at it), in milliseconds. */
  exitFlushTimeoutMs: 1_000,
} as const;
