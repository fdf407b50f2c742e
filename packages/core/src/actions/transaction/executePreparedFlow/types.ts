// The public types of executePreparedFlow (its parameters, result, step outcomes, progress events and errors).
import type { Account, Address, Hash, Hex, LocalAccount } from "viem";
import type { CHAIN_ID } from "../../../chain.js";
import type { InvalidArgumentError } from "../../../errors/argument.js";
import type { ChainMismatchError } from "../../../errors/chain.js";
import type { FlowAccountMismatchError } from "../../../errors/flowAccount.js";
import type { InvalidPreparedFlowError } from "../../../errors/preparedFlow.js";
import type { RpcError, RpcRateLimitedError } from "../../../errors/rpc.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";

/**
 * What happened to one step:
 * - `success`: mined with status 1 (dry run: the simulation succeeded);
 * - `reverted`: mined with status 0 (dry run: the simulation reverted);
 * - `failed`: not sent (`sent: false`): preparing or signing it failed, or the node refused it and does not
 *   know its hash; nothing of it is on chain and its nonce is still free;
 * - `pending`: sent (`sent: true`) or maybe sent (`sent: "unknown"`), but not seen mined within the wait: it
 *   may still be mined. Look it up by its `hash` before sending anything again;
 * - `skipped`: not attempted (nothing signed or sent), because an earlier step did not succeed or the
 *   execution was aborted.
 *
 * @example
 * ```ts
 * import type { ExecutedStepStatus } from "@preflow/core";
 * const done = (status: ExecutedStepStatus) => status === "success";
 * ```
 */
export type ExecutedStepStatus = "success" | "reverted" | "failed" | "pending" | "skipped";

/**
 * Why a step did not succeed, machine-readable:
 * - `TRANSACTION_NOT_SENT` (`failed`, `sent: false`): nothing left the process: preparing (gas estimation, fees)
 *   or signing failed or timed out, or the endpoint refused the connection;
 * - `TRANSACTION_REJECTED` (`failed`, `sent: false`): the node answered `eth_sendRawTransaction` with an error
 *   (for example `nonce too low`, `insufficient funds`) and does not know the transaction's hash;
 * - `TRANSACTION_REVERTED` (`reverted`, `sent: true`): mined with status 0;
 * - `TRANSACTION_PENDING` (`pending`, `sent: true`): the node has it, no receipt within the wait (or the wait was
 *   aborted);
 * - `TRANSACTION_OUTCOME_UNKNOWN` (`pending`, `sent: "unknown"`): the answer to the send was lost and the node
 *   could not confirm either way within the wait: it may have been sent and may still be mined;
 * - `BROADCAST_VETOED` (`failed`, `sent: false`): signed, but the `beforeBroadcast` hook refused it (it threw or
 *   rejected), so it was never sent; `hash` and `nonce` say what it would have been, its nonce is still free;
 * - `BROADCAST_HOOK_TIMEOUT` (`failed`, `sent: false`): signed, but the `beforeBroadcast` hook did not answer within
 *   `beforeBroadcastTimeoutMs`, so it was never sent (as for `BROADCAST_VETOED`);
 * - `SIMULATION_REVERTED` (dry run, `reverted`): the simulation of the step reverted;
 * - `NOT_ATTEMPTED` (`skipped`, `sent: false`): an earlier step did not succeed, or the signal aborted first.
 *
 * @example
 * ```ts
 * import type { ExecutedStepCode } from "@preflow/core";
 * const safeToRetry = (code: ExecutedStepCode) => code === "TRANSACTION_NOT_SENT" || code === "TRANSACTION_REJECTED";
 * ```
 */
export type ExecutedStepCode =
  | "TRANSACTION_NOT_SENT"
  | "TRANSACTION_REJECTED"
  | "TRANSACTION_REVERTED"
  | "TRANSACTION_PENDING"
  | "TRANSACTION_OUTCOME_UNKNOWN"
  | "BROADCAST_VETOED"
  | "BROADCAST_HOOK_TIMEOUT"
  | "SIMULATION_REVERTED"
  | "NOT_ATTEMPTED";

/**
 * The outcome of one step. JSON-safe (integers as decimal strings). Never contains key material.
 *
 * @example
 * ```ts
 * import type { ExecutedStep } from "@preflow/core";
 * const step: ExecutedStep = {
 *   index: 1,
 *   description: "Transfer 1 USDm to 0x…",
 *   to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   hash: null,
 *   sent: false,
 *   status: "skipped",
 *   code: "NOT_ATTEMPTED",
 * };
 * ```
 */
