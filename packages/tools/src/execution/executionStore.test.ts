import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openToolServerStore } from "../store/openToolServerStore.js";
import { type ExecutionRecord, ExecutionRegistry } from "./executionRegistry.js";
import { openExecutionStore } from "./executionStore.js";
import { decodeStoredExecution } from "./storedExecution.js";

const SIGNER = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const TO = "0x3333333333333333333333333333333333333333";
const HASH = `0x${"ab".repeat(32)}`;
const SIGNED = `0x02f8${"00".repeat(40)}`;
/** A flow id (64 hex digits) from a short name. */
const id = (name: string) => Buffer.from(name.padEnd(32, "_")).toString("hex");

function fileRecord(flowId: string, from = SIGNER) {
  return {
    flowId,
    chainId: 42220,
    from,
    summary: "send 1 CELO",
    state: "done",
    outcome: "success",
    startedAt: "2026-11-27T00:00:00.000Z",
    finishedAt: "2026-11-27T00:00:01.000Z",
    steps: [{ index: 0, description: "send", to: TO, hash: HASH, status: "success", sent: true, nonce: 3 }],
  };
}

function record(flowId: string): ExecutionRecord {
  return {
    flowId,
    chainId: 42220,
    from: SIGNER,
    summary: "pay sk_secret_value_123",
    state: "running",
    outcome: undefined,
    steps: [
      {
        index: 0,
        description: "send",
        to: TO,
        hash: HASH,
        status: "pending",
        sent: "unknown",
        nonce: 4,
        signedTransaction: SIGNED,
      },
    ],
    startedAt: "2026-11-27T00:00:00.000Z",
    finishedAt: null,
    done: Promise.resolve(),
    attempt: "a1",
  };
}

const open = async (stateDir: string, lines: string[] = []) => {
  const store = await openToolServerStore({ stateDir });
  const opened = await openExecutionStore({
    store,
    stateDir,
    signer: SIGNER,
    log: (line) => lines.push(line),
    scrub: (text) => text.replaceAll("sk_secret_value_123", "[redacted]"),
  });
  return { store, ...opened };
};

describe("the executions in the store", () => {
  it("imports executions.json once (every signer's valid records), then leaves the file as it was", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-executions-"));
    const text = JSON.stringify({
      version: 1,
      executions: {
        [SIGNER]: [fileRecord(id("flow_a")), { bad: true }],
        [OTHER]: [fileRecord(id("flow_b"), OTHER)],
      },
    });
    writeFileSync(join(stateDir, "executions.json"), text);
    const lines: string[] = [];
    const first = await open(stateDir, lines);
    expect(first.records.map((r) => r.flowId)).toEqual([id("flow_a")]);
    expect(
      lines.some((line) =>
        /executions\.json: 2 record\(s\) imported, 1 refused into .*preflow-tools\.sqlite/.test(line),
      ),
    ).toBe(true);
    expect((await first.store.loadExecutions(OTHER)).map((r) => r.flowId)).toEqual([id("flow_b")]);
    await first.store.close();
    // Changed afterwards: not imported again; the file is never written.
    writeFileSync(
      join(stateDir, "executions.json"),
      JSON.stringify({ version: 1, executions: { [SIGNER]: [fileRecord(id("flow_c"))] } }),
    );
    const second = await open(stateDir);
    expect(second.records.map((r) => r.flowId)).toEqual([id("flow_a")]);
    expect(readFileSync(join(stateDir, "executions.json"), "utf8")).toContain(id("flow_c"));
    await second.store.close();
  });

  it("a corrupt executions.json is said once and not imported; the store works", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-executions-"));
    writeFileSync(join(stateDir, "executions.json"), '{"version":1,"executions":{"0x');
    const lines: string[] = [];
    const opened = await open(stateDir, lines);
    expect(opened.records).toEqual([]);
    expect(lines.filter((line) => line.includes("executions.json"))).toEqual([
      `${join(stateDir, "executions.json")}: it is not JSON; not imported (the file is left as it is)`,
    ]);
    await opened.store.close();
    const again: string[] = [];
    (await open(stateDir, again)).store.close();
    expect(again.filter((line) => line.includes("executions.json"))).toEqual([]);
  });

  it("writes each record with its signed bytes and attempt, texts scrubbed; another server reads it", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-executions-"));
    const a = await open(stateDir);
    expect(await a.persistence.save(record(id("flow_x")))).toBe(true);
    const b = await open(stateDir);
    expect(b.records).toHaveLength(1);
    const [loaded] = b.records;
    expect(loaded).toMatchObject({
      flowId: id("flow_x"),
      state: "running",
      attempt: "a1",
      summary: "pay [redacted]",
    });
    expect(loaded?.steps[0]).toMatchObject({
      hash: HASH,
      nonce: 4,
      signedTransaction: SIGNED,
      sent: "unknown",
    });
    await Promise.all([a.store.close(), b.store.close()]);
  });

  it("the registry reads a flow again from the store, but never over a record this process runs", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "preflow-executions-"));
    const other = await open(stateDir);
    const registry = new ExecutionRegistry();
    const mine = await open(stateDir);
    await registry.open(async () => mine);
    expect(registry.get(id("flow_y"))).toBeUndefined();
    await other.persistence.save(record(id("flow_y")));
    expect((await registry.refresh(id("flow_y")))?.attempt).toBe("a1");
    const running = { ...record(id("flow_z")), attempt: "mine", local: true };
    registry.set(running);
    await registry.changed(running);
    await other.persistence.save({ ...record(id("flow_z")), attempt: "theirs" });
    expect(await registry.refresh(id("flow_z"))).toBe(running);
    expect((await registry.readStored(id("flow_z")))?.attempt).toBe("theirs");
    await Promise.all([other.store.close(), mine.store.close()]);
  });
});

describe("decodeStoredExecution", () => {
  it("never throws on garbage and accepts only well-formed signed bytes and attempts", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const decoded = decodeStoredExecution(value, SIGNER);
        expect(typeof decoded.ok).toBe("boolean");
      }),
    );
    const base = { ...fileRecord(id("flow_a")), attempt: "abc-1" };
    expect(decodeStoredExecution(base, SIGNER).ok).toBe(true);
    fc.assert(
      fc.property(fc.string(), (bytes) => {
        const decoded = decodeStoredExecution(
          { ...base, steps: [{ ...base.steps[0], signedTransaction: bytes }] },
          SIGNER,
        );
        expect(decoded.ok).toBe(/^0x(?:[0-9a-f]{2})+$/.test(bytes));
      }),
    );
    expect(decodeStoredExecution({ ...base, attempt: "NOT OK" }, SIGNER)).toEqual({
      ok: false,
      problem: "attempt: invalid",
    });
    expect(decodeStoredExecution(base, OTHER)).toMatchObject({ ok: false });
  });
});
