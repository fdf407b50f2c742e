import {
  InvalidArgumentError,
  RequestAbortedError,
  rejectUnknownKeys,
  summarizeError,
  withAbort,
} from "@preflow/errors";
import * as OxAddress from "ox/Address";
import { decodeHandleOpsCalldata } from "../decodeHandleOpsCalldata.js";
import { InvalidRequestFunctionError } from "../errors/InvalidRequestFunctionError.js";
import { InvalidTransactionHashError } from "../errors/InvalidTransactionHashError.js";
import { TransactionNotFoundError } from "../errors/TransactionNotFoundError.js";
import { TransactionRequestError } from "../errors/TransactionRequestError.js";
import type { Address, Hex } from "../types.js";
import { isHexData } from "./hex.js";

/**
 * An EIP-1193 `request` function, narrowed to the one method used: a viem client's `request`,
 * `window.ethereum.request` or any provider's `request` fits.
 *
 * @example
 * ```ts
 * import type { AttributionRequestFn } from "@preflow/attribution";
 *
 * const request: AttributionRequestFn = async ({ method, params }) => {
 *   const response = await fetch("https://forno.celo.org", {
 *     method: "POST",
 *     headers: { "content-type": "application/json" },
 *     body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
 *   });
 *   return (await response.json()).result;
 * };
 * ```
 */
export type AttributionRequestFn = (args: {
  method: "eth_getTransactionByHash";
  params: [hash: Hex];
}) => Promise<unknown>;

/**
 * Where to find a transaction: an EIP-1193 `request` function and the transaction hash, and optionally a signal
 * that stops the wait. Unknown keys are refused (`InvalidArgumentError`).
 *
 * @example
 * ```ts
 * import type { TransactionLookup } from "@preflow/attribution";
 * import { createPublicClient, http } from "viem";
 * import { celo } from "viem/chains";
 *
 * const client = createPublicClient({ chain: celo, transport: http() });
 * const lookup: TransactionLookup = { request: client.request, hash: "0x…" };
 * ```
 */
export type TransactionLookup = {
  request: AttributionRequestFn;
  /** The transaction hash (for a UserOperation, the hash of the bundle transaction that included it). */
  hash: Hex;
  /**
   * Stops the call: checked before the request (an aborted signal sends nothing), then raced against it (the
   * call rejects with `RequestAbortedError` at once; an EIP-1193 `request` cannot be cancelled, so its answer is
   * dropped).
   */
  signal?: AbortSignal | undefined;
};

const LOOKUP_KEYS = ["request", "hash", "signal"] as const;
const METHOD = "eth_getTransactionByHash";

/**
 * A place in a transaction where calldata can carry attribution. The transaction forms report one entry per
 * place, in this order: the transaction's own input; then, for an EntryPoint v0.7 `handleOps` bundle, each
 * UserOperation's `callData` followed by each of its inner calls (when the account call decodes).
 *
 * @example
 * ```ts
 * import type { AttributionLocation } from "@preflow/attribution";
 *
 * function describe(location: AttributionLocation): string {
 *   if (location.kind === "transaction") return `input of the transaction to ${location.to}`;
 *   if (location.kind === "userOperation") return `callData of UserOperation ${location.userOperationIndex}`;
 *   return `call ${location.callIndex} of ${location.sender} to ${location.target}`;
 * }
 * ```
 */
export type AttributionLocation =
  | {
      kind: "transaction";
      /** The transaction's sender (for a bundle, the bundler), checksummed; `null` if the node omitted it. */
      from: Address | null;
      /** The called address (for a bundle, the EntryPoint), checksummed; `null` for a contract creation. */
      to: Address | null;
    }
  | {
      kind: "userOperation";
      /** Position of the UserOperation in the bundle. */
      userOperationIndex: number;
      /** The smart account that sent it, checksummed. */
      sender: Address;
    }
  | {
      kind: "innerCall";
      userOperationIndex: number;
      /** Position of the call in `execute` (0) or `executeBatch`. */
      callIndex: number;
      /** The smart account making the call, checksummed. */
      sender: Address;
      /** The contract called, checksummed. */
      target: Address;
      /** Native value sent, in wei. */
      value: bigint;
    };