export interface ExecutedStep {
  index: number;
  description: string;
  to: Address;
  /**
   * The transaction hash, known as soon as the step is signed (before it is sent), so it is set for every step
   * that was or may have been sent, and for a step the `beforeBroadcast` hook stopped (`sent: false`: the hash it
   * would have had); `null` when nothing was signed (skipped, failed before signing, dry run).
   */
  hash: Hash | null;
  /**
   * Whether the transaction was sent: `true` once the node acknowledged it (it accepted it, or knows its hash) or
   * the chain shows it (a receipt); `false` when it never left the process or the node refused it and does not
   * know it; `"unknown"` while neither is known (signed, the answer to the send lost): it may still reach the chain.
   */
  sent: boolean | "unknown";
  status: ExecutedStepStatus;
  /** Why the step did not succeed; absent on `success`. */
  code?: ExecutedStepCode;
  /** The nonce the step was signed with (signed steps only). */
  nonce?: number;
  /** Block of the receipt, decimal string. */
  blockNumber?: string;
  /** Gas used (receipt) or, in a dry run, gas the simulation used; decimal string. */
  gasUsed?: string;
  /**
   * CIP-64: what the step paid for gas in its fee currency, in the paying token's base units (decimal string),
   * read from the receipt; absent when gas was paid in CELO.
   */
  feePaid?: { feeCurrency: Address; amount: string };
  /** Why the step did not succeed, in one line (URLs redacted). */
  error?: string;
  /**
   * The signed transaction's exact bytes, only while the node has not acknowledged it (`sent: "unknown"`): a
   * `resume` sends these same bytes again (same hash, never a second transaction). Public data, no key material.
   */
  signedTransaction?: Hex;
}

/**
 * The result of {@link executePreparedFlow}: an overall status and one entry per step, in order.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowReturnType } from "@preflow/core";
 *
 * function report(result: ExecutePreparedFlowReturnType): string {
 *   if (result.status === "success") return `all ${result.steps.length} steps confirmed`;
 *   const stopped = result.steps[result.failedStep ?? 0];
 *   return `step ${result.failedStep} ${stopped?.status} (${stopped?.code}, hash ${stopped?.hash}); ${result.completedSteps} done before it`;
 * }
 * ```
 */
export interface ExecutePreparedFlowReturnType {
  /**
   * - `success`: every step succeeded (mined with status 1, or simulated fine in a dry run);
   * - `failed`: a step reverted or was not sent; no later step was sent;
   * - `pending`: a step was (or may have been) sent and is not known to be mined yet: look its hash up before
   *   executing the flow again; no later step was sent;
   * - `aborted`: the signal stopped the execution before a step was signed (between steps, or during the reads
   *   before one: answered at once, the read dropped); every step before it succeeded, none after it was signed.
   */
  status: "success" | "failed" | "pending" | "aborted";
  dryRun: boolean;
  /** Whether the `signal` stopped the execution before its end. */
  aborted: boolean;
  chainId: typeof CHAIN_ID;
  from: Address;
  summary: string;
  /** How many steps succeeded, from the first one on. */
  completedSteps: number;
  /** Index of the first step that did not succeed (the one that stopped the flow), `null` on success. */
  failedStep: number | null;
  steps: ExecutedStep[];
  /**
   * Dry runs only: `sequential` when the node simulated the steps in order on one state (`eth_simulateV1`),
   * `independent` when it could not and each step was estimated on the current state alone (then a step
   * that depends on an earlier one, such as a call after its approval, can report a false revert).
   */
  simulation?: "sequential" | "independent";
}

/**
 * A progress event of {@link executePreparedFlow}:
 * - `signed`: the step is signed, its hash known and `beforeBroadcast` (if any) let it go; it is about to be sent
 *   (record the hash now, and, to send the same bytes again after a crash, `signedTransaction`: public data, no
 *   key material). The send waits for the listener (at most 5 s) but a listener cannot stop it: a write-ahead log
 *   that must hold the bytes before they leave uses `beforeBroadcast`, which can;
 * - `sent`: the node has the transaction (it accepted it, or knows its hash after a lost answer);
 * - `done`: the step reached its final status for this execution.
 *
 * @example
 * ```ts
 * import type { ExecutionStepEvent } from "@preflow/core";
 * const log = (event: ExecutionStepEvent) =>
 *   console.error(event.phase === "done" ? `step ${event.index}: ${event.step.status}` : `${event.phase} ${event.hash}`);
 * ```
 */
export type ExecutionStepEvent =
  | { phase: "signed"; index: number; total: number; hash: Hash; nonce: number; signedTransaction: Hex }
  | { phase: "sent"; index: number; total: number; hash: Hash }
  | { phase: "done"; index: number; total: number; step: ExecutedStep };

/**
 * What {@link ExecutePreparedFlowParameters.beforeBroadcast} receives for a step that is signed and not sent yet:
 * its position, the prepared step, its hash (`keccak256` of the signed bytes), nonce and signed bytes (public
 * data, no key material: sending them again gives the same hash, never a second transaction).
 *
 * @example
 * ```ts
 * import type { BeforeBroadcastStep } from "@preflow/core";
 * const record = ({ index, hash, nonce, signedTransaction }: BeforeBroadcastStep) =>
 *   JSON.stringify({ index, hash, nonce, signedTransaction });
 * ```
 */
export interface BeforeBroadcastStep {
  /** The step as the flow prepared it (its description, target, data, value). */
  step: SerializedPreparedFlow["steps"][number];
  index: number;
  total: number;
  hash: Hash;
  nonce: number;
  signedTransaction: Hex;
}

