import { rejectUnknownKeys } from "@preflow/attribution";
import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  keccak256,
  type LocalAccount,
  type Transport,
} from "viem";
import { estimateGas, getChainId, getTransactionCount, prepareTransactionRequest } from "viem/actions";
import { CHAIN_ID } from "../../chain.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { SdkError } from "../../errors/base.js";
import { ChainMismatchError } from "../../errors/chain.js";
import { FlowAccountMismatchError } from "../../errors/flowAccount.js";
import type { InvalidPreparedFlowError } from "../../errors/preparedFlow.js";
import { redactUrl, summarizeError } from "../../errors/redact.js";
import type { RpcError } from "../../errors/rpc.js";
import { SimulationUnsupportedError } from "../../errors/simulation.js";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import { toTransactionRequest } from "../../flow/toTransactionRequest.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { decodeRevertReason } from "./decodeRevertReason.js";
import { type SimulatePreparedFlowReturnType, simulatePreparedFlow } from "./simulatePreparedFlow.js";

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
   * that was or may have been sent; `null` when nothing was signed (skipped, failed before signing, dry run).
   */
  hash: Hash | null;
  /** Whether the transaction reached the node: `true`, `false`, or `"unknown"` (the answer to the send was lost). */
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
  /** Why the step did not succeed, in one line (URLs redacted). */
  error?: string;
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
 * - `signed`: the step is signed and its hash known; it is about to be sent (record the hash now);
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
  | { phase: "signed"; index: number; total: number; hash: Hash; nonce: number }
  | { phase: "sent"; index: number; total: number; hash: Hash }
  | { phase: "done"; index: number; total: number; step: ExecutedStep };

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
  /** Called when a step is signed, sent and done. Awaited (at most 5 s each); its errors are ignored. */
  onStep?: ((event: ExecutionStepEvent) => void | Promise<void>) | undefined;
}

/**
 * Errors {@link executePreparedFlow} throws, all before anything is signed. What happens to the steps is in the
 * result, never thrown.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowErrorType } from "@preflow/core";
 * const isBadInput = (error: ExecutePreparedFlowErrorType) => error.code !== "RPC_ERROR" && error.code !== "CHAIN_MISMATCH";
 * ```
 */
export type ExecutePreparedFlowErrorType =
  | InvalidArgumentError
  | InvalidPreparedFlowError
  | FlowAccountMismatchError
  | ChainMismatchError
  | RpcError;

/** Default receipt wait per step: with the reads and the send, a tool call answers within 60 s. */
const DEFAULT_RECEIPT_TIMEOUT_MS = 45_000;
const MAX_RECEIPT_TIMEOUT_MS = 600_000;
/** Bound on each request phase before a step is sent (chain and nonce read, filling, one send attempt, a lookup). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Gas limit = the node's estimate + this many percent (see `withGasHeadroom`). */
const GAS_HEADROOM_PERCENT = 20;
/** Sends of the same signed bytes (same hash, so never a second transaction) while the answer is lost. */
const SEND_ATTEMPTS = 3;
const LISTENER_TIMEOUT_MS = 5_000;
/** Back-off of receipt polls after an error, up to this. */
const MAX_BACKOFF_MS = 2_000;
/** After an abort, one last look at the receipt, this long at most. */
const FINAL_LOOK_MS = 1_000;
const PARAMETER_KEYS = ["account", "flow", "dryRun", "signal", "receiptTimeoutMs", "onStep"];

type AnyClient = Client<Transport, Chain | undefined>;

