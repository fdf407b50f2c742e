// preflow as a user gets it, on a copy of this repository made a git checkout (as a fresh clone is):
//   1. the README's Install section exactly as written (bash, from the copy's folder): `pnpm release:pack` packs the
//      never-released packages as 0.1.0-dev.<commit>, and the SDK's tarballs install into an empty project beside
//      the copy, without the tool server; the README's Quickstart then runs there with tsx, as the README says;
//   2. the release flow: pnpm changeset version → pnpm release:pack, whose tarballs install into fresh ESM and
//      CommonJS npm projects (`npm install <release>/*.tgz viem`), where the README's Quickstart runs against a
//      devnet and both entries load.
// Fresh means fresh: the projects live under os.tmpdir() with no node_modules folder above them, and the child
// processes run without NODE_PATH. vitest's pnpm bin shim exports NODE_PATH=<repo>/node_modules/.pnpm/node_modules,
// which let `node main.js` find packages the tarballs never installed (permissionless's CommonJS build requires
// tslib without declaring it; only a truly empty project shows that).
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEVNET_ACCOUNTS, type Devnet, startDevnet } from "@preflow/devnet";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSdkClient } from "../src/index.js";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "preflow-release-"));
const copy = join(work, "repo");
const release = join(work, "release");

// The environment of a user's shell: nothing of the test runner leaks into the copy or the projects (its module
// search path, pnpm's and npm's lifecycle variables, turbo's and vitest's own).
const RUNNER = /^(NODE_PATH|NODE_OPTIONS|INIT_CWD|npm_.*|pnpm_.*|PNPM_.*|TURBO_.*|VITEST.*|TEST)$/i;
const freshEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !RUNNER.test(name)),
);

// Asynchronous on purpose: a synchronous npm install would block the vitest worker's event loop for a minute.
const execFileAsync = promisify(execFile);
async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = freshEnv) {
  // SIGKILL: pnpm exits 0 on SIGTERM, so a timed-out build would pass for a silent success (it did, once).
  const options = {
    cwd,
    encoding: "utf8",
    env,
    maxBuffer: 16 * 2 ** 20,
    timeout: 900_000,
    killSignal: "SIGKILL",
  } as const;
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

/** The repository as a fresh clone has it (tracked and new files, nothing ignored: no node_modules, no dist). */
async function copyRepository(): Promise<void> {
  const files = (await run("git", ["ls-files", "-z", "-co", "--exclude-standard"], repo))
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(repo, file)));
  for (const file of files) cpSync(join(repo, file), join(copy, file));
}

async function project(name: string, type: "module" | "commonjs", tarballs: string[]): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type }));
  const install = ["install", ...tarballs, "viem", "--no-audit", "--no-fund", "--loglevel=error"];
  try {
    await run("npm", [...install, "--prefer-offline"], dir);
  } catch {
    await run("npm", install, dir);
  }
  return dir;
}

/** The README's Install section's shell block (the one that runs `pnpm release:pack`), verbatim. */
function readmeInstall(): string {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Quickstart"));
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? "")
    .find((text) => text.includes("pnpm release:pack"));
  if (!block) throw new Error("README.md's Install section has no release:pack block");
  return block;
}

/** The README's Quickstart code block, verbatim. */
function readmeQuickstart(): string {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Quickstart"));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error("README.md has no Quickstart code block");
  return match[1];
}

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil test key 1

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

