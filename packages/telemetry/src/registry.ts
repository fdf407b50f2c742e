/** Something with queued or in-flight events that `flushTelemetry()` should wait for. @internal */
export interface Flushable {
  flush(options?: { timeoutMs?: number }): Promise<void>;
  /** The bounded flush Node's `beforeExit` runs (see `exitFlush.ts`). */
  flushBeforeExit?(): Promise<void>;
}

const KEY = Symbol.for("@preflow/telemetry/live-instances");

/**
 * Instances with pending events. Kept on `globalThis` under a registered symbol so that the ESM and CJS
 * builds, when both are loaded in one process, share one registry. Instances leave it once drained, so the
 * set never holds idle instances alive.
 *
 * @internal
 */
export function liveInstances(): Set<Flushable> {
  const holder = globalThis as { [KEY]?: Set<Flushable> };
  let set = holder[KEY];
  if (!set) {
    set = new Set<Flushable>();
    holder[KEY] = set;
  }
  return set;
}
