import { InvalidArgumentError } from "../errors/argument.js";

/**
 * Checks that `value` is an integer in `min`…`max` (a number of `unit`: `"basis points"`, `"seconds"`), or throws
 * an `InvalidArgumentError` naming `field`, the value and the rule. @internal
 */
export function parseBoundedInteger(
  value: unknown,
  field: string,
  min: number,
  max: number,
  unit: string,
): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError({
      field,
      value,
      rule: `must be an integer number of ${unit} in ${min}…${max}`,
    });
  }
  return value;
}
