// The fee lines of formatPreparedFlow: CELO's wording for flows paying in CELO, "Fee ≈ 0.0021 USDC" (estimated,
// with the maximum) for flows paying in a fee currency, "Fee: sponsored" for flows a gas sponsor pays. Pure. @internal
import type { SimulationFee } from "../actions/transaction/simulatePreparedFlowTypes.js";
import { formatAmount } from "../amounts/formatAmount.js";
import { TOKENS } from "../tokens/registry.js";
import type { SerializedPreparedFlow } from "./types.js";

/** A flow's fee when gas is paid in a fee currency. */
type FlowFee = NonNullable<SerializedPreparedFlow["fee"]>;

/** Decimals of a flow fee's paying token (`fee.currency` is its registry symbol). */
function decimalsOf(fee: FlowFee): number | undefined {
  return Object.values(TOKENS).find((token) => token.symbol === fee.currency)?.decimals;
}

function amountOf(value: string, fee: FlowFee): string {
  const decimals = decimalsOf(fee);
  return decimals === undefined
    ? `${value} base units of ${fee.currency}`
    : `${formatAmount(BigInt(value), decimals)} ${fee.currency}`;
}

/**
 * The fee line of a prepared flow paying in a fee currency, before simulation:
 * `Fee ≈ 0.0021 USDC (estimated; at most 0.0042 USDC), gas paid in USDC through fee currency 0x2F25…`.
 */
export function describeFlowFee(fee: FlowFee): string {
  return `Fee ≈ ${amountOf(fee.estimated, fee)} (estimated; at most ${amountOf(fee.max, fee)}), gas paid in ${fee.currency} through fee currency ${fee.feeCurrency}`;
}

/**
 * The fee line of a simulation: CELO's wording when CELO pays; otherwise the fee in the paying currency only
 * (the CELO base fee it was converted from is an implementation detail the payer never meets):
 * `Fee ≈ 0.001418 USDC (simulated: 106,000 gas, tip included; at most 0.0042 USDC), gas paid in USDC through fee
 * currency 0x2F25…` (the maximum from the flow's `fee` when it pays in the same currency).
 */
export function describeSimulatedFee(fee: SimulationFee, flowFee: FlowFee | undefined): string {
  // a simulation from an older preflow has no `feeCurrency`: CELO
  if (!fee.feeCurrency) {
    const gwei = formatAmount(BigInt(fee.baseFeePerGas), 9);
    return `Fee: ${grouped(fee.gasUsed)} gas ≈ ${fee.formatted} CELO at base fee ${gwei} gwei (plus any priority fee)`;
  }
  const shown =
    fee.decimals === null ? `${fee.cost} base units of ${fee.currency}` : `${fee.formatted} ${fee.currency}`;
  const max =
    flowFee && flowFee.feeCurrency.toLowerCase() === fee.feeCurrency.toLowerCase()
      ? `; at most ${amountOf(flowFee.max, flowFee)}`
      : "";
  return `Fee ≈ ${shown} (simulated: ${grouped(fee.gasUsed)} gas, tip included${max}), gas paid in ${fee.currency} through fee currency ${fee.feeCurrency}`;
}

/** The fee line of a flow whose gas a sponsor pays (a paymaster): no amount, since the account pays none. */
export const SPONSORED_FEE_LINE = "Fee: sponsored (a gas sponsor pays it; the account pays no fee)";

export function grouped(value: string): string {
  return value.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
