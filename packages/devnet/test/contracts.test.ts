// The committed bytecode (src/contracts.generated.ts) must be what contracts/*.sol compile to.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { compileContracts } from "../scripts/compile-contracts.mjs";

describe("devnet contracts", () => {
  it("committed bytecode is current (rebuild: pnpm --filter @preflow/devnet compile-contracts)", () => {
    const committed = readFileSync(new URL("../src/contracts.generated.ts", import.meta.url), "utf8");
    expect((compileContracts as () => string)()).toBe(committed);
  });
});
