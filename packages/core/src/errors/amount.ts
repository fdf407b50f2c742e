import { describeValue, SdkError } from "./base.js";

/**
 * Parameters of {@link InvalidAmountError}.
 *
 * @example
 * ```ts
 * throw new InvalidAmountError({ field: "amount", value: "-1", rule: "is negative", token: "USDm", decimals: 18 });
 * ```
 */
export interface InvalidAmountErrorParameters {
  /** The argument at fault, e.g. `"amount"` or `"approvals[0].amount"`. */
  field: string;
  value: unknown;
  /** The rule broken, e.g. `"more than 6 fraction digits"`. */
  rule: string;
  /** Token symbol, when known. */
  token?: string;
  /** Token decimals, when known. */
  decimals?: number;
}

/**
 * An amount is not a valid positive decimal string for its token: negative, zero, not a number, in
 * exponent notation, with more fraction digits than the token's decimals, or beyond uint256.
 *
 * @example
 * ```ts
 * import { InvalidAmountError } from "@preflow/core";
 *
 * try {
 *   await client.transaction.prepareSend(from, to, "USDC", "0.0000001");
 * } catch (error) {
 *   if (error instanceof InvalidAmountError) console.error(error.details.rule); // "more than 6 fraction digits..."
 * }
 * ```
 */
export class InvalidAmountError extends SdkError<"INVALID_AMOUNT"> {
  override readonly name: string = "InvalidAmountError";

  constructor(parameters: InvalidAmountErrorParameters) {
    const { field, value, rule, token, decimals } = parameters;
    const of = token ? ` of ${token}` : "";
    super({
      code: "INVALID_AMOUNT",
      message: `Invalid amount \`${field}\`${of} (got ${describeValue(value)}): ${rule}. Pass a plain decimal string such as "1.5".`,
      details: {
        field,
        value: describeValue(value),
        rule,
        ...(token === undefined ? {} : { token }),
        ...(decimals === undefined ? {} : { decimals }),
      },
    });
  }
}

/**
 * Parameters of {@link InsufficientBalanceError}.
 *
 * @example
 * ```ts
 * throw new InsufficientBalanceError({
 *   owner, token: "USDm", have: 1n, need: 2n, haveFormatted: "0.000000000000000001", needFormatted: "0.000000000000000002",
 * });
 * ```
 */
export interface InsufficientBalanceErrorParameters {
  owner: string;
  token: string;
  /** Balance in base units. */
  have: bigint;
  /** Needed amount in base units. */
  need: bigint;
  /** Human forms of `have` and `need`. */
  haveFormatted: string;
  needFormatted: string;
  /**
   * When `"auto"` found no currency that can pay the fee: each currency it could choose, with what the account
   * holds and needs of it (`need` absent: not a registered fee currency on this chain). The message then names
   * every one of them (and no other); `token`, `have` and `need` are the one nearest to paying.
   */
  candidates?: readonly FeeCandidateShortfall[] | undefined;
}

/** A currency `"auto"` could not pay the fee with: what the account holds and needs of it. */
export interface FeeCandidateShortfall {
  token: string;
  have: bigint;
  need: bigint | undefined;
  haveFormatted: string;
  needFormatted: string;
}

/**
 * The sender's balance is below the amount to send. `details` holds `have` and `need` (base units, as
 * decimal strings) and their human forms.
 *
 * @example
 * ```ts
 * import { InsufficientBalanceError } from "@preflow/core";
 *
 * try {
 *   await client.transaction.prepareSend(from, to, "USDm", "1000000");
 * } catch (error) {
 *   if (error instanceof InsufficientBalanceError) console.error(error.details.haveFormatted);
 * }
 * ```
 */
export class InsufficientBalanceError extends SdkError<"INSUFFICIENT_BALANCE"> {
  override readonly name: string = "InsufficientBalanceError";

  constructor(parameters: InsufficientBalanceErrorParameters) {
    const { owner, token, have, need, haveFormatted, needFormatted, candidates } = parameters;
    const each = (c: FeeCandidateShortfall) =>
      c.need === undefined
        ? `${c.token}: ${c.needFormatted}`
        : `${c.token}: have ${c.haveFormatted} ${c.token}, need ${c.needFormatted} ${c.token}`;
    super({
      code: "INSUFFICIENT_BALANCE",
      message: candidates
        ? `No fee currency among ${candidates.map((c) => c.token).join(", ")} can pay the network fee of ${owner}: ${candidates.map(each).join("; ")}. Fund the account with one of them or lower the amount.`
        : `Insufficient ${token} balance of ${owner}: have ${haveFormatted} ${token}, need ${needFormatted} ${token}. Fund the account or lower the amount.`,
      details: {
        owner,
        token,
        have: have.toString(),
        need: need.toString(),
        haveFormatted,
        needFormatted,
        ...(candidates
          ? {
              candidates: candidates.map((c) => ({
                token: c.token,
                have: c.have.toString(),
                ...(c.need === undefined ? {} : { need: c.need.toString() }),
                haveFormatted: c.haveFormatted,
                needFormatted: c.needFormatted,
              })),
            }
          : {}),
      },
    });
  }
}
