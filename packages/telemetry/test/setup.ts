// After each test file: forget the instances a test left with queued events (their sinks are closed by then),
// so that Node's beforeExit flush, when the worker exits, does not try to reach those closed ports and warn.
import { afterAll } from "vitest";

afterAll(() => {
  (globalThis as { [key: symbol]: Set<unknown> | undefined })[
    Symbol.for("@preflow/telemetry/live-instances")
  ]?.clear();
});
