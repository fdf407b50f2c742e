// `preflow` as a user gets it: pack the umbrella and the packages it depends on, install the tarballs into
// fresh ESM and CommonJS projects with npm, and call both entries there.
// Fresh means fresh: the projects live under os.tmpdir() with no node_modules folder above them, and the child
// processes run without NODE_PATH. vitest's pnpm bin shim exports NODE_PATH=<repo>/node_modules/.pnpm/node_modules,
// which let `node main.js` find packages the tarballs never installed (permissionless's CommonJS build requires
// tslib without declaring it; only a truly empty project shows that).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packagesDir = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "preflow-umbrella-pack-"));
const PACKED = ["preflow", "core", "attribution", "errors", "telemetry", "aa", "agent-id"];

// The environment of a user's shell: the test runner's module search path does not leak into the projects.
const { NODE_PATH: _runnerNodePath, ...freshEnv } = process.env;

// Asynchronous on purpose: a synchronous npm install would block the vitest worker's event loop for a minute.
const execFileAsync = promisify(execFile);
async function run(command: string, args: string[], cwd: string): Promise<string> {
  const options = { cwd, encoding: "utf8", env: freshEnv, maxBuffer: 16 * 2 ** 20 } as const;
  return (await execFileAsync(command, args, options)).stdout;
}

/** Every node_modules folder Node's resolution would walk up into from `dir` (none for a fresh project). */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let at = dirname(dir); ; at = dirname(at)) {
    if (existsSync(join(at, "node_modules"))) found.push(join(at, "node_modules"));
    if (dirname(at) === at) return found;
  }
}

async function project(name: string, type: "module" | "commonjs", tarballs: string[]): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type }));
  const install = [
    "install",
    ...tarballs,
    "--no-audit",
    "--no-fund",
    "--no-package-lock",
    "--loglevel=error",
  ];
  try {
    await run("npm", [...install, "--prefer-offline"], dir);
  } catch {
    await run("npm", install, dir);
  }
  return dir;
}

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil test key 1

const esm = `
import { createSdkClient, appendSdkCalldataTag, checkAttributionInCalldata, parsePreparedFlow, SdkError, CHAIN_ID } from "preflow";
import { deriveSmartAccountAddress } from "preflow/aa";
import { privateKeyToAccount } from "viem/accounts";
const client = createSdkClient({ rpcUrl: "http://127.0.0.1:9", attributionTags: ["esm_app"], analyticsEnabled: false });
const data = appendSdkCalldataTag("0xa9059cbb", ["esm_app"]);
let rejected = null;
try { createSdkClient({ rpcUrll: "x" }); } catch (e) { rejected = e instanceof SdkError ? e.code : "other"; }
const flow = parsePreparedFlow({ preparedFlow: true, chainId: 42220, from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", summary: "s",
  steps: [{ kind: "contract", to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", data, value: "0", description: "d" }] });
console.log(JSON.stringify({ chainId: CHAIN_ID, tags: client.attributionTags, check: checkAttributionInCalldata(data), rejected,
  steps: flow.steps.length, account: deriveSmartAccountAddress(privateKeyToAccount("${KEY}")) }));
`;

const cjs = `
const preflow = require("preflow");
const loadedBefore = Object.keys(require.cache).some((p) => p.includes("/permissionless/"));
const aa = require("preflow/aa");
const loadedAfter = Object.keys(require.cache).some((p) => p.includes("/permissionless/"));
const scopedAa = require("@preflow/aa");
const { privateKeyToAccount } = require("viem/accounts");
console.log(JSON.stringify({
  check: preflow.checkAttributionInCalldata(preflow.appendSdkCalldataTag("0x", ["cjs_app"])),
  account: aa.deriveSmartAccountAddress(privateKeyToAccount("${KEY}")),
  scopedAccount: scopedAa.deriveSmartAccountAddress(privateKeyToAccount("${KEY}")),
  permissionlessBeforeAa: loadedBefore,
  permissionlessAfterAa: loadedAfter,
  loadedOutside: Object.keys(require.cache).filter((p) => !p.startsWith(__dirname + "/")),
}));
`;

describe("packed preflow in fresh projects", () => {
  let esmDir: string;
  let cjsDir: string;

  beforeAll(async () => {
    expect(nodeModulesAbove(work)).toEqual([]);
    for (const folder of PACKED)
      await run("pnpm", ["pack", "--pack-destination", work], join(packagesDir, folder));
    const tarballs = readdirSync(work)
      .filter((file) => file.endsWith(".tgz"))
      .map((file) => join(work, file));
    expect(tarballs).toHaveLength(PACKED.length);
    esmDir = await project("esm-consumer", "module", tarballs);
    cjsDir = await project("cjs-consumer", "commonjs", tarballs);
  }, 300_000);

  // Removing two installed projects can take seconds on a loaded machine: async, with its own bound.
  afterAll(() => rm(work, { recursive: true, force: true }), 120_000);

  it("works from ESM: preflow and preflow/aa", async () => {
    writeFileSync(join(esmDir, "main.js"), esm);
    const out = JSON.parse(await run("node", ["main.js"], esmDir));
    expect(out.chainId).toBe(42220);
    expect(out.tags).toEqual(["ESM_APP"]);
    expect(out.check).toEqual({ found: true, tags: ["esm_app"], platform: true });
    expect(out.rejected).toBe("UNKNOWN_OPTION");
    expect(out.steps).toBe(1);
    expect(out.account.eoaAddress).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(out.account.smartAccountAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("works from CommonJS (preflow/aa and @preflow/aa), and only preflow/aa loads permissionless", async () => {
    writeFileSync(join(cjsDir, "main.js"), cjs);
    const out = JSON.parse(await run("node", ["main.js"], cjsDir));
    expect(out.loadedOutside).toEqual([]);
    expect(out.check).toEqual({ found: true, tags: ["cjs_app"], platform: true });
    expect(out.account.eoaAddress).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(out.scopedAccount).toEqual(out.account);
    expect(out.permissionlessBeforeAa).toBe(false);
    expect(out.permissionlessAfterAa).toBe(true);
  });
});
