import { liveInstances } from "./registry.js";

/**
 * Options of {@link flushTelemetry} and `Telemetry.flush`.
 *
 * @example
 * ```ts
 * import type { FlushTelemetryOptions } from "@preflow/telemetry";
 * const options: FlushTelemetryOptions = { timeoutMs: 1_000 };
 * ```
 */
export interface FlushTelemetryOptions {
  /** Stop waiting after this many milliseconds (default 3,000). Sending may continue in the background. */
  timeoutMs?: number;
}

/**
 * Sends what every live telemetry instance has queued and waits for it, at most `timeoutMs` (default
 * 3,000 ms). Meant for the end of short-lived scripts; long-running processes do not need it. Never
 * rejects, whatever the endpoint does.
 *
 * @example
 * ```ts
 * import { flushTelemetry } from "@preflow/telemetry";
 * // ... reads through an SDK client ...
 * await flushTelemetry({ timeoutMs: 1_000 });
 * ```
 */
export async function flushTelemetry(options?: FlushTelemetryOptions): Promise<void> {
  const instances = [...liveInstances()];
  await Promise.all(instances.map((instance) => instance.flush(options).catch(() => {})));
}
