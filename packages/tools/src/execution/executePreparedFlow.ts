import {
  CHAIN_ID,
  ChainMismatchError,
  FlowAccountMismatchError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
  summarizeError,
  toTransactionRequest,
} from "@preflow/core";
import type { Account, Address, Chain, Client, Hash, Transport } from "viem";
import {
  estimateGas,
  getChainId,
  getTransactionCount,
  sendTransaction,
  simulateBlocks,
  waitForTransactionReceipt,
} from "viem/actions";

/** One line saying why a step failed (the one error summariser of preflow). */
const failureReason = (error: unknown): string => summarizeError(error).reason;

/**
 * What happened to one step:
 * - `success`: mined with status 1 (dry run: the simulation succeeded);
 * - `reverted`: mined with status 0 (dry run: the simulation reverted);
 * - `failed`: not sent, because signing, gas estimation or submission failed (nothing on chain);
 * - `pending`: sent, but no receipt arrived within the timeout (it may still be mined);
 * - `skipped`: not attempted, because an earlier step did not succeed.
 *
 * @example
 * ```ts
 * import type { ExecutedStepStatus } from "@preflow/tools";
 * const done = (status: ExecutedStepStatus) => status === "success";
 * ```
 */
export type ExecutedStepStatus = "success" | "reverted" | "failed" | "pending" | "skipped";

/**
 * The outcome of one step. JSON-safe (integers as decimal strings).
 *
 * @example
 * ```ts
 * import type { ExecutedStep } from "@preflow/tools";
 * const step: ExecutedStep = { index: 0, description: "Transfer 1 USDm to 0x…", to: "0x765DE816845861e75A25fCA122bb6898B8B1282a", hash: null, status: "skipped" };
 * ```
 */
export interface ExecutedStep {
  index: number;
  description: string;
  to: Address;
  /** The transaction hash once sent; `null` when the step was not sent (failed before sending, skipped, dry run). */
  hash: Hash | null;
  status: ExecutedStepStatus;
  /** The nonce assigned to the step (sent steps only). */
  nonce?: number;
  /** Block of the receipt, decimal string. */
  blockNumber?: string;
  /** Gas used (receipt) or, in a dry run, gas the simulation used; decimal string. */
  gasUsed?: string;
  /** Why the step did not succeed, in one line. */
  error?: string;
}

/**
 * The result of {@link executePreparedFlow}: an overall status and one entry per step, in order.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowReturnType } from "@preflow/tools";
 *
 * function report(result: ExecutePreparedFlowReturnType): string {
 *   return result.status === "success"
 *     ? `all ${result.steps.length} steps confirmed`
 *     : `step ${result.failedStep} ${result.steps[result.failedStep ?? 0]?.status}; ${result.completedSteps} done before it`;
 * }
 * ```
 */
