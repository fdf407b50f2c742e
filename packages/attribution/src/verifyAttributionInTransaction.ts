import {
  type AttributionLocation,
  inspectTransaction,
  type TransactionLookup,
} from "./internal/transaction.js";
import type { Address, Hex } from "./types.js";
import {
  type VerifyAttributionInCalldataReturnType,
  verifyAttributionInCalldata,
} from "./verifyAttributionInCalldata.js";

/**
 * The transaction to verify: an EIP-1193 `request` function and the transaction hash.
 *
 * @example
 * ```ts
 * import type { VerifyAttributionInTransactionParameters } from "@preflow/attribution";
 *
 * const parameters: VerifyAttributionInTransactionParameters = { request: client.request, hash };
 * ```
 */
export type VerifyAttributionInTransactionParameters = TransactionLookup;

/**
 * The raw layers of one calldata place: where it is, and {@link VerifyAttributionInCalldataReturnType}.
 *
 * @example
 * ```ts
 * import type { VerifiedLocation } from "@preflow/attribution";
 *
 * const legacyOnly = (locations: VerifiedLocation[]) => locations.filter((e) => e.legacy && !e.erc8021);
 * ```
 */
export type VerifiedLocation = AttributionLocation & VerifyAttributionInCalldataReturnType;

/**
 * The raw attribution layers of every calldata place of a transaction.
 *
 * @example
 * ```ts
 * import type { VerifyAttributionInTransactionReturnType } from "@preflow/attribution";
 *
 * const codes = (result: VerifyAttributionInTransactionReturnType) =>
 *   result.locations.map((entry) => entry.erc8021?.codes ?? []);
 * ```
 */
export type VerifyAttributionInTransactionReturnType = {
  hash: Hex;
  /** The transaction's sender (the bundler, for a bundle), checksummed. */
  from: Address | null;
  /** The called address (the EntryPoint, for a bundle), checksummed; `null` for a contract creation. */
  to: Address | null;
  /** `true` when the input is an EntryPoint v0.7 `handleOps` call that decoded. */
  bundle: boolean;
  /** One entry per place: the transaction input, then each UserOperation's `callData` and its inner calls. */
  locations: VerifiedLocation[];
};

/**
 * Reads the raw attribution layers of a transaction, from its hash alone: like
 * {@link checkAttributionInTransaction} (same fetching, same bundle decoding, same places and errors), but
 * each place reports {@link verifyAttributionInCalldata}'s raw layers: the ERC-8021 suffix of any schema
 * with the platform code left in, and a historical `SDK|...` legacy layer.
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
 * import { verifyAttributionInTransaction } from "@preflow/attribution";
 *
 * const result = await verifyAttributionInTransaction({
 *   request: client.request,
 *   hash,
 *   signal: AbortSignal.timeout(5_000), // optional: stops the wait (RequestAbortedError)
 * });
 * for (const entry of result.locations)
 *   console.log(entry.kind, entry.erc8021?.schemaId, entry.erc8021?.codes, entry.legacy);
 * ```
 */
export async function verifyAttributionInTransaction(
  parameters: VerifyAttributionInTransactionParameters,
): Promise<VerifyAttributionInTransactionReturnType> {
  const inspected = await inspectTransaction(parameters);
  return {
    hash: inspected.hash,
    from: inspected.from,
    to: inspected.to,
    bundle: inspected.bundle,
    locations: inspected.places.map(({ location, data }) => ({
      ...location,
      ...verifyAttributionInCalldata(data),
    })),
  };
}
