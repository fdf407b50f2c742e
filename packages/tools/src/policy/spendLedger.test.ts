import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { storeOpener } from "../store/openToolServerStore.js";
import { SpendLedger } from "./spendLedger.js";

const USDM = "0x765de816845861e75a25fca122bb6898b8b1282a";
const SIGNER = "0x1111111111111111111111111111111111111111";
const HASH = `0x${"ab".repeat(32)}`;
const NOW = 1_800_000_000_000;

const ledgerAt = (stateDir: string, lines: string[] = []) =>
  new SpendLedger({
    store: storeOpener({ stateDir }),
    stateDir,
    signer: SIGNER,
    log: (line) => lines.push(line),
    now: () => NOW,
  });

describe("SpendLedger", () => {
  it("counts fee.max while a step is in flight, then the fee its receipt reports, across a restart", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-ledger-"));
    const ledger = ledgerAt(stateDir);
    const caps = [{ token: USDM, limit: 1_000n }];
    const item = {
      key: "flow:f:0:a",
      source: { kind: "flow" as const, flowId: "f", step: 0 },
      amounts: [
        { token: USDM, amount: 5n },
        { token: USDM, amount: 100n, fee: true as const },
      ],
    };
    expect(await ledger.reserve([item], caps)).toEqual({ ok: true, already: [] });
    await ledger.bind("flow:f:0:a", HASH);
    expect((await ledger.spent([USDM])).get(USDM)).toBe(105n);
    await ledger.settleFee(`0x${"cd".repeat(32)}`, 1n); // another step's hash: nothing changes
    expect((await ledger.spent([USDM])).get(USDM)).toBe(105n);
    await ledger.settleFee(HASH, 37n);
    expect((await ledgerAt(stateDir).spent([USDM])).get(USDM)).toBe(42n);
    await ledger.settleFee(HASH, 0n); // a step certainly never sent paid no fee
    expect((await ledger.spent([USDM])).get(USDM)).toBe(5n);
  });

  it("imports spending.json once, a hash recorded twice counted once, and leaves the file as it was", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-ledger-"));
    const entry = { token: USDM, amount: "3", at: NOW - 1_000, hash: HASH };
    const text = JSON.stringify({
      version: 1,
      spends: {
        [SIGNER]: [
          entry,
          entry,
          { ...entry, amount: "2", fee: true },
          { token: "nope", amount: "1", at: 1, hash: null },
        ],
      },
    });
    writeFileSync(join(stateDir, "spending.json"), text);
    const lines: string[] = [];
    expect((await ledgerAt(stateDir, lines).spent([USDM])).get(USDM)).toBe(5n);
    expect(lines).toEqual([
      expect.stringMatching(/spending\.json: 3 spend\(s\) imported, 1 refused into .*preflow-tools\.sqlite/),
    ]);
    expect(readFileSync(join(stateDir, "spending.json"), "utf8")).toBe(text);
    const again: string[] = [];
    expect((await ledgerAt(stateDir, again).spent([USDM])).get(USDM)).toBe(5n);
    expect(again).toEqual([]);
  });
});
