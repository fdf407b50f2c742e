import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearDeviceIdCache, detectDeviceId } from "../src/detectDeviceId.js";
import { createTelemetry, type TelemetryEvent } from "../src/index.js";

const run = promisify(execFile);
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "preflow-telemetry-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => clearDeviceIdCache());

/** Lays out `files` (path → contents) under a fresh folder of the temp root. */
function layout(name: string, files: Record<string, string | object>): string {
  const dir = join(root, name);
  for (const [path, contents] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof contents === "string" ? contents : JSON.stringify(contents));
  }
  return dir;
}

/** The device_id a telemetry instance created in `cwd` puts on its events. */
async function deviceIdOf(cwd: string, extra: { deviceId?: string } = {}): Promise<string | undefined> {
  const bodies: { events: TelemetryEvent[] }[] = [];
  const telemetry = createTelemetry({
    sdkVersion: "1.0.0",
    env: {},
    cwd,
    ...extra,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(init.body));
      return { status: 200 };
    },
  });
  await telemetry.track("token.getBalance", undefined, async () => 1);
  await telemetry.flush();
  return bodies[0]?.events[0]?.device_id;
}

describe("device id", () => {
  it("is the consuming package's name, sanitized, found from a nested working directory", async () => {
    const app = layout("app", {
      "package.json": { name: "@acme/Pay-Bot", version: "1.0.0" },
      "src/jobs/.keep": "",
    });
    expect(await deviceIdOf(join(app, "src", "jobs"))).toBe("acme_pay_bot");
  });

  it("is not the SDK's own package: @preflow/* and preflow manifests are skipped", async () => {
    const app = layout("app-with-sdk", {
      "package.json": { name: "checkout-service" },
      "node_modules/@preflow/core/package.json": { name: "@preflow/core" },
      "node_modules/preflow/package.json": { name: "preflow" },
    });
    expect(await deviceIdOf(join(app, "node_modules", "@preflow", "core"))).toBe("checkout_service");
    expect(await deviceIdOf(join(app, "node_modules", "preflow"))).toBe("checkout_service");
  });

  it("skips manifests without a name and unreadable JSON, taking the next one up", async () => {
    const app = layout("workspace", {
      "package.json": { name: "Acme Monorepo" },
      "apps/web/package.json": { private: true },
      "apps/web/tools/package.json": "{ not json",
    });
    expect(await deviceIdOf(join(app, "apps", "web", "tools"))).toBe("acme_monorepo");
  });

  it("falls back to `sdk` when no package.json names an app", async () => {
    const lonely = layout("lonely", { "data/.keep": "" });
    // The temp dir's ancestors (/tmp, /) hold no package.json on a normal machine.
    expect(detectDeviceId(join(lonely, "data"))).toBe("sdk");
    expect(await deviceIdOf(join(lonely, "data"))).toBe("sdk");
  });

  it("uses analyticsDeviceId as given, without looking at the file system", async () => {
    const app = layout("given", { "package.json": { name: "ignored-name" } });
    expect(await deviceIdOf(app, { deviceId: "My Device" })).toBe("My Device");
  });

  it("falls back to `sdk` without error where there is no file system (no Node process)", () => {
    const saved = globalThis.process;
    let id: string | Promise<string>;
    try {
      // What a browser or worker looks like to the detector: no global `process`.
      (globalThis as { process?: unknown }).process = undefined;
      id = detectDeviceId();
    } finally {
      globalThis.process = saved;
    }
    expect(id).toBe("sdk");
  });

  it("works on Node versions without process.getBuiltinModule (async dynamic import)", async () => {
    const app = layout("old-node", { "package.json": { name: "old-node-app" } });
    const proc = process as { getBuiltinModule?: unknown };
    const saved = proc.getBuiltinModule;
    let id: string | Promise<string>;
    try {
      proc.getBuiltinModule = undefined;
      id = detectDeviceId(app);
    } finally {
      proc.getBuiltinModule = saved;
    }
    expect(id).toBeInstanceOf(Promise);
    expect(await id).toBe("old_node_app");
  });

  describe.each([
    ["ESM", "mjs", `import { createTelemetry } from ${JSON.stringify(join(packageRoot, "dist/index.js"))};`],
    [
      "CJS",
      "cjs",
      `const { createTelemetry } = require(${JSON.stringify(join(packageRoot, "dist/index.cjs"))});`,
    ],
  ])("built %s output, run from a consuming app", (_format, ext, load) => {
    const script = (hideBuiltin: boolean) => `
      ${hideBuiltin ? "delete process.getBuiltinModule;" : ""}
      ${load}
      const telemetry = createTelemetry({
        sdkVersion: "1.0.0",
        env: {},
        fetch: async (_url, init) => {
          process.stdout.write(JSON.parse(init.body).events[0].device_id);
          return { status: 200 };
        },
      });
      telemetry.track("token.getBalance", undefined, async () => 1).then(() => telemetry.flush());
    `;
    it.each([false, true])("detects the app's name (getBuiltinModule hidden: %s)", async (hide) => {
      const app = layout(`dist-${ext}-${hide}`, { "package.json": { name: `@dist/App-${ext}` } });
      const file = join(app, `main.${ext}`);
      writeFileSync(file, script(hide));
      const { stdout, stderr } = await run(process.execPath, [file], { cwd: app });
      expect(stderr).toBe("");
      expect(stdout).toBe(`dist_app_${ext}`);
    });
  });
});
