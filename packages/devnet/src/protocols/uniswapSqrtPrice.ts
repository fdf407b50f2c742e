// The pool price Uniswap v3 and v4 are initialised with (the devnet's v3 and v4 seeds share it): sqrtPriceX96 =
// sqrt(currency1 base units per currency0 base unit) · 2^96, from a price of the base token in the quote token.

/**
 * `sqrtPriceX96` of a pool whose base token trades at `priceScaled` (18-decimal fixed point) quote tokens.
 * `baseIsCurrency0`: whether the base token sorts first (token0 / currency0). Build time only.
 */
export function sqrtPriceX96Of(parameters: {
  baseIsCurrency0: boolean;
  priceScaled: bigint;
  baseDecimals: number;
  quoteDecimals: number;
}): bigint {
  const { baseIsCurrency0, priceScaled, baseDecimals, quoteDecimals } = parameters;
  const quoteUnits = priceScaled * 10n ** BigInt(quoteDecimals);
  const baseUnits = 10n ** 18n * 10n ** BigInt(baseDecimals);
  const [numerator, denominator] = baseIsCurrency0 ? [quoteUnits, baseUnits] : [baseUnits, quoteUnits];
  return integerSqrt((numerator << 192n) / denominator);
}

/** The integer square root (floor) of a non-negative bigint, by Newton's method. */
export function integerSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}
