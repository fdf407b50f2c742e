// The tool server's store: one interface, two engines (store/sqlite: the embedded default at the state directory,
// safe for several processes on one machine; store/postgres: PREFLOW_DATABASE_URL, for servers on several machines
// sharing a signer), the rules written once in sqlStore.ts and rules/ over engine.ts. It keeps what money depends
// on across restarts and processes: the executions (with each step's signed bytes written before they are
// broadcast), the spend ledger (keyed by transaction hash, the day's caps checked and reserved in one transaction),
// approvals (used once) and x402 payments (counted from signing).
//
// Every method is async (PostgreSQL's client is) and rejects with StoreUnavailableError (errors/store.ts) when the
// store cannot be read or written: that error names the file or database and what to do. This file is the stable
// interface other parts build on: add to it, never rename.

/** Which engine a store runs on. @internal */
export type StoreEngine = "sqlite" | "postgres";

/** A step of a stored execution (the registry's StepRecord, with its signed bytes). @internal */
export interface StoredStep {
  index: number;
  description: string;
  to: string;
  hash: string | null;
  status: "success" | "reverted" | "failed" | "pending" | "skipped" | "queued";
  sent?: boolean | "unknown";
  code?: string;
  nonce?: number;
  blockNumber?: string;
  gasUsed?: string;
  feePaid?: { feeCurrency: string; amount: string };
  error?: string;
  /**
   * Write-ahead: the exact signed transaction (0x… RLP), stored before it is broadcast, so that after a crash the
   * same bytes (same hash) can be sent again when the node does not know them and their nonce is unused. Never in
   * a result, a log or the JSON files.
   */
  signedTransaction?: string;
}

/** One execution of a flow as stored, by signer and flow id. @internal */
export interface StoredExecution {
  flowId: string;
  chainId: 42220;
  /** The signer (checksummed or lowercase; compared lowercase). */
  from: string;
  summary: string;
  state: "queued" | "running" | "done";
  outcome: "success" | "failed" | "pending" | "cancelled" | null;
  interrupted?: true;
  startedAt: string;
  finishedAt: string | null;
  steps: StoredStep[];
  /**
   * Which attempt of the flow this record is (a random id per execution): a server that finds another attempt in
   * the store than the one it read before taking the signer's lock answers with that one (never sends twice).
   */
  attempt?: string;
  /**
   * The record this attempt replaced, kept until one of the attempt's steps is on chain: it stands again when the
   * attempt ended having sent nothing (a landed execution is never forgotten; execution/standingExecution.ts).
   */
  supersedes?: StoredExecution;
}

/** An amount spent of one token (base units), or gas paid in it (`fee`, CIP-64). @internal */
export interface SpendAmount {
  /** Token address (compared lowercase). */
  token: string;
  amount: bigint;
  /** Gas paid in the token: `fee.max` when reserved, what the receipt says once settled ({@link ToolServerStore.settleFee}). */
  fee?: true;
}

/** A day's cap on one token: the rolling 24 hours' spends plus the new ones must stay at or below `limit`. @internal */
export interface DayCap {
  /** Token address (compared lowercase). */
  token: string;
  /** Base units. */
  limit: bigint;
  /** The policy's name for it (`USDm`), for messages only. */
  symbol?: string;
}

/** What a spend comes from. @internal */
export type SpendSource = { kind: "flow"; flowId: string; step: number } | { kind: "x402"; nonce: string };

/** One spend to reserve: its key (counted once per key), what it spends, and its hash when already known. @internal */
export interface SpendItem {
  /**
   * Counted once per key and signer: reserving a key again is a no-op (`already`). Flows use
   * `flow:<flowId>:<step>:<attempt>`, x402 payments `x402:<authorization nonce>` (see {@link spendKey}).
   */
  key: string;
  source: SpendSource;
  amounts: readonly SpendAmount[];
  /** The transaction's hash when known (a reservation made at signing); else bound later ({@link ToolServerStore.bindSpend}). */
  hash?: string | null;
}

/** Parameters of {@link ToolServerStore.reserveSpends}. @internal */
export interface ReserveSpendsParameters {
  signer: string;
  items: readonly SpendItem[];
  /** Checked, in the same transaction, against the rolling 24 hours' spends of the signer, this reservation included. */
  caps: readonly DayCap[];
  /** Epoch ms: the spends' time and the window's end. */
  now: number;
}

/** A cap the reservation would have broken (nothing was reserved). @internal */
export interface CapExceeded {
  token: string;
  symbol?: string;
  limit: bigint;
  /** Spent in the window before this reservation (reservations included), base units. */
  spent: bigint;
  /** What this reservation adds (keys already counted excluded). */
  adding: bigint;
}

