import { maxUint256 } from "viem";
import { InvalidArgumentError } from "../../errors/argument.js";

/**
 * A token id argument (ERC-721 / ERC-1155): a uint256 as a bigint, a non-negative safe integer or a decimal string
 * (up to 78 digits). Anything else is an `InvalidArgumentError` naming `field`; no I/O, no other error. @internal
 */
export function parseTokenId(value: unknown, field = "tokenId"): bigint {
  const rule = "must be a token id: an integer from 0 to 2^256 - 1 (bigint, number or decimal string)";
  let parsed: bigint | undefined;
  if (typeof value === "bigint") parsed = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === "string" && /^(0|[1-9][0-9]{0,77})$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > maxUint256)
    throw new InvalidArgumentError({ field, value, rule });
  return parsed;
}
