// Celo's fee rule, written once for the fee planner (planFee.ts: what a flow is signed with and what the account
// must hold) and the simulation (simulatePreparedFlowFee.ts: what a step costs and whether the node lets it run).
//
// A CIP-64 transaction paying in a fee currency: its gas is the step's gas plus the currency's intrinsic gas
// (`FeeCurrencyDirectory.getCurrencyConfig`); a CELO amount per gas is the currency's at the directory's rate
// (`getExchangeRate`: `celo x numerator / denominator`, rounded down); before the step runs, the node debits
// `gas x maxFeePerGas` (the pre-debit; the transaction is refused when the balance cannot cover it) and refunds
// what the step did not use. An adapter (USDC's, USD₮'s) works in 18 decimals and moves whole units of its token:
// `10^(18 - decimals)` of its units, each debit rounded up. A CELO transaction's pre-debit is
// `gas x maxFeePerGas + value`. @internal

/** The directory's rate of a fee currency: currency amount (18 decimals) = CELO amount x numerator / denominator. */
export interface FeeCurrencyRate {
  numerator: bigint;
  denominator: bigint;
}

/** A CELO amount (wei, or wei per gas) in the fee currency's 18-decimal units, as the node converts it. */
export function toFeeCurrency(celo: bigint, rate: FeeCurrencyRate): bigint {
  return (celo * rate.numerator) / rate.denominator;
}

/** The fee currency's units in one base unit of its token: `10^(18 - decimals)` (1 for an 18-decimal token). */
export function feeUnitOf(decimals: number): bigint {
  return 10n ** BigInt(18 - decimals);
}

/** An amount in the fee currency's 18-decimal units as the token's base units, rounded up as the node debits. */
export function toTokenUnits(amount: bigint, unit: bigint): bigint {
  return (amount + unit - 1n) / unit;
}

/**
 * What the node debits from the paying balance before a step runs (the pre-debit), in the token's base units:
 * `gas x maxFeePerGas` (rounded up to whole units), plus the CELO the step sends when CELO pays.
 */
export function preDebitOf(input: {
  gas: bigint;
  maxFeePerGas: bigint;
  unit?: bigint;
  value?: bigint;
}): bigint {
  return toTokenUnits(input.gas * input.maxFeePerGas, input.unit ?? 1n) + (input.value ?? 0n);
}

/**
 * Gas limit over the simulated `gasUsed`: 40 %. `gasUsed` is after refunds, which EIP-3529 caps at a fifth of the
 * gas spent (the limit must cover the gas before refunds: up to 25 % more), plus 1/64 kept back at each nested
 * call (EIP-150) and the state moving before the step lands (the executor measured 3 % on an Aave withdraw).
 * A larger limit raises only `max`: unused gas is credited back.
 */
const GAS_HEADROOM_PERCENT = 140n;

/** The gas limit preflow signs a step with, from the gas it used when simulated (rounded up). */
export function gasLimitOf(gasUsed: bigint): bigint {
  return (gasUsed * GAS_HEADROOM_PERCENT + 99n) / 100n;
}

/** EIP-2028 calldata gas: 4 per zero byte, 16 per other byte. */
export function calldataGas(data: `0x${string}`): bigint {
  let gas = 0n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === "00" ? 4n : 16n;
  return gas;
}

/** maxFeePerGas = 2 x base fee + tip (the base fee can rise 12.5 % a block). */
const BASE_FEE_MULTIPLIER = 2n;

/** The fee caps preflow signs a step with, from the base fee and tip per gas (both in the paying currency). */
export function signedFeeCaps(
  baseFee: bigint,
  tip: bigint,
): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  return { maxFeePerGas: BASE_FEE_MULTIPLIER * baseFee + tip, maxPriorityFeePerGas: tip };
}