/** The outcome of {@link ToolServerStore.reserveSpends}: all reserved, or none and the caps broken. @internal */
export type ReserveSpendsResult =
  | {
      ok: true;
      /** Keys that were already counted (not counted again). */
      already: string[];
    }
  | { ok: false; exceeded: CapExceeded[] };

/** The rolling window of the day caps. @internal */
export const SPEND_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The states of an approval. `used` once, atomically ({@link ToolServerStore.useApproval}). @internal */
export type ApprovalStatus = "requested" | "approved" | "declined" | "expired" | "used";

/** An approval of one exact flow (by its digest), asked of a human. @internal */
export interface ApprovalRecord {
  id: string;
  /** The digest of the exact flow approved (what `useApproval` must be given). */
  flowDigest: string;
  flowId: string;
  /** How it was asked (for example `elicitation` or `url`): the approval flow's own names. */
  mode: string;
  status: ApprovalStatus;
  /** Epoch ms. */
  createdAt: number;
  expiresAt: number;
  /** When it was approved or declined, else `null`. */
  decidedAt: number | null;
  usedAt: number | null;
}

/** Parameters of {@link ToolServerStore.createApproval} (created `requested`). @internal */
export interface NewApproval {
  id: string;
  flowDigest: string;
  flowId: string;
  mode: string;
  createdAt: number;
  expiresAt: number;
}

/** Why an approval could not be decided or used. @internal */
export type ApprovalRefusal =
  | "not-found"
  | "expired"
  | "declined"
  | "used"
  | "not-approved"
  | "already-decided"
  | "flow-mismatch";

/** The outcome of deciding or using an approval: the record after it, or why not (the record as it is). @internal */
export type ApprovalChange =
  | { ok: true; approval: ApprovalRecord }
  | { ok: false; reason: ApprovalRefusal; approval: ApprovalRecord | undefined };

/** The states of an x402 payment: counted as spent from `signed`; `released` (never settled) frees it. @internal */
export type X402PaymentStatus = "signed" | "settled" | "released";

/** An x402 payment (an EIP-3009 authorization), keyed by its authorization nonce. @internal */
export interface X402PaymentRecord {
  /** The authorization's nonce (0x + 64 hex), the key. */
  nonce: string;
  /** The signer that signed it (its spends are this signer's). */
  payer: string;
  /** The token's address. */
  asset: string;
  /** Base units. */
  amount: bigint;
  payTo: string;
  /** The x402 network name (`celo`, `eip155:42220`). */
  network: string;
  /** The authorization's `validBefore`, unix seconds. */
  validBefore: number;
  status: X402PaymentStatus;
  /** The settlement's transaction hash, once known. */
  transactionHash: string | null;
  /** The resource paid for (a URL), for the record only. */
  resource?: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
}

/** Parameters of {@link ToolServerStore.reserveX402Payment}: the payment about to be signed, and the caps. @internal */
export interface ReserveX402PaymentParameters {
  payment: Omit<X402PaymentRecord, "status" | "transactionHash" | "createdAt" | "updatedAt">;
  caps: readonly DayCap[];
  now: number;
}

/** What {@link ToolServerStore.importLegacy} writes. @internal */
export interface LegacyImport {
  /** The file's name (`executions.json`, `spending.json`): imported once. */
  name: string;
  /** What was found, for the record (counts, never content). */
  detail: string;
  executions: readonly { signer: string; record: StoredExecution }[];
  spends: readonly {
    signer: string;
    key: string;
    token: string;
    fee: boolean;
    amount: bigint;
    at: number;
    hash: string | null;
  }[];
}

/** Options of {@link ToolServerStore.withSignerLock}. @internal */
export interface SignerLockOptions {
  /** Gives up waiting for the lock (rejects with StoreUnavailableError, nothing done) after this many ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The tool server's store; see the file comment. Both engines implement it and pass the same tests
 * (test/store.test.ts). @internal
 */
export interface ToolServerStore {
  readonly engine: StoreEngine;
  /** The file (`<stateDir>/preflow-tools.sqlite`) or the database (its URL without the password): what messages name. */
  readonly location: string;

  /** The schema's version after the migrations ran ({@link STORE_MIGRATIONS}). */
  schemaVersion(): Promise<number>;

  // Executions, per signer (lowercase) and flow id.
  /**
   * The signer's executions, oldest first (at most {@link STORE_EXECUTION_LIMIT}); with `open`, only those not
   * ended or with a pending step (what recovery looks at).
   */
  loadExecutions(signer: string, options?: { open?: boolean }): Promise<StoredExecution[]>;
  getExecution(signer: string, flowId: string): Promise<StoredExecution | undefined>;
  /** Inserts or replaces (the record becomes the newest); drops the oldest ended records beyond the limit. */
  putExecution(signer: string, record: StoredExecution): Promise<void>;
  deleteExecution(signer: string, flowId: string): Promise<void>;

