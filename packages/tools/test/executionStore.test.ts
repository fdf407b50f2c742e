import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ExecutionRecord, ExecutionRegistry, snapshot } from "../src/execution/executionRegistry.js";
import { openExecutionStore } from "../src/execution/executionStore.js";
import { type PersistedExecution, toExecutionRecord } from "../src/execution/executionsFile.js";

const SIGNER = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const HASH = `0x${"cd".repeat(32)}`;

const stateDir = () => mkdtempSync(join(tmpdir(), "preflow-executions-"));
const fileIn = (dir: string) => join(dir, "executions.json");
const read = (dir: string) => JSON.parse(readFileSync(fileIn(dir), "utf8"));

function open(dir: string) {
  const lines: string[] = [];
  const opened = openExecutionStore({
    stateDir: dir,
    signer: SIGNER,
    log: (line) => lines.push(line),
    now: () => 1,
  });
  return { ...opened, lines };
}

const entry = (overrides: Partial<PersistedExecution> = {}): PersistedExecution => ({
  flowId: "ab".repeat(32),
  chainId: 42220,
  from: SIGNER,
  summary: "Send 1 USDm, then 1 CELO",
  state: "done",
  outcome: "success",
  startedAt: "2026-01-02T03:04:05.678Z",
  finishedAt: "2026-01-02T03:04:07.000Z",
  steps: [
    {
      index: 0,
      description: "Transfer 1 USDm",
      to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      hash: HASH,
      status: "success",
      sent: true,
      nonce: 3,
      blockNumber: "12",
      gasUsed: "21000",
    },
  ],
  ...overrides,
});

describe("openExecutionStore", () => {
  it("starts empty and silent without a file, and writes one once opened", async () => {
    const dir = stateDir();
    const { records, persistence, lines } = open(dir);
    expect(records).toEqual([]);
    expect(lines).toEqual([]);
    await new ExecutionRegistry().open(
      async () => ({ records, persistence }),
      () => undefined,
    );
    expect(read(dir)).toEqual({ version: 1, executions: { [SIGNER]: [] } });
  });

  it("loads ended records as they were", () => {
    const dir = stateDir();
    writeFileSync(fileIn(dir), JSON.stringify({ version: 1, executions: { [SIGNER]: [entry()] } }));
    const { records, lines } = open(dir);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ state: "done", outcome: "success" });
    expect(records[0]?.interrupted).toBeUndefined();
    expect(lines).toEqual([`remembering 1 execution(s) of the signer from ${fileIn(dir)}`]);
  });

  it("marks a record that was running as interrupted: hashed steps pending, never-signed steps skipped", () => {
    const dir = stateDir();
    const running = entry({
      state: "running",
      outcome: null,
      finishedAt: null,
      steps: [
        {
          index: 0,
          description: "a",
          to: OTHER,
          hash: HASH,
          status: "success",
          blockNumber: "5",
          gasUsed: "1",
        },
        {
          index: 1,
          description: "b",
          to: OTHER,
          hash: `0x${"ef".repeat(32)}`,
          status: "pending",
          sent: true,
        },
        { index: 2, description: "c", to: OTHER, hash: null, status: "queued" },
      ],
    });
    const queued = entry({
      flowId: "cd".repeat(32),
      state: "queued",
      outcome: null,
      finishedAt: null,
      steps: [{ index: 0, description: "a", to: OTHER, hash: null, status: "queued" }],
    });
    writeFileSync(fileIn(dir), JSON.stringify({ version: 1, executions: { [SIGNER]: [running, queued] } }));
    const { records, lines } = open(dir);
    expect(lines[0]).toContain("2 had not ended when the server stopped");
    const [first, second] = records.map((record) => snapshot(record, false));
    expect(first).toMatchObject({
      status: "pending",
      interrupted: true,
      completedSteps: 1,
      finishedAt: null,
    });
    expect(first?.steps.map((step) => [step.status, step.code])).toEqual([
      ["success", undefined],
      ["pending", "TRANSACTION_PENDING"],
      ["skipped", "NOT_ATTEMPTED"],
    ]);
    expect(first?.steps[2]?.sent).toBe(false);
    // Nothing of it was signed: it ended, not sent, and may simply be executed again.
    expect(second).toMatchObject({ status: "failed", interrupted: true, failedStep: 0, completedSteps: 0 });
    expect(second?.steps[0]).toMatchObject({ status: "skipped", hash: null, sent: false });
  });

  it("keeps a corrupt or foreign file aside, says so once without its content, and starts empty", () => {
    for (const text of [
      "{not json",
      `{"version":2,"executions":{}}`,
      "[1,2,3]",
      `{"secret":"${"9".repeat(64)}"}`,
    ]) {
      const dir = stateDir();
      writeFileSync(fileIn(dir), text);
      const { records, persistence, lines } = open(dir);
      expect(records).toEqual([]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /starting with no remembered executions \(a copy is kept as .*executions\.json\.unreadable-1\)$/,
      );
      expect(lines[0]).not.toContain("9".repeat(10));
      expect(readFileSync(`${fileIn(dir)}.unreadable-1`, "utf8")).toBe(text);
      persistence.save([]);
      expect(read(dir)).toEqual({ version: 1, executions: { [SIGNER]: [] } });
    }
  });

  it("refuses wrong entries one by one and keeps the valid ones (and a copy of the file)", () => {
    const dir = stateDir();
    const good = entry();
    writeFileSync(
      fileIn(dir),
      JSON.stringify({ version: 1, executions: { [SIGNER]: [{ ...good, flowId: "nope" }, good, 7] } }),
    );
    const { records, lines } = open(dir);
    expect(records.map((record) => record.flowId)).toEqual([good.flowId]);
    expect(lines[0]).toBe(
      `${fileIn(dir)}: 2 record(s) of the signer refused (first: entry 0: flowId: invalid_format); going on with the 1 valid one(s) (a copy is kept as ${fileIn(dir)}.unreadable-1)`,
    );
    expect(readdirSync(dir).sort()).toEqual(["executions.json", "executions.json.unreadable-1"]);
  });

  it("saves the signer's records and leaves other signers' lists as they are", () => {
    const dir = stateDir();
    const theirs = [{ anything: "the other server's own business" }];
    writeFileSync(
      fileIn(dir),
      JSON.stringify({ version: 1, executions: { [OTHER]: theirs, [SIGNER]: [entry()] } }),
    );
    const { records, persistence } = open(dir);
    const record = records[0] as ExecutionRecord;
    record.summary = "changed";
    persistence.save(records);
    const written = read(dir);
    expect(written.executions[OTHER]).toEqual(theirs);
    expect(written.executions[SIGNER][0].summary).toBe("changed");
  });

  it("passes every text it writes through scrub (the server's redactor)", () => {
    const dir = stateDir();
    const secret = "f".repeat(64);
    const { persistence } = openExecutionStore({
      stateDir: dir,
      signer: SIGNER,
      log: () => undefined,
      scrub: (text) => text.replaceAll(secret, "[redacted]"),
    });
    const record = toExecutionRecord(entry({ summary: `summary ${secret}` }));
    Object.assign(record.steps[0] as object, {
      description: `description ${secret}`,
      error: `error ${secret}`,
    });
    persistence.save([record]);
    const written = readFileSync(fileIn(dir), "utf8");
    expect(written).not.toContain(secret);
    expect(written.match(/\[redacted\]/g)).toHaveLength(3);
  });

  it("logs a failed write once and never throws", () => {
    const dir = stateDir();
    const blocked = join(dir, "not-a-directory");
    writeFileSync(blocked, "");
    const lines: string[] = [];
    const { persistence } = openExecutionStore({
      stateDir: blocked,
      signer: SIGNER,
      log: (line) => lines.push(line),
    });
    expect(lines).toEqual([
      `${join(blocked, "executions.json")}: it cannot be read (ENOTDIR); starting with no remembered executions (no copy could be kept)`,
    ]);
    expect(() => persistence.save([])).not.toThrow();
    expect(() => persistence.save([])).not.toThrow();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^cannot write .* \((ENOTDIR|EEXIST)\): executions are remembered in memory only/,
    );
  });
});

