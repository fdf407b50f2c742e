import type { InvalidAddressError } from "../errors/address.js";
import type { UnknownTokenError } from "../errors/token.js";
import type { ReadBatchErrorType } from "../rpc/readBatch.js";

/**
 * The errors every action that takes an account and a token and makes its one batched read can throw: an address
 * that is not one (`InvalidAddressError`), a token not in the registry (`UnknownTokenError`), an unknown key or a
 * `signal` that is not an AbortSignal (`InvalidArgumentError`), and the request's own failures
 * ({@link ReadBatchErrorType}). Each action's `…ErrorType` adds its own.
 */
export type TokenCallErrorType = InvalidAddressError | UnknownTokenError | ReadBatchErrorType;
