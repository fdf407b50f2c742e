// The errors every Aave lending `prepare*` shares (each action's `XErrorType` adds its own refusals).
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidAmountError } from "../../errors/amount.js";
import type { UnknownTokenError } from "../../errors/token.js";
import type { FeeErrorType } from "../../fees/flowFee.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import type { AaveReadError, AaveReserveUnavailableError, NotAnAaveReserveError } from "./lendingErrors.js";

/**
 * What every Aave lending `prepare*` action may throw besides its own refusals: bad input (an unknown key, a bad
 * `from`, token, amount or `signal`), a reserve that is not usable, an Aave read that failed, its one request
 * ({@link ReadBatchErrorType}) and its fee plan ({@link FeeErrorType}). Each action's `XErrorType` is this and its
 * refusals.
 *
 * @example
 * ```ts
 * import type { AaveLendingErrorType } from "@preflow/core";
 * const isInput = (error: AaveLendingErrorType) => error.code.startsWith("INVALID_");
 * ```
 */
export type AaveLendingErrorType =
  | InvalidAddressError
  | UnknownTokenError
  | NotAnAaveReserveError
  | InvalidAmountError
  | AaveReserveUnavailableError
  | AaveReadError
  | ReadBatchErrorType
  | FeeErrorType;
