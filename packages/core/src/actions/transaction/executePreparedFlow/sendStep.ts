// Sign and send one step: fill it, sign it locally, take its hash before the send, send it, and after a lost
// answer look it up and send the same signed bytes again (same hash: never a second transaction). Then settle it.
import { RequestAbortedError, sleep, withTimeout } from "@preflow/errors";
import { type Hash, type Hex, keccak256 } from "viem";
import { prepareTransactionRequest } from "viem/actions";
import { CHAIN_ID } from "../../../chain.js";
import { signCip64Step } from "../../../fees/signCip64Step.js";
import type { TransactionRequestOfStep } from "../../../flow/toTransactionRequest.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { describeFailure, isAbort, isKnown, REQUEST_TIMEOUT_MS, rawRequest } from "./requests.js";
import { settleStep } from "./settleStep.js";
import type { StepContext } from "./stepContext.js";
import type { BeforeBroadcastStep, ExecutedStep } from "./types.js";

type PreparedStep = SerializedPreparedFlow["steps"][number];

/** Gas limit = the node's estimate + this many percent (see `withGasHeadroom`). */
const GAS_HEADROOM_PERCENT = 20;
/** Sends of the same signed bytes (same hash, so never a second transaction) while the answer is lost. */
const SEND_ATTEMPTS = 3;

/**
 * Fills, signs, sends and settles one step, writing its outcome into `step`. Returns `"aborted"` when the signal
 * stopped it before signing (the step stays `skipped`), else `"done"`. @internal
 */
export async function sendStep(
  context: StepContext,
  step: ExecutedStep,
  prepared: PreparedStep,
  request: TransactionRequestOfStep,
  nonce: number,
): Promise<"aborted" | "done"> {
  const { client, account, signal, rpcUrl, total, notify } = context;
  const index = step.index;
  const notSent = (code: NotSentCode, error: string): "done" => {
    step.status = "failed";
    step.sent = false;
    step.code = code;
    step.error = error;
    return "done";
  };

  let serialized: Hex;
  if (request.feeCurrency !== undefined) {
    // CIP-64: a step paying gas in a fee currency is signed as type 0x7b with the flow's gas and fee caps.
    try {
      serialized = await signCip64Step(account, request, nonce);
    } catch (error) {
      return notSent(
        "TRANSACTION_NOT_SENT",
        `could not sign the transaction: ${describeFailure(error, rpcUrl)}`,
      );
    }
  } else {
    // 1. Fill (gas, fees, type) with the explicit nonce. Nothing is signed yet: an abort or a failure here
    // leaves nothing behind.
    let filled: Awaited<ReturnType<typeof prepareTransactionRequest>>;
    try {
      filled = await withTimeout(
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
        "eth_estimateGas, eth_gasPrice",
      );
    } catch (error) {
      if (isAbort(error, signal)) return "aborted";
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
  }
  const hash = keccak256(serialized);
  step.hash = hash;
  step.nonce = nonce;
  // Known before the send: until the node acknowledges it (or the chain shows it), it may or may not be sent.
  step.sent = "unknown";
  // The caller's write-ahead: awaited and bounded; a refusal or no answer in time means the step is never sent.
  const vetoed = await askBeforeBroadcast(context, {
    step: prepared,
    index,
    total,
    hash,
    nonce,
    signedTransaction: serialized,
  });
  if (vetoed) return notSent(vetoed.code, vetoed.error);
  await notify({ phase: "signed", index, total, hash, nonce, signedTransaction: serialized });

  // 3. Send. The same signed bytes may be sent again after a lost answer: same hash, never a second transaction.
  const { sent, refused, lastError } = await broadcast(context, hash, serialized);
  if (sent === false) {
    const reason = describeFailure(lastError, rpcUrl);
    return refused
      ? notSent("TRANSACTION_REJECTED", `the node refused the transaction: ${reason}`)
      : notSent("TRANSACTION_NOT_SENT", `could not reach the node: ${reason}`);
  }
  step.sent = sent;
  if (sent === true) await notify({ phase: "sent", index, total, hash });
  // Not acknowledged yet: the exact bytes are kept, so that a resume can send them again (same hash).
  else step.signedTransaction = serialized;

  // 4. Settle: poll the receipt until it is there or the time is up.
  await settleStep(context, step, lastError);
  return "done";
}

type NotSentCode =
  | "TRANSACTION_NOT_SENT"
  | "TRANSACTION_REJECTED"
  | "BROADCAST_VETOED"
  | "BROADCAST_HOOK_TIMEOUT";

/**
 * Awaits the caller's `beforeBroadcast` (bounded by `beforeBroadcastTimeoutMs`, not by the signal: the step is
 * signed, so it is either let go or refused). Returns why the step must not be sent, or `undefined` to send it.
 */
async function askBeforeBroadcast(
  context: StepContext,
  argument: BeforeBroadcastStep,
): Promise<{ code: NotSentCode; error: string } | undefined> {
  const { beforeBroadcast, beforeBroadcastTimeoutMs, rpcUrl } = context;
  if (!beforeBroadcast) return undefined;
  /** Whether the hook itself answered (resolved or rejected) before the bound. */
  let answered = false;
  const answer = Promise.resolve()
    .then(() => beforeBroadcast(argument))
    .finally(() => {
      answered = true;
    });
  try {
    await withTimeout(answer, beforeBroadcastTimeoutMs, undefined, "beforeBroadcast");
    return undefined;
  } catch (error) {
    // A late answer of the hook is ignored (the step is already reported as not sent).
    answer.catch(() => undefined);
    const timedOut = !answered;
    const never = `not sent (its nonce ${argument.nonce} is still free)`;
    return timedOut
      ? {
          code: "BROADCAST_HOOK_TIMEOUT",
          error: `beforeBroadcast did not answer within ${beforeBroadcastTimeoutMs} ms; ${argument.hash} was ${never}`,
        }
      : {
          code: "BROADCAST_VETOED",
          error: `beforeBroadcast refused it (${describeFailure(error, rpcUrl)}); ${argument.hash} was ${never}`,
        };
  }
}

/**
 * Sends signed bytes with `eth_sendRawTransaction`, up to {@link SEND_ATTEMPTS} times while the answer is lost
 * (the same bytes: same hash, never a second transaction), asking the node for the hash after each failure:
 * `sent` is `true` once the node accepted it or knows it, `"unknown"` while neither is known, `false` when it never
 * reached the node or the node refused it and does not know it (`refused`). @internal
 */
export async function broadcast(
  context: Pick<StepContext, "client">,
  hash: Hash,
  serialized: Hex,
): Promise<{ sent: boolean | "unknown"; refused: boolean; lastError: unknown }> {
  const { client } = context;
  let sent: boolean | "unknown" = false;
  let refused = false;
  let lastError: unknown;
  for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt++) {
    try {
      await withTimeout(
        rawRequest(client, "eth_sendRawTransaction", [serialized]),
        REQUEST_TIMEOUT_MS,
        undefined,
        "eth_sendRawTransaction",
      );
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
  return { sent, refused, lastError };
}

/** The gas limit sent for a step: the node's estimate plus `GAS_HEADROOM_PERCENT` (20) %. @internal */
export function withGasHeadroom(estimate: bigint): bigint {
  return estimate + (estimate * BigInt(GAS_HEADROOM_PERCENT)) / 100n;
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
    if (current instanceof RequestAbortedError) return "ambiguous";
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
