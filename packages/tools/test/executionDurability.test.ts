// Which writes of an execution's record are durable (fsynced before they resolve): the write-ahead of each step's
// signed bytes and the end, nothing else (src/store/rules/executionDurability.ts), as properties over any records.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { executionWriteIsDurable } from "../src/store/rules/executionDurability.js";
import type { StoredExecution, StoredStep } from "../src/store/types.js";

const bytes = fc.stringMatching(/^0x02f8[0-9a-f]{4,16}$/);
const step: fc.Arbitrary<StoredStep> = fc.record(
  {
    index: fc.nat(5),
    description: fc.constant("transfer"),
    to: fc.constant("0x765de816845861e75a25fca122bb6898b8b1282a"),
    hash: fc.option(fc.constant(`0x${"ab".repeat(32)}`), { nil: null }),
    status: fc.constantFrom("success", "reverted", "failed", "pending", "skipped", "queued"),
    sent: fc.constantFrom(true, false, "unknown" as const),
    signedTransaction: bytes,
  },
  { requiredKeys: ["index", "description", "to", "hash", "status"] },
);
const record: fc.Arbitrary<StoredExecution> = fc.record({
  flowId: fc.constant("ab".repeat(32)),
  chainId: fc.constant(42220 as const),
  from: fc.constant("0x1111111111111111111111111111111111111111"),
  summary: fc.constant("send 1 USDm"),
  state: fc.constantFrom("queued", "running", "done"),
  outcome: fc.constantFrom("success", "failed", "pending", "cancelled", null),
  startedAt: fc.constant("2026-11-27T00:00:00.000Z"),
  finishedAt: fc.constant(null),
  steps: fc.array(step, { maxLength: 4 }),
});
const withoutBytes = (value: StoredExecution): StoredExecution => ({
  ...value,
  steps: value.steps.map(({ signedTransaction: _, ...rest }) => rest),
});

describe("executionWriteIsDurable", () => {
  it("writing a record again is durable only when it ends there", () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(executionWriteIsDurable(value, value)).toBe(false);
        expect(executionWriteIsDurable({ ...value, state: "running" }, { ...value, state: "done" })).toBe(
          true,
        );
      }),
    );
  });

  it("a record carrying signed bytes the stored one lacks is durable (the write-ahead)", () => {
    fc.assert(
      fc.property(fc.option(record, { nil: undefined }), record, bytes, (previous, next, signed) => {
        fc.pre(!previous?.steps.some((stored) => stored.signedTransaction === signed));
        const written = {
          ...next,
          steps: [
            ...next.steps,
            {
              ...next.steps[0],
              index: 9,
              description: "x",
              to: "0x",
              hash: null,
              status: "pending" as const,
              signedTransaction: signed,
            },
          ],
        };
        expect(executionWriteIsDurable(previous, written)).toBe(true);
      }),
    );
  });

  it("a record without signed bytes that does not end is not durable", () => {
    fc.assert(
      fc.property(fc.option(record, { nil: undefined }), record, (previous, next) => {
        const running = withoutBytes({ ...next, state: next.state === "done" ? "running" : next.state });
        expect(executionWriteIsDurable(previous, running)).toBe(false);
        expect(
          executionWriteIsDurable(
            previous === undefined ? undefined : { ...previous, state: "done" },
            withoutBytes({ ...next, state: "done" }),
          ),
        ).toBe(previous === undefined);
      }),
    );
  });
});
