// In a page, a blocked or offline analytics host must cost one failed request, not a console error storm:
// the esbuild browser bundle runs in a bare context that has `window` and `document`, with a `fetch` that fails
// like a page's does (TypeError: Failed to fetch), and a console that records every call.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(packageRoot, "src/index.ts")],
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "telemetryModule",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

describe("telemetry in a browser", () => {
  it("the first failed batch is silent and the last: no retry, no warning, nothing sent again", async () => {
    const code = await browserBundle();
    const logged: string[] = [];
    let fetchCalls = 0;
    const page = {};
    const context = createContext({
      window: page,
      document: {},
      console: {
        log: (...a: unknown[]) => logged.push(`log ${a.join(" ")}`),
        warn: (...a: unknown[]) => logged.push(`warn ${a.join(" ")}`),
        error: (...a: unknown[]) => logged.push(`error ${a.join(" ")}`),
      },
      setTimeout,
      clearTimeout,
      AbortController,
      URL,
      performance,
      crypto,
      fetch: async () => {
        fetchCalls++;
        throw new TypeError("Failed to fetch");
      },
    });
    runInContext(code, context);
    const result = runInContext(
      `(async () => {
        const t = telemetryModule.createTelemetry({ sdkVersion: "1.0.0", rpcUrl: "https://forno.celo.org",
          flushIntervalMs: 5, retryDelayMs: 1 });
        for (let i = 0; i < 10; i++) await t.track("token.getBalance", undefined, async () => i);
        await t.flush({ timeoutMs: 1000 });
        for (let i = 0; i < 10; i++) await t.track("token.getBalance", undefined, async () => i);
        await new Promise((r) => setTimeout(r, 50));
        await t.flush({ timeoutMs: 1000 });
        return { enabled: t.enabled, stats: t.stats() };
      })()`,
      context,
    ) as Promise<{ enabled: boolean; stats: { queued: number; failedBatches: number } }>;
    const { enabled, stats } = await result;
    expect(enabled).toBe(true);
    expect(fetchCalls).toBe(1);
    expect(stats.failedBatches).toBe(1);
    expect(stats.queued).toBe(0);
    expect(logged).toEqual([]);
    expect(typeof (context as { process?: unknown }).process).toBe("undefined");
  });
});
