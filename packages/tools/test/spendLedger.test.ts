import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SpendLedger } from "../src/policy/spendLedger.js";

const USDM = "0x765de816845861e75a25fca122bb6898b8b1282a";
const SIGNER = "0x1111111111111111111111111111111111111111";
const HASH = `0x${"ab".repeat(32)}`;

describe("SpendLedger with fees paid in a token", () => {
  it("counts fee.max while a step is in flight, then the fee its receipt reports, across a restart", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-ledger-"));
    const ledger = new SpendLedger({ stateDir, signer: SIGNER });
    ledger.record(
      [
        { token: USDM, amount: 5n },
        { token: USDM, amount: 100n, fee: true },
      ],
      HASH,
    );
    expect(ledger.spent(USDM)).toBe(105n);
    ledger.settleFee(`0x${"cd".repeat(32)}`, 1n); // another step's hash: nothing changes
    expect(ledger.spent(USDM)).toBe(105n);
    ledger.settleFee(HASH, 37n);
    expect(ledger.spent(USDM)).toBe(42n);
    expect(new SpendLedger({ stateDir, signer: SIGNER }).spent(USDM)).toBe(42n);
    const file = JSON.parse(readFileSync(join(stateDir, "spending.json"), "utf8"));
    expect(
      file.spends[SIGNER].map((entry: { amount: string; fee?: true }) => [entry.amount, entry.fee]),
    ).toEqual([
      ["5", undefined],
      ["37", true],
    ]);
    // a step certainly never sent paid no fee
    ledger.settleFee(HASH, 0n);
    expect(ledger.spent(USDM)).toBe(5n);
  });
});
