import { InvalidArgumentError } from "../../errors/argument.js";

/**
 * A block number argument: a non-negative bigint, a non-negative safe integer or a decimal string (up to 20
 * digits); anything else is an `InvalidArgumentError` naming `field`. No I/O, never anything but that error. @internal
 */
export function parseBlockNumber(value: unknown, field: string): bigint {
  const rule = "must be a block number: a non-negative integer (bigint, number or decimal string)";
  if (typeof value === "bigint") {
    if (value < 0n || value >= 2n ** 64n) throw new InvalidArgumentError({ field, value, rule });
    return value;
  }
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) throw new InvalidArgumentError({ field, value, rule });
    return BigInt(value);
  }
  if (typeof value === "string" && /^(0|[1-9][0-9]{0,19})$/.test(value)) {
    const parsed = BigInt(value);
    if (parsed < 2n ** 64n) return parsed;
  }
  throw new InvalidArgumentError({ field, value, rule });
}
