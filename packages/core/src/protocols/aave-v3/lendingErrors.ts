import { SdkError } from "../../errors/base.js";
import { redactSecrets } from "../../errors/redact.js";

/**
 * The stable `code` of every lending error (`client.aave`); part of {@link CoreErrorCode}.
 *
 * @example
 * ```ts
 * import type { LendingErrorCode } from "@preflow/core";
 * const refusals: LendingErrorCode[] = ["HEALTH_FACTOR_TOO_LOW", "BORROW_LIMIT_EXCEEDED"];
 * ```
 */
export type LendingErrorCode =
  | "NOT_AN_AAVE_RESERVE"
  | "AAVE_RESERVE_UNAVAILABLE"
  | "AAVE_READ_FAILED"
  | "HEALTH_FACTOR_TOO_LOW"
  | "BORROW_LIMIT_EXCEEDED"
  | "NO_LENDING_POSITION"
  | "AMOUNT_EXCEEDS_POSITION";

/**
 * Every {@link LendingErrorCode}, which Aave's definition declares (`errorCodes`); a test checks the list is the
 * whole union and the codes of the lending error classes. @internal
 */
export const LENDING_ERROR_CODES = [
  "NOT_AN_AAVE_RESERVE",
  "AAVE_RESERVE_UNAVAILABLE",
  "AAVE_READ_FAILED",
  "HEALTH_FACTOR_TOO_LOW",
  "BORROW_LIMIT_EXCEEDED",
  "NO_LENDING_POSITION",
  "AMOUNT_EXCEEDS_POSITION",
] as const satisfies readonly LendingErrorCode[];

/**
 * A lending operation: what the account does on Aave v3.
 *
 * @example
 * ```ts
 * import type { LendingOperation } from "@preflow/core";
 * const operation: LendingOperation = "borrow";
 * ```
 */
export type LendingOperation = "supply" | "withdraw" | "borrow" | "repay";

/**
 * The token is in the registry but is not a reserve of the Aave v3 market on chain 42220 (thrown before any
 * request). `details.reserves` lists the market's reserves.
 *
 * @example
 * ```ts
 * import { NotAnAaveReserveError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareSupply(from, "BRLm", "10");
 * } catch (error) {
 *   if (error instanceof NotAnAaveReserveError) console.error(error.details.reserves); // ["USDC", "USDT", ...]
 * }
 * ```
 */
export class NotAnAaveReserveError extends SdkError<"NOT_AN_AAVE_RESERVE"> {
  override readonly name: string = "NotAnAaveReserveError";

  constructor(parameters: { field: string; token: string; reserves: readonly string[] }) {
    const { field, token, reserves } = parameters;
    super({
      code: "NOT_AN_AAVE_RESERVE",
      message: `Invalid \`${field}\`: ${token} is not a reserve of the Aave v3 market on chain 42220. Use one of ${reserves.join(", ")}.`,
      details: { field, token, reserves: [...reserves] },
    });
  }
}

/**
 * The reserve cannot take this operation now, as read on chain: not listed (no aToken), inactive, paused,
 * frozen (no supply or borrow) or borrowing disabled. Nothing was prepared.
 *
 * @example
 * ```ts
 * import { AaveReserveUnavailableError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareBorrow(from, "CELO", "10");
 * } catch (error) {
 *   if (error instanceof AaveReserveUnavailableError) console.error(error.details.state); // "frozen"
 * }
 * ```
 */
export class AaveReserveUnavailableError extends SdkError<"AAVE_RESERVE_UNAVAILABLE"> {
  override readonly name: string = "AaveReserveUnavailableError";

  constructor(parameters: {
    operation: LendingOperation;
    token: string;
    state: "not listed" | "inactive" | "paused" | "frozen" | "borrowing disabled";
  }) {
    const { operation, token, state } = parameters;
    super({
      code: "AAVE_RESERVE_UNAVAILABLE",
      message: `Cannot ${operation} ${token} on Aave v3: the reserve is ${state} on chain. Try again later or use another reserve.`,
      details: { operation, token, state },
    });
  }
}

/**
 * A read of the Aave v3 contracts failed or returned data of the wrong shape (a revert, no contract at the
 * address on this RPC's chain, a result of the wrong length). Names the contract and function.
 *
 * @example
 * ```ts
 * import { AaveReadError } from "@preflow/core";
 *
 * try {
 *   await client.aave.getPositions(owner);
 * } catch (error) {
 *   if (error instanceof AaveReadError) console.error(error.details.functionName, error.details.reason);
 * }
 * ```
 */
export class AaveReadError extends SdkError<"AAVE_READ_FAILED"> {
  override readonly name: string = "AaveReadError";

  constructor(parameters: { contract: string; functionName: string; reason: string }) {
    const { contract, functionName } = parameters;
    const reason = redactSecrets(parameters.reason);
    super({
      code: "AAVE_READ_FAILED",
      message: `Reading ${functionName} on ${contract} failed: ${reason}. Check that rpcUrl serves Celo mainnet (42220).`,
      details: { contract, functionName, reason },
    });
  }
}

/**
 * The operation would take the account's health factor below the floor (1.0 for a withdrawal, where Aave
 * itself reverts; the caller's floor, default 1.1, for a borrow). `details.healthFactor` is the estimate after the
 * operation, `details.current` the health factor now (`null`: no debt), both decimal strings. Nothing was prepared.
 *
 * @example
 * ```ts
 * import { HealthFactorTooLowError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareBorrow(from, "USDm", "700");
 * } catch (error) {
 *   if (error instanceof HealthFactorTooLowError) console.error(error.details.healthFactor, error.details.floor);
 * }
 * ```
 */
