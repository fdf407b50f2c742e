// The one measurement of the core benches: HTTP requests per call (counted at a fault proxy in front of the
// devnet) and the median time of a call, after one warm-up call (chain check, connections, modules).
import type { FaultProxy } from "@preflow/devnet";

/** Requests per call and the median milliseconds of `rounds` calls of `run` through `proxy`. */
export async function measureRequests(
  proxy: FaultProxy,
  run: () => Promise<unknown>,
  rounds: number,
): Promise<{ requests: number; medianMs: number }> {
  await run(); // warm: the chain check and connection set-up are not counted
  proxy.reset();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { requests: proxy.requests / rounds, medianMs: times[Math.floor(rounds / 2)]! };
}
