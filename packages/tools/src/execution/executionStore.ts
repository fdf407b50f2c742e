// The signer's executions in the tool server's store (store/types.ts: SQLite at the state directory, or PostgreSQL),
// shared by every server of the signer: loaded on first use, each record written on every change (a step's signed
// bytes before they are broadcast). The `executions.json` of earlier versions is imported once (every signer's
// list, entry by entry as executionsFile.ts decodes it) and then left as it was.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ToolServerStore } from "../store/types.js";
import type { ExecutionPersistence, ExecutionRecord, OpenedExecutions } from "./executionRegistry.js";
import {
  decodeExecutionsFile,
  decodeSignerExecutions,
  EXECUTIONS_FILE_NAME,
  MAX_EXECUTIONS_FILE_BYTES,
} from "./executionsFile.js";
import { standingExecution } from "./standingExecution.js";
import { decodeStoredExecution, encodeStoredExecution, fromStoredExecution } from "./storedExecution.js";

/** Parameters of {@link openExecutionStore}. @internal */
export interface OpenExecutionStoreParameters {
  store: ToolServerStore;
  /** Where `executions.json` of earlier versions may be (imported once). */
  stateDir: string;
  /** The signer's address (records are kept per signer). */
  signer: string;
  log(line: string): void;
  /** Removes secrets from the texts written (summaries, descriptions, errors); default none. */
  scrub?: (text: string) => string;
}

/** Imports `<stateDir>/executions.json` into the store once (a missing or unreadable file imports nothing). @internal */
export async function importExecutionsFile(
  store: ToolServerStore,
  stateDir: string,
  log: (line: string) => void,
): Promise<void> {
  const file = join(stateDir, EXECUTIONS_FILE_NAME);
  let text: string;
  try {
    if (statSync(file).size > MAX_EXECUTIONS_FILE_BYTES) {
      log(`${file}: larger than ${MAX_EXECUTIONS_FILE_BYTES} bytes; not imported`);
      return;
    }
    text = readFileSync(file, "utf8");
  } catch {
    return;
  }
  const top = decodeExecutionsFile(text);
  if (!top.ok) {
    if (
      await store.importLegacy({
        name: EXECUTIONS_FILE_NAME,
        detail: `refused: ${top.reason}`,
        executions: [],
        spends: [],
      })
    )
      log(`${file}: ${top.reason}; not imported (the file is left as it is)`);
    return;
  }
  const executions: {
    signer: string;
    record: ReturnType<typeof decodeSignerExecutions>["records"][number];
  }[] = [];
  let refused = 0;
  for (const [signer, list] of top.executions) {
    const decoded = decodeSignerExecutions(list, signer);
    refused += decoded.refused;
    for (const record of decoded.records) executions.push({ signer, record });
  }
  const detail = `${executions.length} record(s) imported, ${refused} refused`;
  if (await store.importLegacy({ name: EXECUTIONS_FILE_NAME, detail, executions, spends: [] })) {
    log(`${file}: ${detail} into ${store.location} (the file is left as it is and no longer written)`);
  }
}

/**
 * Loads the signer's records from the store and returns them with the persistence that writes each change. Records
 * that had not ended are left as stored: the server that runs them may be alive; they are recovered under the
 * signer's lock (recoverExecutions.ts). Rejects with StoreUnavailableError. @internal
 */
export async function openExecutionStore(
  parameters: OpenExecutionStoreParameters,
): Promise<OpenedExecutions> {
  const { store, log } = parameters;
  const scrub = parameters.scrub ?? ((text: string) => text);
  const signer = parameters.signer.toLowerCase();
  await importExecutionsFile(store, parameters.stateDir, log);
  const decode = (value: unknown): ExecutionRecord | undefined => {
    const decoded = decodeStoredExecution(value, signer);
    // What the record stands for: an attempt that ended sending nothing is the record it replaced.
    if (decoded.ok) return standingExecution(fromStoredExecution(decoded.record));
    log(`${store.location}: a stored execution of the signer is refused (${decoded.problem})`);
    return undefined;
  };
  const records = (await store.loadExecutions(signer)).map(decode).filter((record) => record !== undefined);
  if (records.length > 0)
    log(`remembering ${records.length} execution(s) of the signer from ${store.location}`);

  let failing = false;
  const persistence: ExecutionPersistence = {
    async saveOrThrow(record) {
      try {
        await store.putExecution(signer, encodeStoredExecution(record, scrub));
        if (failing) log(`${store.location} is written again`);
        failing = false;
      } catch (error) {
        if (!failing)
          log(`${(error as Error).message} (executions are remembered in memory until a write succeeds)`);
        failing = true;
        throw error;
      }
    },
    save(record) {
      return persistence.saveOrThrow(record).then(
        () => true,
        () => false,
      );
    },
    async remove(record) {
      try {
        // Only this attempt's record: another server's record of the flow stays.
        const stored = await store.getExecution(signer, record.flowId);
        if (stored?.attempt === record.attempt) await store.deleteExecution(signer, record.flowId);
      } catch {
        // Left as it is: a record that sent nothing answers as refused.
      }
    },
    async read(flowId) {
      const stored = await store.getExecution(signer, flowId);
      return stored === undefined ? undefined : decode(stored);
    },
    async readOpen() {
      return (await store.loadExecutions(signer, { open: true }))
        .map(decode)
        .filter((record) => record !== undefined);
    },
  };
  return { records, persistence };
}