/**
 * Executes a prepared flow with an EOA (a viem local account), step by step, and reports truthfully what
 * happened to each step, even when answers from the RPC are lost.
 *
 * It validates the flow (`parsePreparedFlow`), refuses a flow whose `from` is not `account`
 * ({@link FlowAccountMismatchError}) and a node that does not serve chain 42220, reads the pending nonce once, then for
 * each step in order: fills it (fees, and a gas limit of the node's estimate + 20 %, since the state can change
 * between the estimate and inclusion; unused gas is not charged) with explicit consecutive nonces, signs it
 * locally, takes its hash
 * (`keccak256` of the signed bytes) and reports it (`signed` event) BEFORE `eth_sendRawTransaction`, sends it, and
 * polls its receipt. It stops at the first step that does not succeed; later steps are `skipped` and never
 * signed.
 *
 * When the answer to a send is lost (socket closed, HTTP 5xx, timeout) it asks the node for the transaction by
 * its hash, re-sends the same signed bytes (same hash, never a second transaction) and keeps polling the receipt,
 * so the step ends `success`/`reverted` when it was mined, `pending` (`sent: true` or `"unknown"`) with its hash
 * when that is not known yet, and `failed` (`sent: false`) only when nothing left the process or the node refused
 * the transaction and does not know its hash. Receipt polls survive error bursts (back-off until
 * `receiptTimeoutMs`). `signal` stops before the next step: the reads before a step is signed (chain check and
 * nonce, filling; a dry run's simulation) are raced against it, so an abort answers `status: "aborted"` at once;
 * a step already signed is reported with its hash (sent, pending or settled), never dropped.
 *
 * With `dryRun: true` nothing is signed or sent: the steps are simulated in order on one state with
 * `eth_simulateV1` (falling back to one `eth_estimateGas` per step when the node lacks it).
 *
 * HTTP requests: 1 for the chain check and the nonce (one JSON-RPC batch when the client's transport batches,
 * else 2), then per step 1 to fill it (`eth_fillTransaction`; a gas estimate and fee reads on nodes without it),
 * 1 to send and 1 per receipt poll (every `client.pollingInterval`, 100 ms to 2 s): 7 for a two-step flow on the
 * devnet. Dry run: 2 (chain check, `eth_simulateV1`), plus one estimate per step on nodes without it.
 * Every wait is bounded: 10 s per request before a step is sent, `receiptTimeoutMs` per receipt.
 *
 * @param client - A viem client on chain 42220 (for example `createSdkClient().publicClient`).
 * @param parameters - {@link ExecutePreparedFlowParameters}.
 * @returns {@link ExecutePreparedFlowReturnType}: the status of every step, with its hash once signed.
 * @throws {@link ExecutePreparedFlowErrorType}, only before anything is signed: `InvalidArgumentError` (bad
 *   parameters or an unknown key), `InvalidPreparedFlowError`, {@link FlowAccountMismatchError}, `ChainMismatchError`,
 *   `RpcError` (chain or nonce read failed or took longer than 10 s).
 *
 * @example
 * ```ts
 * import { createSdkClient, executePreparedFlow } from "@preflow/core";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const account = privateKeyToAccount(process.env.CHAIN_PRIVATE_KEY as `0x${string}`);
 * const sdk = createSdkClient({ attributionTags: ["my_app"] });
 * const flow = await sdk.transaction.prepareSend(account.address, to, "USDm", "1.5");
 * const result = await executePreparedFlow(sdk.publicClient, {
 *   account,
 *   flow,
 *   onStep: (event) => { if (event.phase === "signed") console.log("hash", event.hash); },
 * });
 * // { status: "success", steps: [{ index: 0, hash: "0x…", sent: true, status: "success", ... }], ... }
 * if (result.status === "pending") {
 *   // not "failed": look the hashes up (client.blockchain.getTransaction) before executing it again
 * }
 * ```
 */
