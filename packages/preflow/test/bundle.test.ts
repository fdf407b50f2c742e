// What a browser app gets from `preflow`: no permissionless, no agent identity, no `node:` import, and the size
// budgets (min+gz, esbuild, browser platform, dependencies included). Each entry's size is printed.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without type declarations
import { BUDGETS_KB, LAZY_MARKERS, measureEntries, SPLIT_BUDGETS_KB } from "../bench/bundleSizes.mjs";

interface Row {
  entry: string;
  initialMinKB: number;
  initialGzKB: number;
  allGzKB: number;
  splitGzKB: number;
  splitChunks: number;
  lazyCodeInSplit: string;
  lazyCodeInAll: string;
  permissionless: boolean;
  viem: boolean;
  agentId: boolean;
  nodeImport: boolean;
}

describe("bundles of the public entries", () => {
  it("preflow leaves permissionless, agent identity and node: imports out, and stays within its budgets", async () => {
    const rows = (await measureEntries(fileURLToPath(new URL("..", import.meta.url)))) as Row[];
    console.table(rows);
    const byEntry = Object.fromEntries(rows.map((row) => [row.entry, row]));
    const everything = byEntry["preflow (every export)"]!;
    expect(everything.permissionless).toBe(false);
    expect(everything.agentId).toBe(false);
    expect(everything.nodeImport).toBe(false);
    expect(byEntry["preflow/aa (every export)"]!.permissionless).toBe(true);
    // The detectors detect: the agent-id entry is agent identity.
    expect(byEntry["preflow/agent-id (every export, Node only)"]!.agentId).toBe(true);
    const attributionOnly = byEntry["@preflow/attribution: checkAttributionInCalldata only"]!;
    expect(attributionOnly.viem).toBe(false);
    expect(attributionOnly.permissionless).toBe(false);
    for (const [entry, budget] of Object.entries(BUDGETS_KB as Record<string, number>)) {
      expect({ entry, initialGzKB: byEntry[entry]!.initialGzKB }).toEqual({
        entry,
        initialGzKB: expect.toSatisfy((size: number) => size <= budget),
      });
    }
    // A code-split page that only prepares a send fetches no staking lens, governance, Aave or ENS code before
    // its first call (each loads on its member's first call), and stays within its budget.
    const send = byEntry["preflow: createSdkClient + prepareSend"]!;
    expect(send.lazyCodeInSplit).toBe("");
    for (const [entry, budget] of Object.entries(SPLIT_BUDGETS_KB as Record<string, number>)) {
      expect({ entry, splitGzKB: byEntry[entry]!.splitGzKB }).toEqual({
        entry,
        splitGzKB: expect.toSatisfy((size: number) => size <= budget),
      });
    }
    // The detector detects: every marker is in the same page with its lazily loaded modules inlined.
    expect(send.lazyCodeInAll).toBe(Object.keys(LAZY_MARKERS as Record<string, string>).join(", "));
    // The minimal client with one action does not carry the whole client's groups (those are 60 KB and more;
    // 40.0 KB at 1060bff; 40.1 KB with the one batch layer on viem clients and the on-chain-planned fee sketch, or
    // with Uniswap v4's read-back and decoders in the registry the flow parser uses; 41.3 KB with the lazily loaded
    // chunk that describes a fee currency the registry does not know, named by address: XAU₮0, issue 45; 42.7 KB
    // with the fee-currency lens's creation code, 1.9 KB of bytecode in lazily loaded chunks only, which makes
    // getFeeCurrencies and an unlisted currency's prepare 1 request instead of 2-3 and lets "auto" see every
    // currency the directory lists: the initial chunk is unchanged).
    expect(byEntry["preflow: createSdkBaseClient + prepareSend action"]!.allGzKB).toBeLessThanOrEqual(43);
  }, 120_000);
});