/**
 * Parameters of {@link executePreparedFlow}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowParameters } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const parameters: ExecutePreparedFlowParameters = {
 *   account: privateKeyToAccount(key),
 *   flow,
 *   receiptTimeoutMs: 30_000,
 *   signal: AbortSignal.timeout(55_000),
 * };
 * ```
 */
export interface ExecutePreparedFlowParameters {
  /**
   * The signer: a viem local account (`privateKeyToAccount`, `mnemonicToAccount`...) whose address is the flow's
   * `from`. A dry run signs nothing, so it takes any viem account with that address (e.g. `{ address, type: "json-rpc" }`).
   */
  account: LocalAccount | Account;
  /** The prepared flow, as an object or untrusted JSON value; validated with `parsePreparedFlow`. */
  flow: unknown;
  /** Simulate every step instead of signing and sending (default `false`). */
  dryRun?: boolean | undefined;
  /**
   * Stops the execution before the next step is signed. A step already sent is never abandoned: its wait ends
   * and it is reported with its hash (`pending` unless its receipt is there).
   */
  signal?: AbortSignal | undefined;
  /**
   * How long to wait for each step's receipt after sending it, in ms (default 45000, at most 600000). Errors
   * while polling are retried with back-off until then; past it the step is `pending` with its hash.
   */
  receiptTimeoutMs?: number | undefined;
  /**
   * Called when a step is signed, sent and done, to observe. Awaited (at most 5 s each); its errors are ignored:
   * it can never stop a send (use `beforeBroadcast` for that).
   */
  onStep?: ((event: ExecutionStepEvent) => void | Promise<void>) | undefined;
  /**
   * Called with each step's signed bytes after it is signed and before it is sent, and awaited: the send waits
   * until it resolves (for example once a write-ahead record of the bytes is durable). When it throws, rejects or
   * does not settle within `beforeBroadcastTimeoutMs`, the step is not sent: it is `failed` with `sent: false`,
   * code `BROADCAST_VETOED` (the error's message in `error`) or `BROADCAST_HOOK_TIMEOUT`, the hash and nonce it
   * would have had, and nothing after it is signed; executing the flow again signs it anew. It costs no HTTP
   * request. Not called in a dry run, nor for a step a `resume` sends again from its stored bytes.
   *
   * @example
   * ```ts
   * const result = await executePreparedFlow(sdk.publicClient, {
   *   account,
   *   flow,
   *   beforeBroadcast: async ({ index, hash, signedTransaction }) => {
   *     await journal.put({ index, hash, signedTransaction }); // throws: the step is not sent
   *   },
   * });
   * ```
   */
  beforeBroadcast?: ((step: BeforeBroadcastStep) => void | Promise<void>) | undefined;
  /**
   * How long `beforeBroadcast` may take per step, in ms (default 10000, or `receiptTimeoutMs` when that is
   * shorter; at most `receiptTimeoutMs`). Past it the step is not sent (`BROADCAST_HOOK_TIMEOUT`).
   */
  beforeBroadcastTimeoutMs?: number | undefined;
  /**
   * Continue an earlier execution of the same flow from its result (a `pending`, `failed` or `aborted` one):
   * every step that has a hash and was or may have been sent (`sent: true` or `"unknown"`) is looked up on chain
   * by its hash and never sent again (a pending one is waited for, up to `receiptTimeoutMs`, and becomes
   * `success` or `reverted` when mined); the steps after the last landed one are then signed and sent with the
   * account's next nonce. The execution stops, as always, at the first step that does not succeed. Not with
   * `dryRun`.
   */
  resume?: ExecutePreparedFlowResume | undefined;
}

/**
 * What {@link ExecutePreparedFlowParameters.resume} takes: an earlier {@link ExecutePreparedFlowReturnType} of
 * the same flow (as returned, or parsed back from its JSON), or at least its `steps`. Checked before any request:
 * one entry per step of the flow, in order, each with the step's `to`; a step that succeeded, reverted or is
 * pending must carry its hash; unknown keys are refused.
 *
 * @example
 * ```ts
 * import { executePreparedFlow, type ExecutePreparedFlowResume } from "@preflow/core";
 *
 * const first = await executePreparedFlow(sdk.publicClient, { account, flow });
 * if (first.status === "pending" || first.status === "aborted") {
 *   const resume: ExecutePreparedFlowResume = first;
 *   const rest = await executePreparedFlow(sdk.publicClient, { account, flow, resume }); // landed steps not re-sent
 * }
 * ```
 */
export type ExecutePreparedFlowResume =
  | ExecutePreparedFlowReturnType
  | { readonly steps: readonly ExecutedStep[]; readonly from?: Address | undefined };

/**
 * Errors {@link executePreparedFlow} throws, all before anything is signed. What happens to the steps is in the
 * result, never thrown.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowErrorType } from "@preflow/core";
 * const isBadInput = (error: ExecutePreparedFlowErrorType) => !error.code.startsWith("RPC_") && error.code !== "CHAIN_MISMATCH";
 * ```
 */
export type ExecutePreparedFlowErrorType =
  | InvalidArgumentError
  | InvalidPreparedFlowError
  | FlowAccountMismatchError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError;
