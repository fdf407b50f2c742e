import { describe, expect, it } from "vitest";
import { executionHeadline, type HeadlineInput } from "../src/execution/executionHeadline.js";
import { continueFrom, type ExecutionRecord, type StepRecord } from "../src/execution/executionRegistry.js";

const HASH = `0x${"ab".repeat(32)}`;
const step = (index: number, fields: Partial<StepRecord>): StepRecord => ({
  index,
  description: `step ${index}`,
  to: `0x${"11".repeat(20)}`,
  hash: null,
  status: "skipped",
  ...fields,
});
const result = (status: string, steps: StepRecord[], extra: Partial<HeadlineInput> = {}): HeadlineInput => {
  const stopped = steps.find((entry) => entry.status !== "success");
  return {
    status,
    dryRun: false,
    replayed: false,
    flowId: "f".repeat(64),
    failedStep: stopped ? stopped.index : null,
    completedSteps: stopped ? stopped.index : steps.length,
    steps,
    ...extra,
  };
};
const record = (steps: StepRecord[], state: ExecutionRecord["state"] = "done"): ExecutionRecord => ({
  flowId: "f".repeat(64),
  chainId: 42220,
  from: `0x${"22".repeat(20)}`,
  summary: "two steps",
  state,
  outcome: state === "done" ? "failed" : undefined,
  steps,
  startedAt: new Date(0).toISOString(),
  finishedAt: null,
  done: Promise.resolve(),
});

describe("executionHeadline: sent counts only what the node acknowledged or the chain shows", () => {
  it("a second step whose send's answer was lost is not counted as sent", () => {
    const { headline } = executionHeadline(
      result("pending", [
        step(0, { hash: HASH, sent: true, status: "success" }),
        step(1, { hash: HASH, sent: "unknown", status: "pending" }),
      ]),
    );
    expect(headline).toContain("1 of 2 step(s) done, 1 sent (and 1 whose send's answer was lost");
  });

  it("cancelled: counts sent steps, not hashes, and says the flow can be continued", () => {
    const { headline, isError } = executionHeadline(
      result("cancelled", [step(0, { hash: HASH, sent: true, status: "success" }), step(1, {})], {
        failedStep: null,
      }),
    );
    expect(isError).toBe(true);
    expect(headline).toMatch(
      /^Cancelled: 1 sent before it stopped; the rest were not sent\. Execute the flow again/,
    );
  });

  it("a step signed but refused (sent: false) is not sent; a reverted one is", () => {
    const refused = executionHeadline(
      result("failed", [step(0, { hash: HASH, sent: false, status: "failed", error: "nonce too low" })]),
    );
    expect(refused.headline).toMatch(/stopped at step 0 \(failed: nonce too low\)/);
    expect(refused.headline).toContain("Execute the flow again (without force) to continue from step 0");
    const reverted = executionHeadline(result("failed", [step(0, { hash: HASH, status: "reverted" })]));
    expect(reverted.headline).not.toContain("Execute the flow again");
  });
});

describe("continueFrom", () => {
  it("is the first step not done when the steps before it landed and the rest were never sent", () => {
    expect(continueFrom(record([step(0, { hash: HASH, sent: true, status: "success" }), step(1, {})]))).toBe(
      1,
    );
    expect(
      continueFrom(
        record([
          step(0, { hash: HASH, status: "success" }),
          step(1, { hash: HASH, sent: false, status: "failed" }),
        ]),
      ),
    ).toBe(1);
    expect(continueFrom(record([step(0, {}), step(1, {})]))).toBe(0);
  });

  it("is undefined while a step may still be mined, after a revert, when all succeeded or while running", () => {
    const landed = step(0, { hash: HASH, sent: true, status: "success" });
    expect(continueFrom(record([landed, step(1, { hash: HASH, sent: "unknown", status: "pending" })]))).toBe(
      undefined,
    );
    expect(continueFrom(record([landed, step(1, { hash: HASH, sent: true, status: "reverted" })]))).toBe(
      undefined,
    );
    expect(continueFrom(record([landed, { ...landed, index: 1 }]))).toBe(undefined);
    expect(continueFrom(record([landed, step(1, { status: "queued" })], "running"))).toBe(undefined);
    // A pending step the node never acknowledged is continued only while this server holds its signed bytes.
    const unacknowledged = step(1, { hash: HASH, sent: "unknown", status: "pending" });
    expect(continueFrom(record([landed, { ...unacknowledged, signedTransaction: "0x02" }]))).toBe(1);
    expect(continueFrom(record([landed, { ...unacknowledged, sent: true, signedTransaction: "0x02" }]))).toBe(
      undefined,
    );
    // A signed step whose send was never answered (hash, sent unknown) is not "never sent".
    expect(continueFrom(record([landed, step(1, { hash: HASH, sent: "unknown", status: "failed" })]))).toBe(
      undefined,
    );
  });
});
