import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

describe("browser", () => {
  it("bundles for the browser with no Node built-in and runs where there is no process or file system", async () => {
    const result = await build({
      entryPoints: [join(packageRoot, "src/index.ts")],
      bundle: true,
      platform: "browser",
      format: "iife",
      globalName: "telemetryModule",
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    const sent: string[] = [];
    // A bare context: no `process`, no `require`, no fs; only what a page has that telemetry uses.
    const context = createContext({
      console,
      setTimeout,
      clearTimeout,
      AbortController,
      URL,
      performance,
      crypto,
      fetch: async (_url: string, init: { body: string }) => {
        sent.push(init.body);
        return { status: 200 };
      },
    });
    runInContext(code, context);
    const done = runInContext(
      `(async () => {
        const t = telemetryModule.createTelemetry({ sdkVersion: "1.0.0" });
        const v = await t.track("token.getBalance", undefined, async () => 7);
        await t.flush();
        return v;
      })()`,
      context,
    ) as Promise<number>;
    expect(await done).toBe(7);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).events[0].device_id).toBe("sdk");
    expect(typeof (context as { process?: unknown }).process).toBe("undefined");
  });
});