export async function executePreparedFlow(
  client: Client<Transport, Chain | undefined>,
  parameters: ExecutePreparedFlowParameters,
): Promise<ExecutePreparedFlowReturnType> {
  checkParameters(client, parameters);
  const { account, dryRun = false, signal, onStep } = parameters;
  const receiptTimeoutMs = parameters.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS;
  const flow = parsePreparedFlow(parameters.flow);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  const rpcUrl = endpointOf(client);
  const total = flow.steps.length;
  const steps: ExecutedStep[] = flow.steps.map((step, index) => ({
    index,
    description: step.description,
    to: step.to,
    hash: null,
    sent: false,
    status: "skipped",
    code: "NOT_ATTEMPTED",
  }));
  if (signal?.aborted) return finish(flow, steps, dryRun, true);

  // The chain check and the nonce, issued in the same tick (one JSON-RPC batch on a batching transport). Raced
  // against the signal: nothing is signed yet, so an abort answers `aborted` at once (the read is dropped).
  let chainId: number;
  let nonce = 0;
  try {
    const read = Promise.all([
      getChainId(client),
      dryRun ? 0 : getTransactionCount(client, { address: account.address, blockTag: "pending" }),
    ]);
    [chainId, nonce] = await within(read, REQUEST_TIMEOUT_MS, signal);
  } catch (error) {
    if (error instanceof Stop && error.reason === "aborted") return finish(flow, steps, dryRun, true);
    throw toRpcError(error, {
      rpcUrl: rpcUrl ?? "",
      method: dryRun ? "eth_chainId" : "eth_chainId, eth_getTransactionCount",
    });
  }
  if (chainId !== CHAIN_ID) {
    throw new ChainMismatchError({
      expected: CHAIN_ID,
      actual: chainId,
      rpcUrl: rpcUrl ? redactUrl(rpcUrl) : "(this client's transport)",
    });
  }

  const notify = async (event: ExecutionStepEvent): Promise<void> => {
    if (!onStep) return;
    try {
      await within(
        Promise.resolve().then(() => onStep(event)),
        LISTENER_TIMEOUT_MS,
      );
    } catch {
      // A progress listener must never change what happens on chain.
    }
  };

  if (dryRun) return simulate(client, account.address, flow, steps, notify, rpcUrl, signal);

  // checkParameters made sure a real run has a local account (it signs).
  const context: StepContext = {
    client,
    account: account as LocalAccount,
    signal,
    receiptTimeoutMs,
    rpcUrl,
    total,
    notify,
  };
  let aborted = false;
  for (const [index, prepared] of flow.steps.entries()) {
    if (signal?.aborted) {
      aborted = true;
      break;
    }
    const step = steps[index] as ExecutedStep;
    const outcome = await executeStep(context, step, toTransactionRequest(prepared), nonce);
    if (outcome === "aborted") {
      aborted = true;
      break;
    }
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") {
      if (signal?.aborted) aborted = true;
      break;
    }
    nonce += 1;
  }
  return finish(flow, steps, false, aborted);
}

interface StepContext {
  client: AnyClient;
  account: LocalAccount;
  signal: AbortSignal | undefined;
  receiptTimeoutMs: number;
  rpcUrl: string | undefined;
  total: number;
  notify: (event: ExecutionStepEvent) => Promise<void>;
}

/**
 * Fills, signs, sends and settles one step, writing its outcome into `step`. Returns `"aborted"` when the signal
 * stopped it before signing (the step stays `skipped`), else `"done"`.
 */