describe("ExecutionRegistry", () => {
  const record = (index: number, state: ExecutionRecord["state"]): ExecutionRecord => ({
    flowId: index.toString(16).padStart(64, "0"),
    chainId: 42220,
    from: SIGNER,
    summary: `flow ${index}`,
    state,
    outcome: state === "done" ? "success" : undefined,
    steps: [{ index: 0, description: "x", to: OTHER, hash: null, status: "queued" }],
    startedAt: "2026-01-02T03:04:05.678Z",
    finishedAt: null,
    done: Promise.resolve(),
  });

  it("keeps at most 1,000 records, dropping the oldest ended ones first, in memory and in the file", async () => {
    const dir = stateDir();
    const registry = new ExecutionRegistry();
    const { records, persistence } = open(dir);
    await registry.open(
      async () => ({ records, persistence }),
      () => undefined,
    );
    registry.set(record(0, "running"));
    for (let index = 1; index <= 1_001; index++) registry.set(record(index, "done"));
    expect(registry.get(record(0, "running").flowId)).toBeDefined(); // still running: kept
    expect(registry.get(record(1, "done").flowId)).toBeUndefined();
    expect(registry.get(record(2, "done").flowId)).toBeUndefined();
    expect(registry.get(record(3, "done").flowId)).toBeDefined();
    const written = read(dir).executions[SIGNER] as PersistedExecution[];
    expect(written).toHaveLength(1_000);
    expect(written[0]?.summary).toBe("flow 0");
    expect(written[1]?.summary).toBe("flow 3");
    // The next server reads them all back (the running one as interrupted, never sent: skipped).
    const again = open(dir);
    expect(again.records).toHaveLength(1_000);
    expect(again.records[0]).toMatchObject({ interrupted: true, outcome: "failed" });
  });
});
