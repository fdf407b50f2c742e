// On the start-up path (createToolServer builds the registry): keep it free of file and chain code. The
// persisted records come in through `open`, whose loader (executionStore.ts) is imported on first use.
import { standingExecution } from "./standingExecution.js";
import { neverSent } from "./stepSent.js";

/** A step's state in a record. @internal */
export interface StepRecord {
  index: number;
  description: string;
  to: string;
  hash: string | null;
  status: "success" | "reverted" | "failed" | "pending" | "skipped" | "queued";
  /** Whether the step left this process: `"unknown"` when its send's answer was lost. */
  sent?: boolean | "unknown";
  /**
   * The exact signed bytes of a step the node has not acknowledged (never in a result or a log): written to the
   * store before they are broadcast, so that executing the flow again, or a restart, sends them again (same hash).
   */
  signedTransaction?: string | undefined;
  /** core's step code (`TRANSACTION_PENDING`, `TRANSACTION_REJECTED`...). */
  code?: string;
  nonce?: number;
  blockNumber?: string;
  gasUsed?: string;
  /** CIP-64: what the step paid for gas in its fee currency (the paying token's base units), from its receipt. */
  feePaid?: { feeCurrency: string; amount: string };
  error?: string;
}

/** One execution of a flow, updated while it runs. @internal */
export interface ExecutionRecord {
  flowId: string;
  chainId: 42220;
  from: string;
  summary: string;
  state: "queued" | "running" | "done";
  /** `pending`: a step was sent (or may have been) and no receipt came within the receipt bound. */
  outcome: "success" | "failed" | "pending" | "cancelled" | undefined;
  steps: StepRecord[];
  startedAt: string;
  finishedAt: string | null;
  /**
   * The record was loaded from the state directory and had not ended when the server that ran it stopped:
   * its steps are read from the chain by hash (see interruptedExecution.ts, settleFromChain.ts).
   */
  interrupted?: boolean;
  /** Settles when the execution has ended (never rejects). */
  done: Promise<void>;
  /** An error thrown before anything was sent (the caller still waiting gets it). */
  refusal?: unknown;
  /** This attempt's id (stored): another server's attempt found in the store is answered, not sent again. */
  attempt?: string;
  /** Run by this process and not ended yet (never read from the store over it). */
  local?: boolean;
  /** Another server executed the flow meanwhile: this call answers with its record (replayed). */
  adopted?: ExecutionRecord;
  /**
   * The record this attempt replaced (stored with it until one of its steps is on chain): it stands again when
   * this attempt ends having sent nothing (standingExecution.ts, the invariant over the records).
   */
  supersedes?: ExecutionRecord;
}

/** Where the records are kept across restarts and shared between servers (the store). @internal */
export interface ExecutionPersistence {
  /** Writes one record. Resolves whether it was written; never rejects (a failed write is logged). */
  save(record: ExecutionRecord): Promise<boolean>;
  /** Writes one record; rejects with the store's error (StoreUnavailableError) when it was not written. */
  saveOrThrow(record: ExecutionRecord): Promise<void>;
  /** Removes one record. Never rejects. */
  remove(record: ExecutionRecord): Promise<void>;
  /** The stored record of a flow, read again (another server may have written it). Rejects when the store fails. */
  read(flowId: string): Promise<ExecutionRecord | undefined>;
  /** The signer's stored records not ended or with a pending step, read again. Rejects when the store fails. */
  readOpen(): Promise<ExecutionRecord[]>;
}

/** What {@link ExecutionRegistry.open} loads: the persisted records (oldest first) and where to save. @internal */
export interface OpenedExecutions {
  records: readonly ExecutionRecord[];
  persistence: ExecutionPersistence;
}

/**
 * The executions the server knows (by flow id), kept in memory and in the store: at most {@link LIMIT} records in
 * memory (the oldest ended ones are dropped first); once opened, every change of a record is written (records
 * still queued in this process are not: nothing of them can have been sent). What it returns for a flow is the
 * record that stands for it (standingExecution.ts): an attempt that ended sending nothing gives way to the record
 * it replaced. @internal
 */
export class ExecutionRegistry {
  /** How many records are kept in memory (the store keeps as many per signer). */
  static readonly LIMIT = 1_000;
  private readonly records = new Map<string, ExecutionRecord>();
  private readonly writes = new WeakMap<ExecutionRecord, Promise<boolean>>();
  private persistence: ExecutionPersistence | undefined;
  private opening: Promise<void> | undefined;