export interface ExecutePreparedFlowReturnType {
  /** `success` when every step succeeded (was mined with status 1, or simulated fine in a dry run). */
  status: "success" | "failed";
  dryRun: boolean;
  chainId: typeof CHAIN_ID;
  from: Address;
  summary: string;
  /** How many steps succeeded, from the first one on. */
  completedSteps: number;
  /** Index of the step that stopped the flow, `null` on success. */
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
 * A progress event of {@link executePreparedFlow}: a step was sent (`sent`), or a step reached its final
 * status (`done`).
 *
 * @example
 * ```ts
 * import type { ExecutionStepEvent } from "@preflow/tools";
 * const log = (event: ExecutionStepEvent) =>
 *   console.error(event.phase === "sent" ? `sent ${event.hash}` : `step ${event.step.index}: ${event.step.status}`);
 * ```
 */
export type ExecutionStepEvent =
  | { phase: "sent"; index: number; total: number; hash: Hash }
  | { phase: "done"; index: number; total: number; step: ExecutedStep };

/**
 * Parameters of {@link executePreparedFlow}.
 *
 * @example
 * ```ts
 * import type { ExecutePreparedFlowParameters } from "@preflow/tools";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const parameters: ExecutePreparedFlowParameters = {
 *   client: sdkClient.publicClient,
 *   account: privateKeyToAccount(key),
 *   flow,
 * };
 * ```
 */
export interface ExecutePreparedFlowParameters {
  /** A viem client on chain 42220 (for example `createSdkClient().publicClient`). */
  client: Client<Transport, Chain | undefined>;
  /** The signer: a local account (private key) whose address must equal the flow's `from`. */
  account: Account;
  /** The prepared flow, as an object or untrusted JSON value; validated with `parsePreparedFlow`. */
  flow: unknown;
  /** Simulate every step instead of sending (default `false`). */
  dryRun?: boolean;
  /** Called when a step is sent and when it reaches its final status. Awaited; its errors are ignored. */
  onStep?: (event: ExecutionStepEvent) => void | Promise<void>;
  /** How long to wait for each receipt, in ms (default 120000). */
  receiptTimeoutMs?: number;
}

const DEFAULT_RECEIPT_TIMEOUT_MS = 120_000;

/**
 * Executes a prepared flow with an EOA: validates it (`parsePreparedFlow`), refuses a flow whose `from` is
 * not the signer (`FlowAccountMismatchError`) and a node that does not serve chain 42220, reads the pending
 * nonce once, then sends the steps in order with explicit nonces through `sendTransaction`, waiting for each
 * receipt and stopping at the first step that fails, reverts or stays pending. Steps after it are reported
 * `skipped` and never sent.
 *
 * With `dryRun: true` nothing is signed or sent: the steps are simulated in order on one state with
 * `eth_simulateV1` (falling back to one `eth_estimateGas` per step when the node lacks it).
 *
 * Throws only before anything is sent (invalid flow, wrong `from`, wrong chain, nonce read failure); what
 * happens to the steps is in the result.
 *
 * @example
 * ```ts
 * import { createSdkClient } from "@preflow/core";
 * import { executePreparedFlow } from "@preflow/tools";
 * import { privateKeyToAccount } from "viem/accounts";
 *
 * const account = privateKeyToAccount(process.env.CHAIN_PRIVATE_KEY as `0x${string}`);
 * const sdk = createSdkClient({ attributionTags: ["my_app"] });
 * const flow = await sdk.transaction.prepareSend(account.address, to, "USDm", "1.5");
 * const result = await executePreparedFlow({ client: sdk.publicClient, account, flow });
 * // { status: "success", steps: [{ index: 0, hash: "0x…", status: "success", ... }], ... }
 * ```
 */
export async function executePreparedFlow(
  parameters: ExecutePreparedFlowParameters,
): Promise<ExecutePreparedFlowReturnType> {
  const { client, account, dryRun = false, onStep } = parameters;
  const receiptTimeoutMs = parameters.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS;
  const flow = parsePreparedFlow(parameters.flow);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  const chainId = await getChainId(client);
  if (chainId !== CHAIN_ID) {
    throw new ChainMismatchError({
      expected: CHAIN_ID,
      actual: chainId,
      rpcUrl: "(the tool server's RPC_URL)",
    });
  }

  const notify = async (event: ExecutionStepEvent): Promise<void> => {
    if (!onStep) return;
    try {
      await onStep(event);
    } catch {
      // A progress listener must never change what happens on chain.
    }
  };

  if (dryRun) return simulate(client, account, flow, notify);

  const total = flow.steps.length;
  const steps: ExecutedStep[] = flow.steps.map((step, index) => ({
    index,
    description: step.description,
    to: step.to,
    hash: null,
    status: "skipped",
  }));
  let nonce = await getTransactionCount(client, { address: account.address, blockTag: "pending" });

  for (const [index, prepared] of flow.steps.entries()) {
    const step = steps[index] as ExecutedStep;
    let hash: Hash;
    try {
      hash = await sendTransaction(client, {
        ...toTransactionRequest(prepared),
        account,
        chain: client.chain ?? null,
        nonce,
      });
    } catch (error) {
      step.status = "failed";
      step.error = failureReason(error);
      await notify({ phase: "done", index, total, step });
      break;
    }
    step.hash = hash;
    step.nonce = nonce;
    nonce += 1;
    await notify({ phase: "sent", index, total, hash });
    try {
      const receipt = await waitForTransactionReceipt(client, { hash, timeout: receiptTimeoutMs });
      step.status = receipt.status === "success" ? "success" : "reverted";
      step.blockNumber = receipt.blockNumber.toString();
      step.gasUsed = receipt.gasUsed.toString();
      if (step.status === "reverted") step.error = `transaction ${hash} reverted on chain`;
    } catch (error) {
      step.status = "pending";
      step.error = `no receipt within ${receiptTimeoutMs} ms (${failureReason(error)}); it may still be mined: check it with get_transaction`;
    }
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") break;
  }
  return finish(flow, steps, false);
}

async function simulate(
  client: Client<Transport, Chain | undefined>,
  account: Account,
  flow: SerializedPreparedFlow,
  notify: (event: ExecutionStepEvent) => Promise<void>,
): Promise<ExecutePreparedFlowReturnType> {
  const total = flow.steps.length;
  const steps: ExecutedStep[] = flow.steps.map((step, index) => ({
    index,
    description: step.description,
    to: step.to,
    hash: null,
    status: "skipped",
  }));
  const requests = flow.steps.map((step) => toTransactionRequest(step));

  let sequential: { status: "success" | "failure"; gasUsed: bigint; error?: Error | undefined }[] | undefined;
  try {
    const [block] = await simulateBlocks(client, {
      blocks: [{ calls: requests.map((request) => ({ ...request, account: account.address })) }],
      validation: false,
    });
    sequential = block?.calls as typeof sequential;
  } catch (error) {
    if (!isUnsupportedMethod(error)) throw error;
  }

  for (const [index, request] of requests.entries()) {
    const step = steps[index] as ExecutedStep;
    if (sequential) {
      const call = sequential[index];
      if (call?.status === "success") {
        step.status = "success";
        step.gasUsed = call.gasUsed.toString();
      } else {
        step.status = "reverted";
        step.error = call?.error
          ? failureReason(call.error)
          : "the simulation reported no result for this step";
      }
    } else {
      try {
        step.gasUsed = (await estimateGas(client, { ...request, account: account.address })).toString();
        step.status = "success";
      } catch (error) {
        step.status = "reverted";
        step.error = failureReason(error);
      }
    }
    await notify({ phase: "done", index, total, step });
    if (step.status !== "success") break;
  }
  return { ...finish(flow, steps, true), simulation: sequential ? "sequential" : "independent" };
}

function finish(
  flow: SerializedPreparedFlow,
  steps: ExecutedStep[],
  dryRun: boolean,
): ExecutePreparedFlowReturnType {
  const failed = steps.find((step) => step.status !== "success");
  return {
    status: failed ? "failed" : "success",
    dryRun,
    chainId: CHAIN_ID,
    from: flow.from,
    summary: flow.summary,
    completedSteps: failed ? failed.index : steps.length,
    failedStep: failed ? failed.index : null,
    steps,
  };
}

function isUnsupportedMethod(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === -32601 || current.code === -32602) return true;
    const message = current instanceof Error ? current.message : "";
    if (/method not found|not supported|does not exist|unknown method/i.test(message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
