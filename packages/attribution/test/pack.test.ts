/// <reference types="node" />
// @preflow/attribution installs and works alone (with @preflow/errors, its one workspace dependency): pack both,
// install the tarballs into an empty project, run it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const errorsDir = fileURLToPath(new URL("../../errors", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "preflow-attribution-pack-"));
const consumer = join(work, "consumer");

// Without NODE_PATH: vitest's pnpm bin shim sets it to the monorepo's node_modules/.pnpm/node_modules, which would let
// the consumer find packages the tarball never installed.
const { NODE_PATH: _runnerNodePath, ...freshEnv } = process.env;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    env: freshEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const esmCheck = `
import { appendSdkCalldataTag, checkAttributionInCalldata, verifyAttributionInCalldata, SDK_PLATFORM_CODE } from "@preflow/attribution";
const data = appendSdkCalldataTag("0xa9059cbb", ["MyApp", "builder_0123456789ab"]);
console.log(JSON.stringify({
  data,
  check: checkAttributionInCalldata(data, "myapp"),
  verify: verifyAttributionInCalldata(data),
  platform: SDK_PLATFORM_CODE,
}));
`;

const cjsCheck = `
const { checkAttributionInCalldata, InvalidAttributionTagError, normalizeAttributionTags } = require("@preflow/attribution");
let rule = null;
try { normalizeAttributionTags(["bad tag"]); } catch (error) { if (error instanceof InvalidAttributionTagError) rule = error.details.rule; }
console.log(JSON.stringify({ check: checkAttributionInCalldata("0xdddddddd62617365617070070080218021802180218021802180218021"), rule }));
`;

describe("packed @preflow/attribution", () => {
  let tarball: string;
  let errorsTarball: string;

  beforeAll(() => {
    if (!existsSync(join(packageDir, "dist", "index.js")))
      throw new Error("dist/index.js is missing: run `pnpm --filter @preflow/attribution build` first");
    if (!existsSync(join(errorsDir, "dist", "index.js")))
      throw new Error("errors' dist/index.js is missing: run `pnpm --filter @preflow/errors build` first");
    run("pnpm", ["pack", "--pack-destination", work], packageDir);
    run("pnpm", ["pack", "--pack-destination", work], errorsDir);
    const names = readdirSync(work).filter((file) => file.endsWith(".tgz"));
    const name = names.find((file) => file.startsWith("preflow-attribution-"));
    const errorsName = names.find((file) => file.startsWith("preflow-errors-"));
    if (name === undefined || errorsName === undefined)
      throw new Error(`pnpm pack wrote no tarball into ${work}`);
    tarball = join(work, name);
    errorsTarball = join(work, errorsName);
    execFileSync("mkdir", [consumer]);
    writeFileSync(
      join(consumer, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module" }),
    );
    const install = [
      "install",
      tarball,
      errorsTarball,
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--loglevel=error",
    ];
    try {
      run("npm", [...install, "--offline"], consumer);
    } catch {
      run("npm", install, consumer); // ox not in the local npm cache yet: fetch it from the registry
    }
  }, 240_000);

  // Removing two installed projects can take seconds on a loaded machine: async, with its own bound.
  afterAll(() => rm(work, { recursive: true, force: true }), 120_000);

  it("ships only dist, README and package.json, with ox and @preflow/errors as its dependencies", () => {
    const listing = run("tar", ["-tzf", tarball], work).trim().split("\n");
    for (const file of listing) expect(file).toMatch(/^package\/(dist\/|README\.md$|package\.json$)/);
    expect(listing).toContain("package/dist/index.js");
    expect(listing).toContain("package/README.md");
    const manifest = JSON.parse(
      readFileSync(join(consumer, "node_modules/@preflow/attribution/package.json"), "utf8"),
    );
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["@preflow/errors", "ox"]);
    expect(manifest.dependencies["@preflow/errors"]).toMatch(/^\^?\d/); // a version, not `workspace:`
    expect(existsSync(join(consumer, "node_modules/viem"))).toBe(false);
  });

  it("works from node ESM in a project that has nothing else", () => {
    writeFileSync(join(consumer, "check.mjs"), esmCheck);
    const output = JSON.parse(run("node", ["check.mjs"], consumer));
    expect(output.check).toEqual({
      found: true,
      tags: ["myapp", "builder_0123456789ab"],
      platform: true,
      matched: true,
    });
    expect(output.verify).toEqual({
      erc8021: { schemaId: 0, codes: ["sdk", "myapp", "builder_0123456789ab"] },
      legacy: null,
    });
    expect(output.platform).toBe("sdk");
    expect(output.data.startsWith("0xa9059cbb73646b2c")).toBe(true);
  });

  it("works from node CommonJS too", () => {
    writeFileSync(join(consumer, "check.cjs"), cjsCheck);
    const output = JSON.parse(run("node", ["check.cjs"], consumer));
    expect(output).toEqual({
      check: { found: true, tags: ["baseapp"], platform: false },
      rule: "characters",
    });
  });
});

describe("browser safety of the build", () => {
  it("dist has no node: built-ins and no viem", () => {
    for (const file of ["index.js", "index.cjs"]) {
      const code = readFileSync(join(packageDir, "dist", file), "utf8");
      expect(code).not.toMatch(/["']node:/);
      expect(code).not.toMatch(/["'](fs|path|os|crypto|child_process|buffer)["']/);
      expect(code).not.toMatch(/["']viem(\/|["'])/);
    }
  });

  it("bundles for the browser with esbuild, with nothing left external", async () => {
    const esbuild = await import("esbuild");
    const result = await esbuild.build({
      stdin: { contents: 'export * from "./dist/index.js";', resolveDir: packageDir },
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).toContain("checkAttributionInCalldata");
  });
});
