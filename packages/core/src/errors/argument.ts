import { describeValue, SdkError } from "./base.js";

/**
 * An argument of an operation has the wrong type or shape (a hash that is not 32 bytes, a token list that
 * is not an array...). More specific classes exist for addresses, amounts, tokens and contract calls.
 *
 * @example
 * ```ts
 * import { InvalidArgumentError } from "@preflow/core";
 *
 * try {
 *   await client.blockchain.getTransaction("0x1234");
 * } catch (error) {
 *   if (error instanceof InvalidArgumentError) console.error(error.details.field); // "hash"
 * }
 * // thrown by your own validation, with the same shape:
 * throw new InvalidArgumentError({ field: "slippageBps", value: 9000, rule: "must be between 0 and 5000" });
 * ```
 */
export class InvalidArgumentError extends SdkError<"INVALID_ARGUMENT"> {
  override readonly name: string = "InvalidArgumentError";

  constructor(parameters: { field: string; value: unknown; rule: string }) {
    const { field, value, rule } = parameters;
    super({
      code: "INVALID_ARGUMENT",
      message: `Invalid \`${field}\` (got ${describeValue(value)}): ${rule}.`,
      details: { field, value: describeValue(value), rule },
    });
  }
}
