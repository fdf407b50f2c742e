import { type ProtocolRefusalParameters, ProtocolRefusedError } from "../../errors/refusal.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * The error codes GoodDollar's actions add to `CoreErrorCode`.
 *
 * @example
 * ```ts
 * import type { GoodDollarErrorCode } from "@preflow/core";
 * const code: GoodDollarErrorCode = "GOODDOLLAR_REFUSED";
 * ```
 */
export type GoodDollarErrorCode = "GOODDOLLAR_REFUSED";

/** Every {@link GoodDollarErrorCode}, for the protocol definition. @internal */
export const GOODDOLLAR_ERROR_CODES = [
  "GOODDOLLAR_REFUSED",
] as const satisfies readonly GoodDollarErrorCode[];

/**
 * Why a GoodDollar action refused, read before anything was prepared:
 * - `not-whitelisted`: the address is not a verified GoodDollar identity (nor connected to one), so the
 *   UBIScheme would revert "UBIScheme: not whitelisted";
 * - `already-claimed`: the identity has claimed today's UBI (a second `claim()` would pay nothing);
 * - `claim-not-open`: the UBIScheme is paused or its first period has not started;
 * - `not-a-reserve-pair`: the reserve trades G$ against its stable (USDm) only;
 * - `no-reserve-quote`: the reserve did not quote the trade (its revert reason is in `details.revert`).
 *
 * @example
 * ```ts
 * import type { GoodDollarRefusal } from "@preflow/core";
 * const reason: GoodDollarRefusal = "already-claimed";
 * ```
 */
export type GoodDollarRefusal =
  | "not-whitelisted"
  | "already-claimed"
  | "claim-not-open"
  | "not-a-reserve-pair"
  | "no-reserve-quote";

/**
 * A GoodDollar action refused what it was asked, before any transaction was built (nothing was prepared or
 * sent): `details.operation` (`"claim"`, `"reserve swap"`, `"reserve quote"`), `details.reason` (a
 * {@link GoodDollarRefusal}) and what was read (`account`, `whitelistedRoot`, `day`, ...).
 *
 * @example
 * ```ts
 * import { GoodDollarRefusedError } from "@preflow/core";
 *
 * try {
 *   await client.goodDollar.prepareClaim(from);
 * } catch (error) {
 *   if (error instanceof GoodDollarRefusedError && error.details.reason === "already-claimed") console.log("come back tomorrow");
 * }
 * ```
 */
export class GoodDollarRefusedError extends ProtocolRefusedError<"GOODDOLLAR_REFUSED", GoodDollarRefusal> {
  override readonly name: string = "GoodDollarRefusedError";

  constructor(parameters: ProtocolRefusalParameters<GoodDollarRefusal>) {
    super("GOODDOLLAR_REFUSED", `prepare a GoodDollar ${parameters.operation}`, parameters);
  }
}

/**
 * GoodDollar's revert strings explained: the UBIScheme's and Identity's, and those of the Mento Broker and
 * Bancor exchange provider of its reserve. @internal
 */
export const goodDollarRevertErrors: ProtocolRevertErrors = {
  messages: {
    "UBIScheme: not whitelisted":
      "the address is not a whitelisted GoodDollar identity: it must be verified before it can claim UBI",
    "not in periodStarted or paused": "GoodDollar's UBIScheme is paused or its claim period has not started",
    "claim transfer failed": "the UBIScheme could not pay the claim (its G$ pool is short)",
    "ExchangeProvider does not exist": "the Broker does not know that exchange provider",
    "amountOutMin not met": "the reserve would pay less than the minimum output (the price moved)",
    "amountInMax exceeded": "the reserve would take more than the maximum input (the price moved)",
    "Exchange does not exist": "the reserve has no exchange with that id",
    "tokenIn and tokenOut must match exchange": "the reserve's exchange trades G$ against its stable only",
  },
};