async function executeStep(
  context: StepContext,
  step: ExecutedStep,
  request: { to: Address; data: Hex; value: bigint },
  nonce: number,
): Promise<"aborted" | "done"> {
  const { client, account, signal, rpcUrl, total, notify } = context;
  const index = step.index;
  const notSent = (code: "TRANSACTION_NOT_SENT" | "TRANSACTION_REJECTED", error: string): "done" => {
    step.status = "failed";
    step.sent = false;
    step.code = code;
    step.error = error;
    return "done";
  };

  // 1. Fill (gas, fees, type) with the explicit nonce. Nothing is signed yet: an abort or a failure here
  // leaves nothing behind.
  let filled: Awaited<ReturnType<typeof prepareTransactionRequest>>;
  try {
    filled = await within(
      prepareTransactionRequest(client, {
        ...request,
        account,
        chain: client.chain,
        chainId: CHAIN_ID,
        nonce,
        parameters: ["chainId", "fees", "gas", "type"],
      } as never),
      REQUEST_TIMEOUT_MS,
      signal,
    );
  } catch (error) {
    if (error instanceof Stop && error.reason === "aborted") return "aborted";
    return notSent(
      "TRANSACTION_NOT_SENT",
      `could not prepare the transaction: ${describeFailure(error, rpcUrl)}`,
    );
  }
  if (signal?.aborted) return "aborted";
  // Headroom over the node's estimate: the estimate is exact for the state it ran on, and the state can change
  // before inclusion (measured: an Aave withdraw on the devnet needs 3 % more gas 30 s later, as interest
  // accrues, and reverts out of gas with the earlier estimate). Unused gas is not charged.
  const filledGas = (filled as { gas?: bigint }).gas;
  if (typeof filledGas === "bigint") (filled as { gas?: bigint }).gas = withGasHeadroom(filledGas);

  // 2. Sign locally and take the hash before anything is sent.
  let serialized: Hex;
  try {
    const chain = client.chain;
    const signed = (await account.signTransaction(filled as never, {
      serializer: chain?.serializers?.transaction as never,
    })) as Hex;
    const envelope = (
      chain?.serializers as
        | {
            transactionEnvelope?: (p: {
              serializedTransaction: Hex;
              transaction: unknown;
            }) => Promise<Hex> | Hex;
          }
        | undefined
    )?.transactionEnvelope;
    serialized = envelope ? await envelope({ serializedTransaction: signed, transaction: filled }) : signed;
  } catch (error) {
    return notSent(
      "TRANSACTION_NOT_SENT",
      `could not sign the transaction: ${describeFailure(error, rpcUrl)}`,
    );
  }
  const hash = keccak256(serialized);
  step.hash = hash;
  step.nonce = nonce;
  await notify({ phase: "signed", index, total, hash, nonce });

  // 3. Send. The same signed bytes may be sent again after a lost answer: same hash, never a second transaction.
  let sent: boolean | "unknown" = false;
  let refused = false;
  let lastError: unknown;
  for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
    try {
      await within(rawRequest(client, "eth_sendRawTransaction", [serialized]), REQUEST_TIMEOUT_MS);
      sent = true;
      break;
    } catch (error) {
      lastError = error;
      const kind = classifySendFailure(error);
      if (kind === "not-delivered") {
        if (attempt < SEND_ATTEMPTS) await sleep(250 * attempt);
        continue;
      }
      const known = await isKnown(client, hash);
      if (known === true) {
        sent = true;
        break;
      }
      if (kind === "refused") {
        refused = true;
        // The node refused it and does not know its hash: not sent, even after an earlier lost answer. When it
        // cannot tell (the lookup failed), an earlier lost answer keeps it "unknown".
        if (known === false) sent = false;
        break;
      }
      sent = "unknown";
      if (attempt < SEND_ATTEMPTS) await sleep(250 * attempt);
    }
  }
  if (sent === false) {
    const reason = describeFailure(lastError, rpcUrl);
    return refused
      ? notSent("TRANSACTION_REJECTED", `the node refused the transaction: ${reason}`)
      : notSent("TRANSACTION_NOT_SENT", `could not reach the node: ${reason}`);
  }
  step.sent = sent;
  if (sent === true) await notify({ phase: "sent", index, total, hash });

  // 4. Settle: poll the receipt until it is there or the time is up.
  await settle(context, step, hash, lastError);
  return "done";
}

