import { rejectUnknownKeys } from "@preflow/errors";
import { InvalidArgumentError } from "../../errors/argument.js";
import { parseBoundedInteger } from "../../validation/parseBoundedInteger.js";

/**
 * Parameters of {@link computeMinAmountOut}.
 *
 * @example
 * ```ts
 * import type { ComputeMinAmountOutParameters } from "@preflow/core";
 * const parameters: ComputeMinAmountOutParameters = { amountOut: 100_000_000n, slippageBps: 50 };
 * ```
 */
export interface ComputeMinAmountOutParameters {
  /** The quoted output, base units. */
  amountOut: bigint;
  /** The tolerated slippage in basis points, an integer in 0…10000 (`50` = 0.5 %). */
  slippageBps: number;
}

/**
 * The least output a swap accepts: `floor(amountOut × (10000 − slippageBps) / 10000)`, exact integer arithmetic
 * (rounding down, so the minimum never exceeds what the tolerance allows). Pure; no I/O.
 *
 * @param parameters - {@link ComputeMinAmountOutParameters}.
 * @returns The minimum output, base units.
 * @throws {InvalidArgumentError} `amountOut` is not a non-negative bigint or `slippageBps` not an integer in 0…10000.
 *
 * @example
 * ```ts
 * import { computeMinAmountOut } from "@preflow/core";
 * computeMinAmountOut({ amountOut: 99_990_000n, slippageBps: 50 }); // 99_490_050n
 * computeMinAmountOut({ amountOut: 199n, slippageBps: 50 }); // 198n (198.005 rounded down)
 * ```
 */
export function computeMinAmountOut(parameters: ComputeMinAmountOutParameters): bigint {
  rejectUnknownKeys(parameters, "parameters", ["amountOut", "slippageBps"]);
  const { amountOut, slippageBps } = parameters;
  if (typeof amountOut !== "bigint" || amountOut < 0n) {
    throw new InvalidArgumentError({
      field: "amountOut",
      value: amountOut,
      rule: "must be a non-negative bigint",
    });
  }
  parseBoundedInteger(slippageBps, "slippageBps", 0, 10_000, "basis points");
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n;
}
