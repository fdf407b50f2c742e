import type { RegisteredErrorCode } from "../protocols/registry.js";

/**
 * The stable `code` of every error `@preflow/core` throws on purpose (attribution's `TRANSACTION_NOT_FOUND`
 * included, which core re-throws for unknown hashes): the generic codes, then each registered protocol's
 * `errorCodes` ({@link RegisteredErrorCode}).
 *
 * @example
 * ```ts
 * import { SdkError, type CoreErrorCode } from "@preflow/core";
 *
 * function isInputError(error: unknown): boolean {
 *   const inputCodes: CoreErrorCode[] = ["INVALID_ADDRESS", "INVALID_AMOUNT", "UNKNOWN_TOKEN", "INVALID_ARGUMENT"];
 *   return error instanceof SdkError && (inputCodes as string[]).includes(error.code);
 * }
 * ```
 */
export type CoreErrorCode =
  | "INVALID_CONFIG"
  | "UNKNOWN_OPTION"
  | "INVALID_ADDRESS"
  | "INVALID_AMOUNT"
  | "INSUFFICIENT_BALANCE"
  | "INVALID_ARGUMENT"
  | "INVALID_CONTRACT_CALL"
  | "INVALID_PREPARED_FLOW"
  | "FLOW_ACCOUNT_MISMATCH"
  | "CHAIN_MISMATCH"
  | "RPC_ERROR"
  | "SIMULATION_UNSUPPORTED"
  | "RPC_RATE_LIMITED"
  | "REQUEST_ABORTED"
  | "TOKEN_READ_FAILED"
  | "UNKNOWN_TOKEN"
  | "TRANSACTION_NOT_FOUND"
  | "INVALID_ENS_NAME"
  | "UNSUPPORTED_ENS_NAME"
  | "MISSING_ETH_RPC_URL"
  | "INVALID_ENS_NETWORK"
  | "NO_ROUTE"
  | "ZERO_QUOTE"
  | "INVALID_FEE_CURRENCY"
  | "FEE_ESTIMATE_REVERTED"
  | "BLOCK_NOT_FOUND"
  | "CONTRACT_READ_FAILED"
  | RegisteredErrorCode;
