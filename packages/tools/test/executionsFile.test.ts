import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ExecutionRecord } from "../src/execution/executionRegistry.js";
import {
  decodeExecutionsFile,
  decodeSignerExecutions,
  encodeExecution,
  MAX_STEP_ERROR,
  type PersistedExecution,
  toExecutionRecord,
} from "../src/execution/executionsFile.js";

const SIGNER = "0x1111111111111111111111111111111111111111";
const hexOf = (length: number) =>
  fc
    .array(fc.constantFrom(..."0123456789abcdef"), { minLength: length, maxLength: length })
    .map((digits) => digits.join(""));
const address = hexOf(40).map((digits) => `0x${digits}`);
const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String);
const iso = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString());
const STATUSES = ["success", "reverted", "failed", "pending", "skipped", "queued"] as const;

const step = (index: number) =>
  fc.record(
    {
      index: fc.constant(index),
      description: fc.string({ maxLength: 60 }),
      to: address,
      hash: fc.option(hexOf(64).map((digits) => `0x${digits}`)),
      status: fc.constantFrom(...STATUSES),
      sent: fc.constantFrom(true, false, "unknown" as const),
      code: fc.constantFrom("TRANSACTION_PENDING", "TRANSACTION_REVERTED", "NOT_ATTEMPTED"),
      nonce: fc.nat(),
      blockNumber: uint,
      gasUsed: uint,
      feePaid: fc.record({ feeCurrency: address, amount: uint }),
      error: fc.string({ maxLength: 80 }),
    },
    { requiredKeys: ["index", "description", "to", "hash", "status"] },
  );

/** Any record the server can write. */
const persisted: fc.Arbitrary<PersistedExecution> = fc
  .record({
    flowId: hexOf(64),
    summary: fc.string({ maxLength: 80 }),
    ended: fc.option(fc.constantFrom("success", "failed", "pending", "cancelled" as const), {
      nil: undefined,
    }),
    running: fc.boolean(),
    interrupted: fc.boolean(),
    startedAt: iso,
    finishedAt: fc.option(iso),
    stepCount: fc.integer({ min: 1, max: 4 }),
  })
  .chain((base) =>
    fc.tuple(...Array.from({ length: base.stepCount }, (_, index) => step(index))).map((steps) => {
      const record: PersistedExecution = {
        flowId: base.flowId,
        chainId: 42220,
        from: SIGNER,
        summary: base.summary,
        state: base.ended ? "done" : base.running ? "running" : "queued",
        outcome: base.ended ?? null,
        ...(base.interrupted ? { interrupted: true as const } : {}),
        startedAt: base.startedAt,
        finishedAt: base.finishedAt,
        steps: steps as PersistedExecution["steps"],
      };
      return record;
    }),
  );

const fileOf = (entries: unknown[], signer = SIGNER) =>
  JSON.stringify({ version: 1, executions: { [signer]: entries } });

function decodeOne(entry: unknown): ReturnType<typeof decodeSignerExecutions> {
  const top = decodeExecutionsFile(fileOf([entry]));
  if (!top.ok) throw new Error(top.reason);
  return decodeSignerExecutions(top.executions.get(SIGNER), SIGNER);
}

const valid: PersistedExecution = {
  flowId: "ab".repeat(32),
  chainId: 42220,
  from: SIGNER,
  summary: "Send 1 USDm",
  state: "running",
  outcome: null,
  startedAt: "2026-01-02T03:04:05.678Z",
  finishedAt: null,
  steps: [
    {
      index: 0,
      description: "Transfer 1 USDm",
      to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      hash: `0x${"cd".repeat(32)}`,
      status: "pending",
      sent: true,
      nonce: 7,
    },
    {
      index: 1,
      description: "Then 1 CELO",
      to: "0x471EcE3750Da237f93B8E339c536989b8978a438",
      hash: null,
      status: "queued",
    },
  ],
};