/** Polls the receipt of `hash` (back-off on errors) until it arrives, the wait ends or the signal aborts. */
async function settle(
  context: StepContext,
  step: ExecutedStep,
  hash: Hash,
  sendError: unknown,
): Promise<void> {
  const { client, signal, receiptTimeoutMs, rpcUrl, total, notify } = context;
  const interval = Math.min(Math.max(client.pollingInterval ?? 500, 100), 2_000);
  const deadline = Date.now() + receiptTimeoutMs;
  let delay = interval;
  let lastError: unknown;

  const look = async (bound: number, abortable: boolean): Promise<boolean> => {
    const raw = await within(
      rawRequest(client, "eth_getTransactionReceipt", [hash]),
      bound,
      abortable ? signal : undefined,
    );
    if (raw !== null && raw !== undefined) {
      const receipt = parseReceipt(raw);
      if (!receipt) throw new Error("the node returned a malformed receipt");
      step.sent = true;
      step.status = receipt.status;
      step.blockNumber = receipt.blockNumber.toString();
      step.gasUsed = receipt.gasUsed.toString();
      if (receipt.status === "reverted") {
        step.code = "TRANSACTION_REVERTED";
        step.error = `transaction ${hash} reverted on chain`;
      } else {
        delete step.code;
        delete step.error;
      }
      return true;
    }
    if (
      step.sent === "unknown" &&
      (await isKnown(client, hash, Math.min(bound, REQUEST_TIMEOUT_MS))) === true
    ) {
      step.sent = true;
      await notify({ phase: "sent", index: step.index, total, hash });
    }
    return false;
  };

  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || signal?.aborted) break;
    try {
      if (await look(Math.min(remaining, REQUEST_TIMEOUT_MS), true)) return;
      delay = interval;
    } catch (error) {
      if (error instanceof Stop && error.reason === "aborted") break;
      lastError = error;
      delay = Math.min(delay * 2, MAX_BACKOFF_MS);
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), signal);
  }
  if (signal?.aborted) {
    try {
      if (await look(FINAL_LOOK_MS, false)) return;
    } catch {
      // the step stays pending
    }
  }

  step.status = "pending";
  const why = signal?.aborted
    ? "the execution was aborted while waiting for its receipt"
    : `no receipt within ${receiptTimeoutMs} ms${lastError ? ` (last poll: ${describeFailure(lastError, rpcUrl)})` : ""}`;
  if (step.sent === true) {
    step.code = "TRANSACTION_PENDING";
    step.error = `sent as ${hash}, ${why}; it may still be mined: look it up by its hash before sending again`;
  } else {
    step.code = "TRANSACTION_OUTCOME_UNKNOWN";
    step.error = `the answer to the send was lost (${describeFailure(sendError, rpcUrl)}) and the node did not confirm ${hash}; ${why}; it may still be mined: look it up by its hash before sending again`;
  }
}

