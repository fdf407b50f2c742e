import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadedFilesOf } from "./helpers/moduleGraph.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, "..");

// The umbrella package ("preflow", written later) must pass the same check: importing it must not load
// permissionless; only its "preflow/aa" sub-path may. Reuse loadedFilesOf(<entry>, <dir>, "permissionless").
describe("module graph: permissionless stays out of the non-AA entry points", () => {
  it("importing @preflow/core does not load permissionless", async () => {
    const entry = path.resolve(packageDir, "../core/dist/index.js");
    expect(existsSync(entry), "build @preflow/core first").toBe(true);
    expect(await loadedFilesOf(entry, packageDir, "permissionless")).toEqual([]);
    // The check can fail: core does load viem.
    expect((await loadedFilesOf(entry, packageDir, "viem")).length).toBeGreaterThan(0);
  }, 120_000);

  it("importing @preflow/aa does load permissionless (it is the AA entry point)", async () => {
    const entry = path.resolve(packageDir, "dist/index.js");
    expect(existsSync(entry), "build @preflow/aa first").toBe(true);
    expect((await loadedFilesOf(entry, packageDir, "permissionless")).length).toBeGreaterThan(0);
  }, 120_000);
});