describe("decodeExecutionsFile", () => {
  it("reads the version 1 shape, and refuses anything else with a reason that repeats no content", () => {
    expect(decodeExecutionsFile(fileOf([valid])).ok).toBe(true);
    const secretish = "a".repeat(64);
    for (const [text, reason] of [
      ["", "it is not JSON"],
      ["{not json", "it is not JSON"],
      ["[]", "it is not a JSON object"],
      ["null", "it is not a JSON object"],
      ['"x"', "it is not a JSON object"],
      [`{"version":1,"executions":{},"${secretish}":1}`, "it has an unknown key"],
      ['{"version":2,"executions":{}}', "it has version 2 (this server reads version 1)"],
      ['{"version":"1","executions":{}}', "it has no valid version (this server reads version 1)"],
      ['{"executions":{}}', "it has no valid version (this server reads version 1)"],
      ['{"version":1,"executions":[]}', "its executions are not an object"],
      ['{"version":1}', "its executions are not an object"],
    ] as const) {
      const decoded = decodeExecutionsFile(text);
      expect(decoded, text).toEqual({ ok: false, reason });
    }
    expect(decodeExecutionsFile(undefined)).toEqual({ ok: false, reason: "it is not text" });
  });

  it("property: never throws on any text, and accepts only an object with version 1 and executions", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          const decoded = decodeExecutionsFile(text);
          if (decoded.ok) {
            const json = JSON.parse(text);
            expect(Object.keys(json).sort()).toEqual(["executions", "version"]);
            expect(json.version).toBe(1);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("property: never throws on bytes that are not text either", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        decodeExecutionsFile(Buffer.from(bytes).toString("utf8"));
        decodeExecutionsFile(bytes);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("decodeSignerExecutions", () => {
  it("property: what the server writes reads back the same", () => {
    fc.assert(
      fc.property(fc.array(persisted, { maxLength: 5 }), (records) => {
        const written = records.map((record) => encodeExecution(toExecutionRecord(record)));
        const top = decodeExecutionsFile(fileOf(written));
        expect(top.ok).toBe(true);
        if (!top.ok) return;
        const read = decodeSignerExecutions(top.executions.get(SIGNER), SIGNER);
        expect(read.refused).toBe(0);
        // One record per flow: the last one written wins.
        const expected = new Map(records.map((record) => [record.flowId, record]));
        expect(read.records).toEqual([...expected.values()]);
      }),
      { numRuns: 300 },
    );
  });

  it("property: never throws on any value, and what it accepts has the record's shape", () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.anything(), { maxLength: 4 }), (list, entries) => {
        for (const candidate of [list, entries]) {
          const read = decodeSignerExecutions(candidate, SIGNER);
          for (const record of read.records) {
            expect(record.from.toLowerCase()).toBe(SIGNER);
            expect(record.steps.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("property: a record with one field of the wrong shape is refused, the others kept", () => {
    const fields: [string, fc.Arbitrary<unknown>][] = [
      ["flowId", fc.oneof(fc.constant(`0x${"ab".repeat(32)}`), fc.constant("AB".repeat(32)), fc.nat())],
      ["chainId", fc.oneof(fc.constant(1), fc.constant("42220"), fc.constant(null))],
      ["from", fc.oneof(fc.constant("0x123"), fc.constant(null), fc.nat())],
      ["summary", fc.oneof(fc.nat(), fc.constant(null), fc.constant("x".repeat(4001)))],
      ["state", fc.oneof(fc.constant("sent"), fc.constant(null), fc.nat())],
      ["outcome", fc.oneof(fc.constant("success"), fc.constant("lost"), fc.nat())],
      ["startedAt", fc.oneof(fc.constant("yesterday"), fc.constant(null), fc.nat())],
      ["finishedAt", fc.oneof(fc.constant("soon"), fc.nat())],
      ["interrupted", fc.oneof(fc.constant(false), fc.constant("true"), fc.nat())],
      ["steps", fc.oneof(fc.constant([]), fc.constant(null), fc.constant({}), fc.constant([{}]))],
      ["unknownKey", fc.anything().filter((value) => value !== undefined)],
    ];
    const stepFields: [string, fc.Arbitrary<unknown>][] = [
      ["index", fc.oneof(fc.constant(1), fc.constant(-1), fc.constant("0"), fc.constant(0.5))],
      ["to", fc.oneof(fc.constant("0x12"), fc.constant(null))],
      ["hash", fc.oneof(fc.constant("0x12"), fc.constant(`0x${"zz".repeat(32)}`), fc.nat())],
      ["status", fc.oneof(fc.constant("mined"), fc.constant(null))],
      ["sent", fc.oneof(fc.constant("yes"), fc.constant(1), fc.constant(null))],
      ["code", fc.oneof(fc.constant("lower_case"), fc.constant(""), fc.nat())],
      ["nonce", fc.oneof(fc.constant(-1), fc.constant(1.5), fc.constant("1"), fc.constant(2 ** 60))],
      ["blockNumber", fc.oneof(fc.constant("0x10"), fc.constant("-1"), fc.constant("01"), fc.nat())],
      ["gasUsed", fc.oneof(fc.constant("1e6"), fc.constant(null), fc.nat())],
      [
        "feePaid",
        fc.oneof(
          fc.constant({ feeCurrency: "0x12", amount: "1" }),
          fc.constant({ feeCurrency: `0x${"11".repeat(20)}`, amount: "-1" }),
          fc.constant({ feeCurrency: `0x${"11".repeat(20)}`, amount: "1", extra: 1 }),
          fc.constant("1"),
        ),
      ],
      ["error", fc.oneof(fc.nat(), fc.constant(null), fc.constant("e".repeat(MAX_STEP_ERROR + 1)))],
      ["extra", fc.anything().filter((value) => value !== undefined)],
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .constantFrom(...fields)
            .chain(([field, bad]) => bad.map((value) => ({ field, value, inStep: false }))),
          fc
            .constantFrom(...stepFields)
            .chain(([field, bad]) => bad.map((value) => ({ field, value, inStep: true }))),
        ),
        ({ field, value, inStep }) => {
          // "outcome: success" is wrong only because the record is running.
          const broken = inStep
            ? { ...valid, steps: [{ ...valid.steps[0], [field]: value }, valid.steps[1]] }
            : { ...valid, [field]: value };
          const other = { ...valid, flowId: "cd".repeat(32) };
          const top = decodeExecutionsFile(fileOf([broken, other]));
          expect(top.ok).toBe(true);
          if (!top.ok) return;
          const read = decodeSignerExecutions(top.executions.get(SIGNER), SIGNER);
          expect(read.refused, `${inStep ? "steps.0." : ""}${field} = ${JSON.stringify(value)}`).toBe(1);
          expect(read.records.map((record) => record.flowId)).toEqual([other.flowId]);
          expect(read.firstProblem).toMatch(/^entry 0: /);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("refuses a missing field, a done record without outcome, a step out of place and another signer's record", () => {
    const { steps: _steps, ...withoutSteps } = valid;
    const [first, second] = valid.steps;
    for (const [entry, problem] of [
      [withoutSteps, "entry 0: steps: invalid_type"],
      [{ ...valid, state: "done" }, "entry 0: outcome: custom"],
      [{ ...valid, steps: [second, first] }, "entry 0: steps.0.index: custom"],
      [
        { ...valid, from: "0x2222222222222222222222222222222222222222" },
        "entry 0: from: not the signer it is filed under",
      ],
    ] as const) {
      expect(decodeOne(entry)).toEqual({ records: [], refused: 1, firstProblem: problem });
    }
    expect(decodeOne(valid)).toEqual({ records: [valid], refused: 0, firstProblem: undefined });
    // The address's case does not matter.
    expect(decodeOne({ ...valid, from: SIGNER.toUpperCase().replace("0X", "0x") }).refused).toBe(0);
    expect(decodeSignerExecutions({ length: 1 }, SIGNER)).toEqual({
      records: [],
      refused: 1,
      firstProblem: "the signer's list: not a list",
    });
  });

  it("reads a __proto__ key as data, not as a prototype", () => {
    const text = `{"version":1,"executions":{"__proto__":[1],"${SIGNER}":${JSON.stringify([valid])}}}`;
    const top = decodeExecutionsFile(text);
    expect(top.ok).toBe(true);
    if (!top.ok) return;
    expect(top.executions.get("__proto__")).toEqual([1]);
    expect(decodeSignerExecutions(top.executions.get(SIGNER), SIGNER).records).toHaveLength(1);
  });
});

describe("encodeExecution", () => {
  it("cuts texts the decoder would refuse, so what is written is always read back", () => {
    const record: ExecutionRecord = {
      ...toExecutionRecord(valid),
      summary: "s".repeat(10_000),
      steps: [
        { ...toExecutionRecord(valid).steps[0]!, description: "d".repeat(5_000), error: "e".repeat(9_000) },
      ],
    };
    const read = decodeOne(encodeExecution(record));
    expect(read.refused).toBe(0);
    expect(read.records[0]?.summary).toHaveLength(4_000);
    expect(read.records[0]?.steps[0]?.error).toHaveLength(MAX_STEP_ERROR);
  });
});