  /**
   * One queue per signer across processes (and, on PostgreSQL, machines): runs `job` holding the signer's lock,
   * around nonce allocation, signing, sending and recording. Jobs of one process run in arrival order.
   */
  withSignerLock<T>(signer: string, job: () => Promise<T>, options?: SignerLockOptions): Promise<T>;

  // The spend ledger.
  /** What `signer` spent of `token` since `since` (epoch ms), base units, reservations included. */
  spent(signer: string, token: string, since: number): Promise<bigint>;
  /** Checks the caps and reserves every item in one transaction: all or none. Keys already counted are not counted again. */
  reserveSpends(parameters: ReserveSpendsParameters): Promise<ReserveSpendsResult>;
  /**
   * Binds a reservation to its transaction's hash. When that hash is already counted under another key (the same
   * bytes signed again), this reservation is dropped: a hash is counted once.
   */
  bindSpend(parameters: { signer: string; key: string; hash: string }): Promise<void>;
  /** Removes a reservation whose transaction certainly never left (never signed, or refused and unknown to the node). */
  releaseSpend(parameters: { signer: string; key: string }): Promise<void>;
  /** The fee a mined transaction paid (its receipt) replaces the `fee.max` reserved for it (0n: never sent). */
  settleFee(parameters: { signer: string; hash: string; paid: bigint }): Promise<void>;

  // Approvals.
  createApproval(approval: NewApproval): Promise<ApprovalRecord>;
  getApproval(id: string): Promise<ApprovalRecord | undefined>;
  /** `requested` → `approved` / `declined` (a lapsed one becomes `expired` and is refused). */
  decideApproval(parameters: {
    id: string;
    decision: "approved" | "declined";
    now: number;
  }): Promise<ApprovalChange>;
  /** `approved` → `used`, once, atomically, only for the exact flow (`flowDigest`) and before it expires. */
  useApproval(parameters: { id: string; flowDigest: string; now: number }): Promise<ApprovalChange>;
  /** Marks every lapsed `requested` or `approved` approval `expired`; resolves how many. */
  expireApprovals(now: number): Promise<number>;

  // x402 payments (their spends are in the same ledger as flows', under the payer).
  /**
   * Before signing: checks the caps and, in the same transaction, records the payment `signed` and its spend
   * (key `x402:<nonce>`). A nonce already recorded is not counted again.
   */
  reserveX402Payment(parameters: ReserveX402PaymentParameters): Promise<ReserveSpendsResult>;
  getX402Payment(nonce: string): Promise<X402PaymentRecord | undefined>;
  listX402Payments(parameters: { payer: string; since?: number }): Promise<X402PaymentRecord[]>;
  /** `signed` → `settled` with the settlement's transaction hash (its spend is then keyed by that hash too). */
  settleX402Payment(parameters: {
    nonce: string;
    transactionHash: string;
    now: number;
  }): Promise<X402PaymentRecord | undefined>;
  /** `signed` → `released` (never settled: refused, or lapsed unused): its spend is removed. */
  releaseX402Payment(parameters: { nonce: string; now: number }): Promise<X402PaymentRecord | undefined>;

  // The JSON files of earlier versions (executions.json, spending.json).
  /**
   * Imports a legacy file once, in one transaction: records `name` as imported and writes its rows (rows whose keys
   * exist are left as they are). Resolves `false`, writing nothing, when `name` was imported before.
   */
  importLegacy(parameters: LegacyImport): Promise<boolean>;

  /**
   * The commits this store made since it was opened, and how many were durable (fsynced before they resolved):
   * what an execution costs (README, "What a commit costs").
   */
  commitCounts(): { commits: number; durable: number };

  /** Closes the connection (the lock a process holds is released). */
  close(): Promise<void>;
}

/** How many executions are kept per signer (the oldest ended ones are dropped first). @internal */
export const STORE_EXECUTION_LIMIT = 1_000;

/** The key a spend is counted under (see {@link SpendItem.key}). @internal */
export function spendKey(source: SpendSource, attempt = ""): string {
  return source.kind === "x402"
    ? `x402:${source.nonce.toLowerCase()}`
    : `flow:${source.flowId}:${source.step}${attempt === "" ? "" : `:${attempt}`}`;
}

// The migrations are in migrations.ts (STORE_MIGRATIONS); re-exported here so one import gives the interface.
export { STORE_MIGRATIONS, type StoreMigration } from "./migrations.js";
