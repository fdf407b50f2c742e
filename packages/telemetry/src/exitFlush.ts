import { liveInstances } from "./registry.js";

const KEY = Symbol.for("@preflow/telemetry/exit-flush");

interface NodeProcess {
  on(event: "beforeExit", listener: () => void): unknown;
}

/**
 * Once per process (the ESM and CJS builds share the flag on `globalThis`): on Node's `beforeExit`, every
 * live instance sends what it has queued, bounded by `TELEMETRY_DEFAULTS.exitFlushTimeoutMs`. `beforeExit` fires when the
 * event loop has nothing left to do, so a short script's last reads are delivered without
 * `flushTelemetry()`; it does not fire on `process.exit()` or a signal. Each instance flushes once per new
 * batch of events, so a failing endpoint cannot keep the process alive by re-arming the event.
 * Nothing happens where there is no `process.on` (browsers, workers).
 * @internal
 */
export function registerExitFlush(): void {
  try {
    const holder = globalThis as { [KEY]?: true; process?: Partial<NodeProcess> };
    if (holder[KEY] || typeof holder.process?.on !== "function") return;
    holder[KEY] = true;
    holder.process.on("beforeExit", () => {
      for (const instance of liveInstances()) void instance.flushBeforeExit?.().catch(() => {});
    });
  } catch {
    // Telemetry never throws into user code.
  }
}
