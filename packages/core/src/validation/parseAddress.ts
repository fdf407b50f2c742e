import { rejectUnknownKeys } from "@preflow/errors";
import { type Address, getAddress, isAddress, zeroAddress } from "viem";
import { InvalidAddressError } from "../errors/address.js";

/**
 * Options of {@link parseAddress}.
 *
 * @example
 * ```ts
 * import type { ParseAddressOptions } from "@preflow/core";
 * const options: ParseAddressOptions = { allowZero: false };
 * ```
 */
export interface ParseAddressOptions {
  /** `false` refuses the zero address (a recipient, a spender). Default `true`. */
  allowZero?: boolean;
}

/**
 * Checks that `value` is an address (`0x` + 40 hex; a mixed-case value must have a valid EIP-55 checksum) and
 * returns it checksummed: the input check of every preflow action, for new groups of actions. No I/O.
 *
 * @param value - Anything.
 * @param field - The argument's name for the error (`"to"`, `"approvals[0].spender"`).
 * @param options - {@link ParseAddressOptions}.
 * @returns The checksummed address.
 * @throws {InvalidAddressError} naming `field`, the value and the rule.
 *
 * @example
 * ```ts
 * import { parseAddress } from "@preflow/core";
 * parseAddress("0x765de816845861e75a25fca122bb6898b8b1282a", "token"); // "0x765DE816845861e75A25fCA122bb6898B8B1282a"
 * parseAddress("0x0000000000000000000000000000000000000000", "to", { allowZero: false }); // throws InvalidAddressError
 * ```
 */
export function parseAddress(value: unknown, field: string, options: ParseAddressOptions = {}): Address {
  rejectUnknownKeys(options, "options", ["allowZero"]);
  if (typeof value !== "string") {
    throw new InvalidAddressError({
      field,
      value,
      reason: `not a string (${value === null ? "null" : typeof value})`,
    });
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new InvalidAddressError({ field, value });
  if (!isAddress(value))
    throw new InvalidAddressError({ field, value, reason: "wrong EIP-55 checksum (a typo?)" });
  const address = getAddress(value);
  if (options.allowZero === false && address === zeroAddress) {
    throw new InvalidAddressError({ field, value, reason: "the zero address (funds sent there are lost)" });
  }
  return address;
}
