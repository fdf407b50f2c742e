import { SignerQueue } from "./signerQueue.js";

/** A step's state in a record. @internal */
export interface StepRecord {
  index: number;
  description: string;
  to: string;
  hash: string | null;
  status: "success" | "reverted" | "failed" | "pending" | "skipped" | "queued";
  /** Whether the step left this process: `"unknown"` when its send's answer was lost. */
  sent?: boolean | "unknown";
  /** core's step code (`TRANSACTION_PENDING`, `TRANSACTION_REJECTED`...). */
  code?: string;
  nonce?: number;
  blockNumber?: string;
  gasUsed?: string;
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
  /** Settles when the execution has ended (never rejects). */
  done: Promise<void>;
  /** An error thrown before anything was sent (the caller still waiting gets it). */
  refusal?: unknown;
}

/** The executions the server knows (by flow id) and the per-signer queue. @internal */
export class ExecutionRegistry {
  readonly queue = new SignerQueue();
  private readonly records = new Map<string, ExecutionRecord>();
  private static readonly LIMIT = 1_000;

  get(flowId: string): ExecutionRecord | undefined {
    return this.records.get(flowId);
  }

  set(record: ExecutionRecord): void {
    this.records.delete(record.flowId);
    this.records.set(record.flowId, record);
    if (this.records.size > ExecutionRegistry.LIMIT) {
      for (const [id, old] of this.records) {
        if (old.state === "done") {
          this.records.delete(id);
          break;
        }
      }
    }
  }

  delete(record: ExecutionRecord): void {
    if (this.records.get(record.flowId) === record) this.records.delete(record.flowId);
  }
}

/** Whether any step of the record may be on chain. @internal */
export function sentAny(record: ExecutionRecord): boolean {
  return record.steps.some((step) => step.hash !== null || step.status === "pending");
}

/** The record as a result (`status` pending while it runs). @internal */
export function snapshot(record: ExecutionRecord, replayed: boolean) {
  const steps = record.steps.map((step) => ({ ...step }));
  const failed = steps.find((step) => step.status !== "success");
  const status = record.state === "done" ? (record.outcome ?? "failed") : "pending";
  const failedStep =
    record.state !== "done" || !failed || failed.status === "skipped" || failed.status === "queued"
      ? null
      : failed.index;
  return {
    flowId: record.flowId,
    status,
    dryRun: false,
    replayed,
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
