// The invariant over the execution records (standingExecution.ts): an attempt that ended sending nothing stands for
// the record it replaced, in memory, in what is stored and in what is read back from a real SQLite store; the
// record it replaced is stored with it until one of its own steps is on chain.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExecutionRecord, StepRecord } from "../src/execution/executionRegistry.js";
import { openExecutionStore } from "../src/execution/executionStore.js";
import { standingExecution } from "../src/execution/standingExecution.js";
import { decodeStoredExecution, encodeStoredExecution } from "../src/execution/storedExecution.js";
import { openToolServerStore } from "../src/store/openToolServerStore.js";

const SIGNER = "0x1111111111111111111111111111111111111111";
const TO = "0x3333333333333333333333333333333333333333";
const FLOW = "ab".repeat(32);
const hash = (byte: string) => `0x${byte.repeat(32)}`;

function step(fields: Partial<StepRecord>): StepRecord {
  return { index: 0, description: "send", to: TO, hash: null, status: "queued", ...fields };
}
function record(attempt: string, state: ExecutionRecord["state"], first: StepRecord): ExecutionRecord {
  return {
    flowId: FLOW,
    chainId: 42220,
    from: SIGNER,
    summary: "send 10 USDm",
    state,
    outcome: state === "done" ? "failed" : undefined,
    steps: [first],
    startedAt: "2026-11-27T00:00:00.000Z",
    finishedAt: state === "done" ? "2026-11-27T00:00:01.000Z" : null,
    done: Promise.resolve(),
    attempt,
  };
}
const landed = () => ({
  ...record("landed", "done", step({ hash: hash("aa"), status: "success", sent: true, nonce: 1 })),
  outcome: "success" as const,
});

describe("standingExecution", () => {
  it("an attempt ended sending nothing stands for the record it replaced; one running or sent stands for itself", () => {
    const earlier = landed();
    const refused = { ...record("refused", "done", step({ status: "skipped" })), supersedes: earlier };
    expect(standingExecution(refused)).toBe(earlier);
    const running = { ...record("running", "running", step({})), supersedes: earlier };
    expect(standingExecution(running)).toBe(running);
    const signed = {
      ...record("signed", "done", step({ hash: hash("bb"), status: "pending", sent: "unknown" })),
      supersedes: earlier,
    };
    expect(standingExecution(signed)).toBe(signed);
    // A refused step the node never knew sent nothing either.
    const neverLeft = {
      ...record("never", "done", step({ hash: hash("cc"), status: "failed", sent: false })),
      supersedes: earlier,
    };
    expect(standingExecution(neverLeft)).toBe(earlier);
  });

  it("is stored as the record it replaced; a running attempt carries it until one of its steps is on chain", () => {
    const earlier = landed();
    const refused = { ...record("refused", "done", step({ status: "skipped" })), supersedes: earlier };
    expect(encodeStoredExecution(refused, (text) => text)).toEqual(
      encodeStoredExecution(earlier, (text) => text),
    );
    const running = { ...record("running", "running", step({})), supersedes: earlier };
    const stored = encodeStoredExecution(running, (text) => text);
    expect(stored.supersedes).toEqual(encodeStoredExecution(earlier, (text) => text));
    const decoded = decodeStoredExecution(JSON.parse(JSON.stringify(stored)), SIGNER);
    expect(decoded).toMatchObject({
      ok: true,
      record: { attempt: "running", supersedes: { attempt: "landed" } },
    });
    const mined = {
      ...record("mined", "done", step({ hash: hash("bb"), status: "success", sent: true })),
      supersedes: earlier,
    };
    expect(encodeStoredExecution(mined, (text) => text).supersedes).toBeUndefined();
  });

  it("refuses a nested or foreign record it replaced", () => {
    const earlier = encodeStoredExecution(landed(), (text) => text);
    const base = encodeStoredExecution(record("x", "running", step({})), (text) => text);
    expect(
      decodeStoredExecution({ ...base, supersedes: { ...earlier, supersedes: earlier } }, SIGNER),
    ).toEqual({
      ok: false,
      problem: "supersedes.supersedes: not allowed",
    });
    expect(
      decodeStoredExecution({ ...base, supersedes: { ...earlier, flowId: "cd".repeat(32) } }, SIGNER),
    ).toEqual({ ok: false, problem: "supersedes.flowId: another flow" });
    expect(decodeStoredExecution({ ...base, supersedes: 7 }, SIGNER)).toMatchObject({ ok: false });
  });

  it("a crash before the attempt signed: the store's record, recovered, reads as the landed one again", async () => {
    const store = await openToolServerStore({ stateDir: mkdtempSync(join(tmpdir(), "preflow-standing-")) });
    const opened = await openExecutionStore({
      store,
      stateDir: "/nonexistent",
      signer: SIGNER,
      log: () => {},
    });
    const earlier = landed();
    await opened.persistence.saveOrThrow(earlier);
    // The attempt was written holding the lock, then its server stopped before signing.
    await opened.persistence.saveOrThrow({ ...record("crashed", "running", step({})), supersedes: earlier });
    const open = await opened.persistence.readOpen();
    expect(open.map((found) => found.attempt)).toEqual(["crashed"]);
    const interrupted = open[0] as ExecutionRecord;
    interrupted.state = "done";
    interrupted.steps[0] = step({ status: "skipped", sent: false });
    expect((await opened.persistence.read(FLOW))?.attempt).toBe("crashed");
    await opened.persistence.saveOrThrow(interrupted);
    const read = await opened.persistence.read(FLOW);
    expect(read).toMatchObject({ attempt: "landed", outcome: "success", steps: [{ hash: hash("aa") }] });
    await store.close();
  });
});