async function simulate(
  client: AnyClient,
  from: Address,
  flow: SerializedPreparedFlow,
  steps: ExecutedStep[],
  notify: (event: ExecutionStepEvent) => Promise<void>,
  rpcUrl: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ExecutePreparedFlowReturnType> {
  const total = flow.steps.length;
  const requests = flow.steps.map((step) => toTransactionRequest(step));
  // A dry run signs nothing: an abort answers `aborted` at once, whatever read is in flight.
  const aborted = (simulation?: "independent") => ({
    ...finish(flow, steps, true, true),
    ...(simulation === undefined ? {} : { simulation }),
  });

  // The same path as simulatePreparedFlow: all steps on one state in one eth_simulateV1 request.
  let sequential: SimulatePreparedFlowReturnType["steps"] | undefined;
  try {
    sequential = (await within(simulatePreparedFlow(client, { flow, as: from }), REQUEST_TIMEOUT_MS, signal))
      .steps;
  } catch (error) {
    if (error instanceof Stop && error.reason === "aborted") return aborted();
    if (error instanceof SimulationUnsupportedError) sequential = undefined;
    else if (error instanceof SdkError) throw error;
    else throw toRpcError(error, { rpcUrl: rpcUrl ?? "", method: "eth_simulateV1" });
  }

  for (const [index, request] of requests.entries()) {
    const step = steps[index] as ExecutedStep;
    if (sequential) {
      const simulated = sequential[index];
      if (simulated?.status === "success") {
        step.status = "success";
        if (simulated.gasUsed !== null) step.gasUsed = simulated.gasUsed;
      } else {
        step.status = "reverted";
        if (simulated?.gasUsed) step.gasUsed = simulated.gasUsed;
        step.error = simulated?.revertReason
          ? `the simulation reverted: ${simulated.revertReason.message}`
          : "the simulation reported no result for this step";
      }
    } else {
      try {
        const gas = await within(
          estimateGas(client, { ...request, account: from }),
          REQUEST_TIMEOUT_MS,
          signal,
        );
        step.gasUsed = gas.toString();
        step.status = "success";
      } catch (error) {
        if (error instanceof Stop && error.reason === "aborted") return aborted("independent");
        step.status = "reverted";
        step.error = describeFailure(error, rpcUrl);
      }
    }
    if (step.status === "success") delete step.code;
    else step.code = "SIMULATION_REVERTED";
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") break;
  }
  return { ...finish(flow, steps, true, false), simulation: sequential ? "sequential" : "independent" };
}

function finish(
  flow: SerializedPreparedFlow,
  steps: ExecutedStep[],
  dryRun: boolean,
  aborted: boolean,
): ExecutePreparedFlowReturnType {
  const stopped = steps.find((step) => step.status !== "success");
  let status: ExecutePreparedFlowReturnType["status"] = "success";
  if (stopped?.status === "pending") status = "pending";
  else if (stopped?.status === "skipped") status = aborted ? "aborted" : "failed";
  else if (stopped) status = "failed";
  return {
    status,
    dryRun,
    aborted,
    chainId: CHAIN_ID,
    from: flow.from,
    summary: flow.summary,
    completedSteps: stopped ? stopped.index : steps.length,
    failedStep: stopped ? stopped.index : null,
    steps,
  };
}

function checkParameters(
  client: unknown,
  parameters: unknown,
): asserts parameters is ExecutePreparedFlowParameters {
  if (typeof (client as { request?: unknown } | null)?.request !== "function") {
    throw new InvalidArgumentError({
      field: "client",
      value: typeName(client),
      rule: "must be a viem client (for example sdk.publicClient)",
    });
  }
  const { account, dryRun, signal, receiptTimeoutMs, onStep } = rejectUnknownKeys(
    parameters,
    "parameters",
    PARAMETER_KEYS,
  );
  const local = account as Partial<LocalAccount> | null | undefined;
  // A dry run signs nothing: any viem account (a JSON-RPC account `{ address, type: "json-rpc" }` too) will do.
  const canSign = dryRun === true || (local?.type === "local" && typeof local.signTransaction === "function");
  if (
    typeof local !== "object" ||
    local === null ||
    !canSign ||
    typeof local.address !== "string" ||
    !/^0x[0-9a-fA-F]{40}$/.test(local.address)
  ) {
    throw new InvalidArgumentError({
      field: "account",
      value: typeof local === "object" && local !== null ? `${String(local.type)} account` : typeName(local),
      rule: "must be a viem local account (privateKeyToAccount, mnemonicToAccount...) with a 20-byte address; a dry run takes any account with an address",
    });
  }
  if (dryRun !== undefined && typeof dryRun !== "boolean") {
    throw new InvalidArgumentError({ field: "dryRun", value: dryRun, rule: "must be a boolean" });
  }
  if (
    receiptTimeoutMs !== undefined &&
    !(
      typeof receiptTimeoutMs === "number" &&
      Number.isInteger(receiptTimeoutMs) &&
      receiptTimeoutMs > 0 &&
      receiptTimeoutMs <= MAX_RECEIPT_TIMEOUT_MS
    )
  ) {
    throw new InvalidArgumentError({
      field: "receiptTimeoutMs",
      value: receiptTimeoutMs,
      rule: `must be an integer number of ms from 1 to ${MAX_RECEIPT_TIMEOUT_MS}`,
    });
  }
  if (
    signal !== undefined &&
    !(
      typeof signal === "object" &&
      signal !== null &&
      typeof (signal as AbortSignal).aborted === "boolean" &&
      typeof (signal as AbortSignal).addEventListener === "function"
    )
  ) {
    throw new InvalidArgumentError({
      field: "signal",
      value: typeName(signal),
      rule: "must be an AbortSignal",
    });
  }
  if (onStep !== undefined && typeof onStep !== "function") {
    throw new InvalidArgumentError({ field: "onStep", value: typeName(onStep), rule: "must be a function" });
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

/** The HTTP endpoint of the client's transport, when it has one (for redaction and error messages). */
function endpointOf(client: AnyClient): string | undefined {
  const url = (client.transport as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && url !== "" ? url : undefined;
}

/** One JSON-RPC request, without the transport's own retries (this action decides what to do on failure). */
function rawRequest(client: AnyClient, method: string, params: unknown[]): Promise<unknown> {
  return (
    client.request as (
      args: { method: string; params: unknown[] },
      options: { retryCount: number; dedupe: boolean },
    ) => Promise<unknown>
  )({ method, params }, { retryCount: 0, dedupe: false });
}

/** Whether the node knows the transaction (pending or mined): `true`, `false`, or `undefined` when it cannot tell. */
async function isKnown(
  client: AnyClient,
  hash: Hash,
  bound = REQUEST_TIMEOUT_MS,
): Promise<boolean | undefined> {
  try {
    const found = await within(rawRequest(client, "eth_getTransactionByHash", [hash]), bound);
    if (found === null || found === undefined) return false;
    const got = (found as { hash?: unknown }).hash;
    return typeof got === "string" && got.toLowerCase() === hash.toLowerCase() ? true : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How a failed `eth_sendRawTransaction` failed:
 * - `refused`: the node answered (HTTP 2xx) with a JSON-RPC error, e.g. `nonce too low`;
 * - `not-delivered`: the connection was refused, so nothing reached the node;
 * - `ambiguous`: anything else (closed socket, HTTP error status, timeout): it may have reached the node.
 */
function classifySendFailure(error: unknown): "refused" | "not-delivered" | "ambiguous" {
  let rpcCode: number | undefined;
  let status: number | undefined;
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    const record = current as { name?: unknown; code?: unknown; status?: unknown; cause?: unknown };
    if (current instanceof Stop) return "ambiguous";
    if (record.code === "ECONNREFUSED") return "not-delivered";
    if (record.name === "RpcRequestError" && typeof record.code === "number") {
      rpcCode = record.code;
      if (typeof record.status === "number") status = record.status;
    }
    if (record.name === "HttpRequestError" || record.name === "TimeoutError") {
      if (typeof record.status === "number") status = record.status;
      // an HTTP failure without a JSON-RPC answer from the node
      if (rpcCode === undefined) return hasConnectionRefused(record.cause) ? "not-delivered" : "ambiguous";
    }
    current = record.cause;
  }
  if (rpcCode !== undefined && (status === undefined || (status >= 200 && status < 300))) return "refused";
  return "ambiguous";
}

function hasConnectionRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    if ((current as { code?: unknown }).code === "ECONNREFUSED") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function parseReceipt(
  raw: unknown,
): { status: "success" | "reverted"; blockNumber: bigint; gasUsed: bigint } | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { status, blockNumber, gasUsed } = raw as Record<string, unknown>;
  const quantity = (value: unknown) => typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value);
  if ((status !== "0x1" && status !== "0x0") || !quantity(blockNumber) || !quantity(gasUsed))
    return undefined;
  return {
    status: status === "0x1" ? "success" : "reverted",
    blockNumber: BigInt(blockNumber as string),
    gasUsed: BigInt(gasUsed as string),
  };
}

/** Why a wait ended early. */
class Stop extends Error {
  constructor(
    readonly reason: "timeout" | "aborted",
    ms: number,
  ) {
    super(reason === "timeout" ? `no answer within ${ms} ms` : "aborted");
    this.name = "Stop";
  }
}

/** `promise`, or a {@link Stop} after `ms` or when `signal` aborts (the request itself is left to finish). */
function within<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup();
      reject(new Stop("aborted", ms));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Stop("timeout", ms));
    }, ms);
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** One redacted line saying why something failed (the shared summariser), cut to 300 characters. */
/** The gas limit sent for a step: the node's estimate plus `GAS_HEADROOM_PERCENT` (20) %. @internal */
export function withGasHeadroom(estimate: bigint): bigint {
  return estimate + (estimate * BigInt(GAS_HEADROOM_PERCENT)) / 100n;
}

/** A failure, redacted and cut short; revert data is decoded (`InsufficientAllowance(...) [ERC-20]`, not a selector). */
function describeFailure(error: unknown, rpcUrl: string | undefined): string {
  const summary = summarizeError(error, [rpcUrl]);
  const text =
    summary.revertData !== undefined && summary.revertData !== "0x"
      ? `execution reverted: ${decodeRevertReason(summary.revertData).message}`
      : summary.reason;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