describe("the README's install section, then the release flow, each into an empty project", () => {
  let tarballs: string[];
  let sdkTarballs: string[];
  let devVersions: Record<string, string>;
  let devOutput: string;
  let statusAfterPack: string;
  const myApp = join(work, "my-app"); // the README's ../my-app, beside the copy
  let packOutput: string;
  let versions: Record<string, string>;
  let esmDir: string;
  let cjsDir: string;
  let devnet: Devnet;

  beforeAll(async () => {
    expect(nodeModulesAbove(work)).toEqual([]);
    const started = startDevnet({ fundAccounts: { amount: "100" } });
    await copyRepository();
    const pnpmEnv = { ...freshEnv, CI: "1", TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
    try {
      await run("pnpm", ["install", "--frozen-lockfile", "--offline"], copy, pnpmEnv);
    } catch {
      await run("pnpm", ["install", "--frozen-lockfile"], copy, pnpmEnv);
    }
    // A clone is a git checkout: the dev versions are named after its commit.
    await run("git", ["init", "-q"], copy, pnpmEnv);
    await run("git", ["add", "-A"], copy, pnpmEnv);
    const author = ["-c", "user.name=preflow-test", "-c", "user.email=test@preflow.local"];
    await run("git", [...author, "commit", "-q", "--no-gpg-sign", "-m", "copy"], copy, pnpmEnv);
    devOutput = await run("bash", ["-euo", "pipefail", "-c", readmeInstall()], copy, pnpmEnv);
    statusAfterPack = await run("git", ["status", "--porcelain"], copy, pnpmEnv);
    devVersions = {};
    for (const name of ["preflow", "@preflow/core", "@preflow/aa", "@preflow/tools"]) {
      const manifest = join(myApp, "node_modules", name, "package.json");
      if (existsSync(manifest)) devVersions[name] = JSON.parse(readFileSync(manifest, "utf8")).version;
    }

    await run("pnpm", ["changeset", "version"], copy, pnpmEnv);
    packOutput = await run("pnpm", ["release:pack", "--out", release], copy, pnpmEnv);
    const tgz = (dir: string) =>
      readdirSync(dir)
        .filter((file) => file.endsWith(".tgz"))
        .map((file) => join(dir, file));
    sdkTarballs = tgz(release);
    tarballs = [...sdkTarballs, ...tgz(join(release, "tools"))];
    versions = {};
    for (const folder of readdirSync(join(copy, "packages"))) {
      const manifest = JSON.parse(readFileSync(join(copy, "packages", folder, "package.json"), "utf8"));
      if (manifest.private !== true) versions[manifest.name] = manifest.version;
    }
    esmDir = await project("esm-consumer", "module", sdkTarballs);
    cjsDir = await project("cjs-consumer", "commonjs", sdkTarballs);
    devnet = await started;
  }, 1_500_000);

  // Removing an installed repository copy and two projects can take seconds on a loaded machine.
  afterAll(async () => {
    await devnet?.stop();
    await rm(work, { recursive: true, force: true });
  }, 120_000);

  it("the README's install section, as written, installs the SDK at 0.1.0-dev.<commit> and not the tool server", () => {
    const commit = /0\.1\.0-dev\.([0-9a-f]{12})/.exec(devOutput)?.[1];
    expect(commit, devOutput).toBeDefined();
    expect(devVersions).toEqual({
      preflow: `0.1.0-dev.${commit}`,
      "@preflow/core": `0.1.0-dev.${commit}`,
      "@preflow/aa": `0.1.0-dev.${commit}`,
    });
    expect(existsSync(join(myApp, "node_modules/@modelcontextprotocol"))).toBe(false);
    expect(JSON.parse(readFileSync(join(myApp, "package.json"), "utf8")).type).toBe("module");
    expect(readdirSync(join(copy, "release/tools"))).toEqual([`preflow-tools-0.1.0-dev.${commit}.tgz`]);
    // the manifests went back to 0.0.0 after the pack: the checkout is as clean as before it
    expect(statusAfterPack).toBe("");
  });

  it("the README's Quickstart runs with tsx in that project, as the README says", async () => {
    writeFileSync(join(myApp, "main.ts"), readmeQuickstart());
    await run("npm", ["install", "-D", "tsx", "--no-audit", "--no-fund", "--loglevel=error"], myApp);
    const sender = DEVNET_ACCOUNTS[1];
    if (!sender) throw new Error("no devnet account");
    const out = await run("npx", ["tsx", "main.ts"], myApp, {
      ...freshEnv,
      RPC_URL: devnet.rpcUrl,
      PRIVATE_KEY: sender.privateKey,
    });
    expect(out).toMatch(/^Send 2\.5 USDm from 0x[0-9a-fA-F]{40} to 0x/);
  });

  it("packs every published package, at its changeset version, and no private one", () => {
    const names = Object.keys(versions).sort();
    expect(packOutput, packOutput).toContain(`release:pack: ${names.length} packages in ${release}`);
    expect(names).toContain("preflow");
    expect(names).not.toContain("@preflow/devnet");
    for (const [name, version] of Object.entries(versions)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(version, name).not.toBe("0.0.0");
      const file = `${name === "@preflow/tools" ? "tools/" : ""}${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
      expect(tarballs.map((path) => path.slice(release.length + 1))).toContain(file);
    }
    expect(tarballs).toHaveLength(names.length);
    // The pending changesets were consumed, as a release does.
    const left = readdirSync(join(copy, ".changeset")).filter(
      (file) => file.endsWith(".md") && file !== "README.md",
    );
    expect(left).toEqual([]);
  });

  it("the README's Quickstart runs as written in the empty ESM project, against the devnet", async () => {
    // TypeScript as written (a reader runs it with tsx); its types stripped, it runs on plain Node here.
    const { code } = await transform(readmeQuickstart(), { loader: "ts", format: "esm" });
    writeFileSync(join(esmDir, "quickstart.js"), code);
    const sender = DEVNET_ACCOUNTS[0];
    if (!sender) throw new Error("no devnet account");
    const reader = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const recipient = /const recipient = "(0x[0-9a-fA-F]{40})"/.exec(
      readmeQuickstart(),
    )?.[1] as `0x${string}`;
    const before = await reader.token.getBalance(recipient, "USDm");
    const out = await run("node", ["quickstart.js"], esmDir, {
      ...freshEnv,
      RPC_URL: devnet.rpcUrl,
      PRIVATE_KEY: sender.privateKey,
    });
    expect(out).toMatch(/^Send 2\.5 USDm from 0x[0-9a-fA-F]{40} to 0x/);
    const after = await reader.token.getBalance(recipient, "USDm");
    expect(after.value - before.value).toBe(2_500_000_000_000_000_000n); // the send landed
    // The installed preflow is the packed one, at its released version.
    const installed = JSON.parse(readFileSync(join(esmDir, "node_modules/preflow/package.json"), "utf8"));
    expect(installed.version).toBe(versions.preflow);
    const core = JSON.parse(readFileSync(join(esmDir, "node_modules/@preflow/core/package.json"), "utf8"));
    expect(core.version).toBe(versions["@preflow/core"]);
  });

  // npm still installs ox 0.11.3 at the top for permissionless 0.4.1's optional peer (`ox ^0.11.3`; it imports ox
  // only for passkeys): what viem and our packages load is one version.
  it("our packages and viem load one ox version", async () => {
    const script = `
      import { createRequire } from "node:module";
      const versions = {};
      for (const owner of ["viem", "@preflow/attribution", "@preflow/aa"]) {
        const from = createRequire(createRequire(import.meta.url).resolve(owner + "/package.json"));
        versions[owner] = from("ox/package.json").version;
      }
      console.log(JSON.stringify(versions));`;
    writeFileSync(join(esmDir, "ox.js"), script);
    const seen = JSON.parse(await run("node", ["ox.js"], esmDir)) as Record<string, string>;
    expect(new Set(Object.values(seen)).size, JSON.stringify(seen)).toBe(1);
  });

  it("works from CommonJS (preflow/aa and @preflow/aa), and only preflow/aa loads permissionless", async () => {
    writeFileSync(join(cjsDir, "main.js"), cjs);
    const out = JSON.parse(await run("node", ["main.js"], cjsDir));
    expect(out.loadedOutside).toEqual([]);
    expect(out.check).toEqual({ found: true, tags: ["cjs_app"], platform: true });
    expect(out.account.eoaAddress).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(out.account.smartAccountAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(out.scopedAccount).toEqual(out.account);
    expect(out.permissionlessBeforeAa).toBe(false);
    expect(out.permissionlessAfterAa).toBe(true);
  });
});
