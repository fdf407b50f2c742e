import { describeValue, SdkError } from "./base.js";

/**
 * A value that should be an address is not one: not `0x` + 40 hex digits, or mixed-case with a wrong
 * EIP-55 checksum (often a typo).
 *
 * @example
 * ```ts
 * import { InvalidAddressError } from "@preflow/core";
 *
 * try {
 *   await client.token.getBalance("0x123", "USDm");
 * } catch (error) {
 *   if (error instanceof InvalidAddressError) console.error(error.details.field); // "owner"
 * }
 * ```
 */
export class InvalidAddressError extends SdkError<"INVALID_ADDRESS"> {
  override readonly name: string = "InvalidAddressError";

  constructor(parameters: {
    /** The argument at fault, e.g. `"owner"`. */
    field: string;
    value: unknown;
    /** What is wrong; default "not an address (0x followed by 40 hex digits)". */
    reason?: string;
  }) {
    const { field, value, reason = "not an address (0x followed by 40 hex digits)" } = parameters;
    super({
      code: "INVALID_ADDRESS",
      message: `Invalid address for \`${field}\` (got ${describeValue(value)}): ${reason}. Pass a 0x-prefixed 20-byte address, checksummed or all lowercase.`,
      details: { field, value: describeValue(value), reason },
    });
  }
}