  /**
   * Loads the persisted records once (the first executing tool or `get_flow_status` calls it) and saves every
   * change from then on. Rejects when loading failed (the next call tries again).
   */
  open(load: () => Promise<OpenedExecutions | undefined>): Promise<void> {
    this.opening ??= load().then(
      (opened) => {
        if (!opened) return;
        // Loaded records are older than anything executed in this process.
        const current = [...this.records.values()];
        this.records.clear();
        for (const record of opened.records) this.records.set(record.flowId, record);
        for (const record of current) {
          this.records.delete(record.flowId);
          this.records.set(record.flowId, record);
        }
        this.trim();
        this.persistence = opened.persistence;
        for (const record of current) void this.changed(record);
      },
      (error: unknown) => {
        this.opening = undefined;
        throw error;
      },
    );
    return this.opening;
  }

  get(flowId: string): ExecutionRecord | undefined {
    const record = this.records.get(flowId);
    return record && standingExecution(record);
  }

  /**
   * The flow's record as the store has it now (another server may have executed it since this one loaded), unless
   * this process is running it. Rejects when the store fails.
   */
  async refresh(flowId: string): Promise<ExecutionRecord | undefined> {
    const mine = this.records.get(flowId);
    if (!this.persistence || mine?.local) return this.get(flowId);
    const stored = await this.persistence.read(flowId);
    const now = this.records.get(flowId);
    if (!stored || now?.local || (now && sameRecord(now, stored))) return this.get(flowId);
    this.records.delete(flowId);
    this.records.set(flowId, stored);
    return this.get(flowId);
  }

  /** The flow's record as stored now, without changing what this process remembers. Rejects when the store fails. */
  readStored(flowId: string): Promise<ExecutionRecord | undefined> {
    return this.persistence ? this.persistence.read(flowId) : Promise.resolve(undefined);
  }

  /**
   * The signer's stored records not ended or with a pending step, read again (those this process runs are kept as
   * they are): what recovery looks at.
   */
  async refreshOpen(): Promise<ExecutionRecord[]> {
    if (!this.persistence) return [];
    const open: ExecutionRecord[] = [];
    for (const stored of await this.persistence.readOpen()) {
      const now = this.records.get(stored.flowId);
      if (now?.local || (now && sameRecord(now, stored))) {
        if (now) open.push(now);
        continue;
      }
      this.records.set(stored.flowId, stored);
      open.push(stored);
    }
    return open;
  }

  set(record: ExecutionRecord): void {
    this.records.delete(record.flowId);
    this.records.set(record.flowId, record);
    this.trim();
    void this.changed(record);
  }

  /**
   * Forgets a record that sent nothing; `stored`: its attempt was written (holding the signer's lock), so it is
   * removed from the store too (another server's record of the flow never is).
   */
  forget(record: ExecutionRecord, stored: boolean): void {
    if (this.records.get(record.flowId) === record) {
      this.records.delete(record.flowId);
      if (stored) void this.persistence?.remove(record);
    }
  }

  /**
   * Puts back the record a refused attempt replaced; `after`: the refused attempt, when its record was written
   * (holding the signer's lock): the record is written back to the store after the attempt's writes.
   */
  restore(record: ExecutionRecord, after?: ExecutionRecord): void {
    this.records.delete(record.flowId);
    this.records.set(record.flowId, record);
    const persistence = this.persistence;
    if (after === undefined || !persistence) return;
    const previous = Promise.all([this.written(after), this.writes.get(record)]);
    this.writes.set(
      record,
      previous.then(() => persistence.save(record)),
    );
  }

  /** The ended records with a step whose outcome the chain may now know (pending, with a hash). */
  pending(): ExecutionRecord[] {
    return [...this.records.values()].filter(
      (record) =>
        record.state === "done" &&
        record.steps.some((step) => step.status === "pending" && step.hash !== null),
    );
  }

  /**
   * Writes `record` after it changed (running, a step signed, sent or done, ended), after its earlier writes.
   * Resolves whether it was written (true without a store: nothing to write); never rejects.
   */
  changed(record: ExecutionRecord): Promise<boolean> {
    const persistence = this.persistence;
    if (!persistence || this.records.get(record.flowId) !== record || record.state === "queued") {
      return Promise.resolve(persistence === undefined);
    }
    const previous = this.writes.get(record) ?? Promise.resolve(true);
    const next = previous.then(() => persistence.save(record));
    this.writes.set(record, next);
    return next;
  }

