// recallExecution (stage 2 of an execution) is one pure function over the stored record and `force`: checked here
// by property over arbitrary records against the rules it stands for (no double sends, landed steps never sent
// again, continuation only where the sent steps succeeded and the rest never left).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ExecutionRecord, StepRecord } from "../src/execution/executionRegistry.js";
import { recallExecution } from "../src/execution/recallExecution.js";
import { isSent, neverSent } from "../src/execution/stepSent.js";

const HASH = `0x${"ab".repeat(32)}`;
const stepArb = (index: number): fc.Arbitrary<StepRecord> =>
  fc
    .record({
      status: fc.constantFrom("success", "reverted", "failed", "pending", "skipped", "queued"),
      hashed: fc.boolean(),
      sent: fc.constantFrom(true, false, "unknown", undefined),
      bytes: fc.boolean(),
    })
    .map(({ status, hashed, sent, bytes }) => ({
      index,
      description: `step ${index}`,
      to: "0x3333333333333333333333333333333333333333",
      hash: hashed || status === "success" || status === "reverted" ? HASH : null,
      status: status as StepRecord["status"],
      ...(sent === undefined ? {} : { sent: sent as StepRecord["sent"] }),
      ...(bytes ? { signedTransaction: "0x02" } : {}),
    }));
const recordArb: fc.Arbitrary<ExecutionRecord> = fc
  .record({
    state: fc.constantFrom("queued", "running", "done"),
    steps: fc
      .integer({ min: 1, max: 4 })
      .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => stepArb(i)))),
  })
  .map(({ state, steps }) => ({
    flowId: "ab".repeat(32),
    chainId: 42220,
    from: "0x1111111111111111111111111111111111111111",
    summary: "s",
    state: state as ExecutionRecord["state"],
    outcome: state === "done" ? "failed" : undefined,
    steps,
    startedAt: "2026-11-27T00:00:00.000Z",
    finishedAt: null,
    done: Promise.resolve(),
  }));

describe("recallExecution", () => {
  it("no record: new", () => {
    expect(recallExecution(undefined, false)).toEqual({ kind: "new", earlier: undefined });
    expect(recallExecution(undefined, true)).toEqual({ kind: "new", earlier: undefined });
  });

  it("property: without force, a record that may have sent is never executed anew", () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        const recall = recallExecution(record, false);
        if (record.steps.some((step) => !neverSent(step))) expect(recall.kind).not.toBe("new");
        if (record.state !== "done") expect(recall.kind).toBe("replay");
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: continue and resend start after steps that all succeeded; nothing after the start ever left", () => {
    fc.assert(
      fc.property(recordArb, fc.boolean(), (record, force) => {
        const recall = recallExecution(record, force);
        if (recall.kind !== "continue" && recall.kind !== "resend") return;
        expect(record.state).toBe("done");
        expect(record.steps.slice(0, recall.from).every((step) => step.status === "success")).toBe(true);
        const first = record.steps[recall.from] as StepRecord;
        expect(first.status).not.toBe("success");
        if (recall.kind === "resend") {
          expect(first).toMatchObject({ status: "pending", signedTransaction: "0x02" });
          expect(first.sent).not.toBe(true);
        } else expect(recall.from).toBeGreaterThan(0);
        if (!force) {
          const rest = record.steps.slice(recall.from + (recall.kind === "resend" ? 1 : 0));
          expect(rest.every(neverSent)).toBe(true);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: force sends anew only a record that ended and whose first step is not on chain or whose every step succeeded", () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        const recall = recallExecution(record, true);
        if (recall.kind !== "new") return;
        expect(record.state).toBe("done");
        const landedFirst = isSent(record.steps[0] as StepRecord) && record.steps[0]?.status === "success";
        if (landedFirst) expect(record.steps.every((step) => step.status === "success")).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
