// `<stateDir>/executions.json`: the signer's executions kept across restarts (format: executionsFile.ts), so a
// flow executed before a restart is not sent again. Loaded on first use; written atomically (temporary file +
// rename) on every change, other signers' lists kept as they are. Loading never stops the server: a missing
// file is an empty one; an unreadable, corrupt or foreign one (or refused entries) is copied aside, said once
// on stderr (no content, no secret), and the server goes on with what it could read.
import { copyFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeJsonAtomic } from "../state/writeJsonAtomic.js";
import type { ExecutionPersistence, ExecutionRecord, OpenedExecutions } from "./executionRegistry.js";
import {
  decodeExecutionsFile,
  decodeSignerExecutions,
  EXECUTIONS_FILE_NAME,
  EXECUTIONS_FILE_VERSION,
  encodeExecution,
  MAX_EXECUTIONS_FILE_BYTES,
  toExecutionRecord,
} from "./executionsFile.js";
import { markInterrupted } from "./interruptedExecution.js";

/** Parameters of {@link openExecutionStore}. @internal */
export interface OpenExecutionStoreParameters {
  stateDir: string;
  /** The signer's address (records are kept per signer). */
  signer: string;
  log(line: string): void;
  /** Removes secrets from the texts written (summaries, descriptions, errors); default none. */
  scrub?: (text: string) => string;
  /** For tests: the clock (epoch ms). */
  now?: () => number;
}

type ReadResult =
  | { kind: "missing" }
  | { kind: "text"; text: string }
  | { kind: "unreadable"; reason: string };

function read(file: string): ReadResult {
  try {
    if (statSync(file).size > MAX_EXECUTIONS_FILE_BYTES) {
      return { kind: "unreadable", reason: `it is larger than ${MAX_EXECUTIONS_FILE_BYTES} bytes` };
    }
    return { kind: "text", text: readFileSync(file, "utf8") };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ENOENT") return { kind: "missing" };
    return { kind: "unreadable", reason: `it cannot be read (${typeof code === "string" ? code : "error"})` };
  }
}

/**
 * Loads the signer's records from `<stateDir>/executions.json` and returns them with the persistence that keeps
 * the file up to date. Records that had not ended (queued, running) are marked interrupted
 * (interruptedExecution.ts). Never throws. @internal
 */
export function openExecutionStore(parameters: OpenExecutionStoreParameters): OpenedExecutions {
  const { stateDir, log } = parameters;
  const now = parameters.now ?? Date.now;
  const scrub = parameters.scrub ?? ((text: string) => text);
  const file = join(stateDir, EXECUTIONS_FILE_NAME);
  const signer = parameters.signer.toLowerCase();

  /** Keeps a copy of a file that is not read in full, so the next write does not lose it. */
  const keepAside = (reason: string, what: string): void => {
    const copy = `${file}.unreadable-${now()}`;
    let kept: string;
    try {
      copyFileSync(file, copy);
      kept = `a copy is kept as ${copy}`;
    } catch {
      kept = "no copy could be kept";
    }
    log(`${file}: ${reason}; ${what} (${kept})`);
  };

  const records: ExecutionRecord[] = [];
  const found = read(file);
  if (found.kind === "unreadable") {
    keepAside(found.reason, "starting with no remembered executions");
  } else if (found.kind === "text") {
    const top = decodeExecutionsFile(found.text);
    if (!top.ok) {
      keepAside(top.reason, "starting with no remembered executions");
    } else {
      const mine = decodeSignerExecutions(top.executions.get(signer), signer);
      if (mine.refused > 0) {
        keepAside(
          `${mine.refused} record(s) of the signer refused (first: ${mine.firstProblem})`,
          `going on with the ${mine.records.length} valid one(s)`,
        );
      }
      const stamp = new Date(now()).toISOString();
      let interrupted = 0;
      for (const persisted of mine.records) {
        const record = toExecutionRecord(persisted);
        if (record.state !== "done") {
          markInterrupted(record, stamp);
          interrupted++;
        }
        records.push(record);
      }
      if (records.length > 0) {
        log(
          `remembering ${records.length} execution(s) of the signer from ${file}${interrupted > 0 ? `; ${interrupted} had not ended when the server stopped (marked interrupted; their steps are looked up by hash)` : ""}`,
        );
      }
    }
  }

  let failing = false;
  const persistence: ExecutionPersistence = {
    save(list) {
      try {
        // Other signers' lists are kept as the file has them now.
        const current = read(file);
        const top = current.kind === "text" ? decodeExecutionsFile(current.text) : undefined;
        const others = top?.ok
          ? Object.fromEntries([...top.executions].filter(([key]) => key !== signer))
          : {};
        writeJsonAtomic(file, {
          version: EXECUTIONS_FILE_VERSION,
          executions: { ...others, [signer]: list.map((record) => encodeExecution(record, scrub)) },
        });
        if (failing) log(`${file} is written again`);
        failing = false;
      } catch (error) {
        if (!failing) {
          const code = (error as { code?: unknown } | null)?.code;
          log(
            `cannot write ${file} (${typeof code === "string" ? code : "error"}): executions are remembered in memory only until a write succeeds`,
          );
        }
        failing = true;
      }
    },
  };
  return { records, persistence };
}
