// The Solidity preflow sends as code (the staking lens and planner, the fee plan's step runner, the fee-currency lens) and the generated
// TypeScript it runs are the same: scripts/compile-contracts.mjs compiles the sources with the pinned solc,
// and what it writes must be what is committed (else: run the script).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { compileAll } from "../scripts/compile-contracts.mjs";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");

describe("generated contract code", () => {
  it("lens.generated.ts, plannedStepRunner.generated.ts and feeCurrencyLens.generated.ts are what their sources compile to", () => {
    const files = compileAll() as [string, string][];
    expect(files.map(([file]) => file)).toEqual([
      "protocols/celo-staking/lens.generated.ts",
      "fees/plannedStepRunner.generated.ts",
      "fees/feeCurrencyLens.generated.ts",
    ]);
    for (const [file, text] of files) expect(readFileSync(path.join(src, file), "utf8"), file).toBe(text);
  }, 300_000);
});
