import { type Address, getAddress, isAddress, zeroAddress } from "viem";
import { InvalidAddressError } from "../errors/address.js";

/**
 * Checks that `value` is an address (`0x` + 40 hex; a mixed-case value must have a valid EIP-55 checksum)
 * and returns it checksummed. Throws {@link InvalidAddressError} naming `field`.
 * @internal
 */
export function parseAddress(value: unknown, field: string, options: { allowZero?: boolean } = {}): Address {
  if (typeof value !== "string")
    throw new InvalidAddressError(field, value, `not a string (${value === null ? "null" : typeof value})`);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new InvalidAddressError(field, value);
  if (!isAddress(value)) throw new InvalidAddressError(field, value, "wrong EIP-55 checksum (a typo?)");
  const address = getAddress(value);
  if (options.allowZero === false && address === zeroAddress) {
    throw new InvalidAddressError(field, value, "the zero address (funds sent there are lost)");
  }
  return address;
}
