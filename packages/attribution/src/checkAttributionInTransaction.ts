import {
  type CheckAttributionInCalldataReturnType,
  checkAttributionInCalldata,
} from "./checkAttributionInCalldata.js";
import {
  type AttributionLocation,
  inspectTransaction,
  type TransactionLookup,
} from "./internal/transaction.js";
import type { Address, Hex } from "./types.js";

/**
 * The transaction to check: an EIP-1193 `request` function, the transaction hash and an optional `signal`.
 *
 * @example
 * ```ts
 * import type { CheckAttributionInTransactionParameters } from "@preflow/attribution";
 *
 * const parameters: CheckAttributionInTransactionParameters = { request: client.request, hash };
 * ```
 */
export type CheckAttributionInTransactionParameters = TransactionLookup;

/**
 * The check result of one calldata place: where it is, and {@link CheckAttributionInCalldataReturnType}.
 *
 * @example
 * ```ts
 * import type { CheckedLocation } from "@preflow/attribution";
 *
 * const tagged = (locations: CheckedLocation[]) => locations.filter((entry) => entry.found);
 * ```
 */
export type CheckedLocation = AttributionLocation & CheckAttributionInCalldataReturnType;

/**
 * What {@link checkAttributionInTransaction} found: totals over the whole transaction and one entry per place.
 *
 * @example
 * ```ts
 * import type { CheckAttributionInTransactionReturnType } from "@preflow/attribution";
 *
 * const innerTags = (result: CheckAttributionInTransactionReturnType) =>
 *   result.locations.filter((entry) => entry.kind === "innerCall").map((entry) => entry.tags);
 * ```
 */
export type CheckAttributionInTransactionReturnType = {
  hash: Hex;
  /** The transaction's sender (the bundler, for a bundle), checksummed. */
  from: Address | null;
  /** The called address (the EntryPoint, for a bundle), checksummed; `null` for a contract creation. */
  to: Address | null;
  /** `true` when the input is an EntryPoint v0.7 `handleOps` call that decoded. */
  bundle: boolean;
  /** `true` when any place carries an ERC-8021 code list. */
  found: boolean;
  /** The custom codes of every place, deduplicated (case-insensitively) in first-seen order. */
  tags: string[];
  /** `true` when any place carries the platform code. */
  platform: boolean;
  /** Present only when a `tag` was given: `true` when any place matched it. */
  matched?: boolean;
  /** One entry per place: the transaction input, then each UserOperation's `callData` and its inner calls. */
  locations: CheckedLocation[];
};

/**
 * Checks a transaction for attribution tags, from its hash alone. Fetches it with `eth_getTransactionByHash`
 * through any EIP-1193 `request` function (no viem needed; a viem client's `request` works) and checks its
 * input with {@link checkAttributionInCalldata}. When the transaction is an EntryPoint v0.7 bundle
 * (`handleOps`), it also checks every UserOperation's `callData` and every inner call of SimpleAccount
 * `execute` / `executeBatch` (where this project's tags live, specification 6.6), reporting each with its
 * sender and target. Garbage calldata never throws; it gives `found: false` places.
 *
 * @throws {InvalidTransactionHashError} before any I/O when `hash` is not 32 bytes of hex.
 * @throws {InvalidRequestFunctionError} before any I/O when `request` is not a function.
 * @throws {InvalidArgumentError} before any I/O when `parameters` has an unknown key (named, with the nearest
 *   valid one) or `signal` is not an `AbortSignal`.
 * @throws {RequestAbortedError} when `signal` aborts: before the request when it already had (nothing is sent),
 *   else at once, dropping the answer.
 * @throws {TransactionNotFoundError} when the node does not know the transaction (it answers `null`).
 * @throws {TransactionRequestError} when `request` fails or answers with something that is not an object.
 *
 * @example
 * ```ts
 * import { checkAttributionInTransaction } from "@preflow/attribution";
 * import { createPublicClient, http } from "viem";
 * import { celo } from "viem/chains";
 *
 * const client = createPublicClient({ chain: celo, transport: http() });
 * const result = await checkAttributionInTransaction(
 *   { request: client.request, hash, signal: AbortSignal.timeout(5_000) }, // signal: optional
 *   "myapp",
 * );
 * result.matched; // true when any place carries "myapp"
 * for (const entry of result.locations)
 *   if (entry.kind === "innerCall") console.log(entry.sender, "->", entry.target, entry.tags);
 * ```
 */
export async function checkAttributionInTransaction(
  parameters: CheckAttributionInTransactionParameters,
  tag?: string,
): Promise<CheckAttributionInTransactionReturnType> {
  const inspected = await inspectTransaction(parameters);
  const locations: CheckedLocation[] = inspected.places.map(({ location, data }) => ({
    ...location,
    ...checkAttributionInCalldata(data, tag),
  }));
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const entry of locations)
    for (const code of entry.tags) {
      const key = code.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        tags.push(code);
      }
    }
  const result: CheckAttributionInTransactionReturnType = {
    hash: inspected.hash,
    from: inspected.from,
    to: inspected.to,
    bundle: inspected.bundle,
    found: locations.some((entry) => entry.found),
    tags,
    platform: locations.some((entry) => entry.platform),
    locations,
  };
  if (tag !== undefined) result.matched = locations.some((entry) => entry.matched === true);
  return result;
}
