// `preflow` must not pull in permissionless (only `preflow/aa` may), and each entry's size is printed.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { measureEntries } from "../bench/bundleSizes.mjs";

interface Row {
  entry: string;
  minifiedKB: number;
  gzippedKB: number;
  permissionless: boolean;
  viem: boolean;
}

describe("bundles of the public entries", () => {
  it("preflow leaves permissionless out; preflow/aa brings it; attribution leaves viem out", async () => {
    const rows = (await measureEntries(fileURLToPath(new URL("..", import.meta.url)))) as Row[];
    console.table(rows);
    const byEntry = Object.fromEntries(rows.map((row) => [row.entry, row]));
    expect(byEntry.preflow!.permissionless).toBe(false);
    expect(byEntry["preflow/aa"]!.permissionless).toBe(true);
    const attributionOnly = rows.find((row) => row.entry.startsWith("@preflow/attribution"))!;
    expect(attributionOnly.viem).toBe(false);
    expect(attributionOnly.permissionless).toBe(false);
  }, 60_000);
});