export class HealthFactorTooLowError extends SdkError<"HEALTH_FACTOR_TOO_LOW"> {
  override readonly name: string = "HealthFactorTooLowError";

  constructor(parameters: {
    operation: "withdraw" | "borrow";
    token: string;
    /** Human amount (`"max"` forms already resolved). */
    amount: string;
    /** Estimated health factor after the operation, decimal string. */
    healthFactor: string;
    /** The health factor now, decimal string, or `null` without debt. */
    current: string | null;
    /** The floor the estimate fell below, decimal string. */
    floor: string;
  }) {
    const { operation, token, amount, healthFactor, current, floor } = parameters;
    const now = current === null ? "no debt now" : `now ${shortDecimal(current)}`;
    super({
      code: "HEALTH_FACTOR_TOO_LOW",
      message: `Refused to ${operation} ${amount} ${token} on Aave v3: the health factor would fall to about ${shortDecimal(healthFactor)} (${now}), below the floor of ${floor}. ${operation === "borrow" ? "Borrow less or supply more collateral" : "Withdraw less or repay debt first"}.`,
      details: { operation, token, amount, healthFactor, current, floor },
    });
  }
}

/**
 * The borrow exceeds what the account's collateral allows now (`availableBorrowsBase` of Aave's
 * `getUserAccountData`). `details` names the available borrows in USD and in the token. Nothing was prepared.
 *
 * @example
 * ```ts
 * import { BorrowLimitExceededError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareBorrow(from, "USDm", "1000000");
 * } catch (error) {
 *   if (error instanceof BorrowLimitExceededError) console.error(error.details.availableInToken);
 * }
 * ```
 */
export class BorrowLimitExceededError extends SdkError<"BORROW_LIMIT_EXCEEDED"> {
  override readonly name: string = "BorrowLimitExceededError";

  constructor(parameters: {
    token: string;
    /** Human amount asked for. */
    amount: string;
    /** Available borrows in USD, decimal string (Aave's base currency, 8 decimals). */
    availableUsd: string;
    /** The same in the token at the oracle's price, rounded down, decimal string. */
    availableInToken: string;
  }) {
    const { token, amount, availableUsd, availableInToken } = parameters;
    super({
      code: "BORROW_LIMIT_EXCEEDED",
      message: `Refused to borrow ${amount} ${token} on Aave v3: the account can borrow at most ${availableUsd} USD now (about ${availableInToken} ${token}). Borrow less or supply more collateral.`,
      details: { token, amount, availableUsd, availableInToken },
    });
  }
}

/**
 * Nothing to withdraw (no supply of the token) or nothing to repay (no debt in the token). Nothing was prepared.
 *
 * @example
 * ```ts
 * import { NoLendingPositionError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareRepay(from, "USDm", "max");
 * } catch (error) {
 *   if (error instanceof NoLendingPositionError) console.error(error.details.operation); // "repay"
 * }
 * ```
 */
export class NoLendingPositionError extends SdkError<"NO_LENDING_POSITION"> {
  override readonly name: string = "NoLendingPositionError";

  constructor(parameters: { operation: "withdraw" | "repay"; token: string; owner: string }) {
    const { operation, token, owner } = parameters;
    const what =
      operation === "withdraw"
        ? `Nothing to withdraw: ${owner} has no ${token} supplied on Aave v3`
        : `Nothing to repay: ${owner} has no ${token} debt on Aave v3`;
    super({
      code: "NO_LENDING_POSITION",
      message: `${what}. Check the positions with client.aave.getPositions(owner).`,
      details: { operation, token, owner },
    });
  }
}

/**
 * The amount is more than the position: a withdrawal above the supplied balance (Aave would revert) or a
 * repayment above the debt. Pass `"max"` to withdraw everything or repay the whole debt. Nothing was prepared.
 *
 * @example
 * ```ts
 * import { AmountExceedsPositionError } from "@preflow/core";
 *
 * try {
 *   await client.aave.prepareWithdraw(from, "USDC", "1000");
 * } catch (error) {
 *   if (error instanceof AmountExceedsPositionError) console.error(error.details.positionFormatted);
 * }
 * ```
 */
export class AmountExceedsPositionError extends SdkError<"AMOUNT_EXCEEDS_POSITION"> {
  override readonly name: string = "AmountExceedsPositionError";

  constructor(parameters: {
    operation: "withdraw" | "repay";
    token: string;
    /** Base units. */
    amount: bigint;
    /** The supplied balance (withdraw) or the debt (repay), base units. */
    position: bigint;
    amountFormatted: string;
    positionFormatted: string;
  }) {
    const { operation, token, amount, position, amountFormatted, positionFormatted } = parameters;
    const what =
      operation === "withdraw"
        ? `Cannot withdraw ${amountFormatted} ${token}: ${positionFormatted} ${token} is supplied. Withdraw less, or pass "max" to withdraw everything`
        : `Cannot repay ${amountFormatted} ${token}: the debt is ${positionFormatted} ${token}. Repay less, or pass "max" to repay the whole debt`;
    super({
      code: "AMOUNT_EXCEEDS_POSITION",
      message: `${what}.`,
      details: {
        operation,
        token,
        amount: amount.toString(),
        position: position.toString(),
        amountFormatted,
        positionFormatted,
      },
    });
  }
}

/** `"1.234567890123456789"` → `"1.2345"` (messages only; details keep the full value). */
function shortDecimal(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  const cut = fraction.slice(0, 4).replace(/0+$/, "");
  return cut.length > 0 ? `${whole}.${cut}` : (whole ?? value);
}
