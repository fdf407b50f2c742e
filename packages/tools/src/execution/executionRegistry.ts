// On the start-up path (createToolServer builds the registry): keep it free of file and chain code. The
// persisted records come in through `open`, whose loader (executionStore.ts) is imported on first use.
import { SignerQueue } from "./signerQueue.js";
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
   * In memory only (never written to the state file, never in a result): the exact signed bytes of a step the
   * node has not acknowledged, so that executing the flow again sends them again (same hash).
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
}

/** Where the records are kept across restarts (`<stateDir>/executions.json`). @internal */
export interface ExecutionPersistence {
  /** Writes every record of the signer, oldest first. Never throws (a failed write is logged). */
  save(records: readonly ExecutionRecord[]): void;
}

/** What {@link ExecutionRegistry.open} loads: the persisted records (oldest first) and where to save. @internal */
export interface OpenedExecutions {
  records: readonly ExecutionRecord[];
  persistence: ExecutionPersistence;
}

/**
 * The executions the server knows (by flow id) and the per-signer queue. At most {@link LIMIT} records are
 * kept (the oldest ended ones are dropped first); once opened, every change is saved. @internal
 */
export class ExecutionRegistry {
  /** How many records are kept, in memory and in the state file. */
  static readonly LIMIT = 1_000;
  readonly queue = new SignerQueue();
  private readonly records = new Map<string, ExecutionRecord>();
  private persistence: ExecutionPersistence | undefined;
  private opening: Promise<void> | undefined;

  /**
   * Loads the persisted records once (the first executing tool or `get_flow_status` calls it) and saves every
   * change from then on. Never rejects: a loader failure leaves the records in memory only (and is logged).
   */
  open(load: () => Promise<OpenedExecutions | undefined>, log: (line: string) => void): Promise<void> {
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
        this.save();
      },
      (error: unknown) => {
        log(
          `executions are remembered in memory only: loading them failed (${(error as Error)?.name ?? typeof error})`,
        );
      },
    );
    return this.opening;
  }

  get(flowId: string): ExecutionRecord | undefined {
    return this.records.get(flowId);
  }

  set(record: ExecutionRecord): void {
    this.records.delete(record.flowId);
    this.records.set(record.flowId, record);
    this.trim();
    this.save();
  }

  delete(record: ExecutionRecord): void {
    if (this.records.get(record.flowId) === record) {
      this.records.delete(record.flowId);
      this.save();
    }
  }

  /** The ended records with a step whose outcome the chain may now know (pending, with a hash). */
  pending(): ExecutionRecord[] {
    return [...this.records.values()].filter(
      (record) =>
        record.state === "done" &&
        record.steps.some((step) => step.status === "pending" && step.hash !== null),
    );
  }

  /** Saves after `record` changed (queued, running, a step signed, sent or done, ended). */
  changed(record: ExecutionRecord): void {
    if (this.records.get(record.flowId) === record) this.save();
  }

  /** Drops the oldest ended records beyond {@link LIMIT} (records still running are kept). */
  private trim(): void {
    if (this.records.size <= ExecutionRegistry.LIMIT) return;
    for (const [id, old] of this.records) {
      if (this.records.size <= ExecutionRegistry.LIMIT) break;
      if (old.state === "done") this.records.delete(id);
    }
  }

  private save(): void {
    this.persistence?.save([...this.records.values()]);
  }
}

/** Whether any step of the record may be on chain. @internal */
export function sentAny(record: ExecutionRecord): boolean {
  return record.steps.some((step) => step.hash !== null || step.status === "pending");
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