  /**
   * Writes `record` after its earlier writes, like {@link changed}, but rejects with the store's error when it is
   * not written: the write-ahead record of a signed step, which must be durable before the step is broadcast.
   * Resolves at once without a store (nothing to write).
   */
  durable(record: ExecutionRecord): Promise<void> {
    const persistence = this.persistence;
    if (!persistence) return Promise.resolve();
    const previous = this.writes.get(record) ?? Promise.resolve(true);
    const next = previous.then(() => persistence.saveOrThrow(record));
    this.writes.set(
      record,
      next.then(
        () => true,
        () => false,
      ),
    );
    return next;
  }

  /** Resolves once the writes of `record` asked so far have landed (or failed); never rejects. */
  written(record: ExecutionRecord): Promise<boolean> {
    return this.writes.get(record) ?? Promise.resolve(true);
  }

  /** Drops the oldest ended records beyond {@link LIMIT} (records still running are kept). */
  private trim(): void {
    if (this.records.size <= ExecutionRegistry.LIMIT) return;
    for (const [id, old] of this.records) {
      if (this.records.size <= ExecutionRegistry.LIMIT) break;
      if (old.state === "done") this.records.delete(id);
    }
  }
}

/** Whether two records of a flow say the same (same attempt, state and steps). */
function sameRecord(a: ExecutionRecord, b: ExecutionRecord): boolean {
  return (
    a.attempt === b.attempt &&
    a.state === b.state &&
    a.outcome === b.outcome &&
    a.steps.every((step, index) => {
      const other = b.steps[index];
      return (
        other !== undefined &&
        step.hash === other.hash &&
        step.status === other.status &&
        step.sent === other.sent
      );
    })
  );
}
/** Whether any step of the record may be on chain (was sent, or may have been). @internal */
export function sentAny(record: ExecutionRecord): boolean {
  // A step signed and refused by a node that does not know it never left: executing again sends it anew.
  return record.steps.some((step) => !neverSent(step));
}

/**
 * Whether a step is pending only because the node never acknowledged it, and this process still holds its
 * signed bytes: executing the flow again sends the same bytes (same hash, never a second transaction). @internal
 */
export function resendable(step: StepRecord | undefined): boolean {
  return (
    step !== undefined &&
    step.status === "pending" &&
    step.sent !== true &&
    step.hash !== null &&
    step.signedTransaction !== undefined
  );
}

/**
 * Where an ended execution can be continued: the index of its first step not done, when every step before it
 * succeeded on chain and it and every later step were never sent (the steps sent all succeeded, the rest never
 * left), or it is {@link resendable} and the later ones were never sent; `undefined` when it cannot (it
 * succeeded, a step reverted, or one may still be mined). @internal
 */
export function continueFrom(record: ExecutionRecord): number | undefined {
  if (record.state !== "done") return undefined;
  const first = record.steps.findIndex((step) => step.status !== "success");
  if (first < 0) return undefined;
  const rest = resendable(record.steps[first]) ? record.steps.slice(first + 1) : record.steps.slice(first);
  return rest.every(neverSent) ? first : undefined;
}

/** The record as a result (`status` pending while it runs). @internal */
export function snapshot(record: ExecutionRecord, replayed: boolean) {
  // The signed bytes stay in memory: a result carries the hash, not the transaction.
  const steps = record.steps.map(({ signedTransaction: _bytes, ...step }) => step);
  const failed = steps.find((step) => step.status !== "success");
  const status = record.state === "done" ? (record.outcome ?? "failed") : "pending";
  // A flow stopped at its first step not done; a cancelled one stopped before its first step not attempted.
  const notAttempted = failed?.status === "skipped" || failed?.status === "queued";
  const failedStep =
    record.state !== "done" || !failed || (notAttempted && record.outcome === "cancelled")
      ? null
      : failed.index;
  return {
    flowId: record.flowId,
    status,
    dryRun: false,
    replayed,
    ...(record.interrupted ? { interrupted: true } : {}),
    chainId: record.chainId,
    from: record.from,
    summary: record.summary,
    completedSteps: failed ? failed.index : steps.length,
    failedStep,
    steps,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}
