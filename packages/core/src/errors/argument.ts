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
 * ```
 */
export class InvalidArgumentError extends SdkError {
  override readonly name: string = "InvalidArgumentError";

  constructor(field: string, value: unknown, rule: string) {
    super({
      code: "INVALID_ARGUMENT",
      message: `Invalid \`${field}\` (got ${describeValue(value)}): ${rule}.`,
      details: { field, value: describeValue(value), rule },
    });
  }
}