/** A location together with the calldata found there. */
export type LocatedCalldata = { location: AttributionLocation; data: Hex };

/** The fetched transaction, decoded. */
export type InspectedTransaction = {
  hash: Hex;
  from: Address | null;
  to: Address | null;
  bundle: boolean;
  places: LocatedCalldata[];
};

const hashPattern = /^0x[0-9a-fA-F]{64}$/;

function toAddress(value: unknown): Address | null {
  if (typeof value !== "string" || !OxAddress.validate(value, { strict: false })) return null;
  return OxAddress.checksum(value);
}

/** `undefined` or an `AbortSignal` (checked by shape, so a signal of another realm passes). */
function parseSignal(value: unknown): AbortSignal | undefined {
  if (value === undefined) return undefined;
  const signal = value as Partial<AbortSignal> | null;
  if (
    typeof signal !== "object" ||
    signal === null ||
    typeof signal.aborted !== "boolean" ||
    typeof signal.addEventListener !== "function"
  ) {
    throw new InvalidArgumentError({ field: "signal", value: typeof value, rule: "must be an AbortSignal" });
  }
  return value as AbortSignal;
}

/**
 * Validates the lookup (before any I/O: known keys, hash, request function, signal), fetches the transaction with
 * `eth_getTransactionByHash` and lists every calldata place in it.
 */
export async function inspectTransaction(lookup: TransactionLookup): Promise<InspectedTransaction> {
  const fields = rejectUnknownKeys(lookup, "parameters", LOOKUP_KEYS);
  const { request, signal: rawSignal } = fields;
  if (typeof fields.hash !== "string" || !hashPattern.test(fields.hash))
    throw new InvalidTransactionHashError({ hash: fields.hash });
  const hash = fields.hash as Hex;
  if (typeof request !== "function") throw new InvalidRequestFunctionError({ request });
  const signal = parseSignal(rawSignal);
  if (signal?.aborted) throw new RequestAbortedError({ method: METHOD, reason: signal.reason });

  let transaction: unknown;
  try {
    const sent = Promise.resolve().then(() =>
      (request as AttributionRequestFn)({ method: METHOD, params: [hash] }),
    );
    transaction = await withAbort(sent, signal, METHOD);
  } catch (error) {
    if (error instanceof RequestAbortedError) throw error;
    throw new TransactionRequestError({ hash, reason: summarizeError(error).reason, cause: error });
  }
  if (transaction === null || transaction === undefined) throw new TransactionNotFoundError({ hash });
  if (typeof transaction !== "object")
    throw new TransactionRequestError({
      hash,
      reason: `the node answered with a ${typeof transaction}, not a transaction`,
    });

  const answer = transaction as { from?: unknown; to?: unknown; input?: unknown; data?: unknown };
  const raw = answer.input ?? answer.data;
  const input: Hex = isHexData(raw) ? raw : "0x";
  const from = toAddress(answer.from);
  const to = toAddress(answer.to);
  const places: LocatedCalldata[] = [{ location: { kind: "transaction", from, to }, data: input }];

  const bundle = decodeHandleOpsCalldata(input);
  for (const op of bundle?.userOperations ?? []) {
    places.push({
      location: { kind: "userOperation", userOperationIndex: op.index, sender: op.sender },
      data: op.callData,
    });
    op.calls?.forEach((call, callIndex) => {
      places.push({
        location: {
          kind: "innerCall",
          userOperationIndex: op.index,
          callIndex,
          sender: op.sender,
          target: call.target,
          value: call.value,
        },
        data: call.data,
      });
    });
  }
  return { hash, from, to, bundle: bundle !== null, places };
}
