// The fee of a flow paid in a fee currency: its own module, imported by the flow types without loading the planner.
import type { Address } from "viem";

/**
 * The fee of a flow paid in a fee currency (amounts in the paying token's base units, decimal strings).
 *
 * Per step: `gas`, `maxFeePerGas` and `maxPriorityFeePerGas` are what EVERY step of the flow is signed with
 * (`toTransactionRequest(step, flow.fee)`; `gas` is the largest step's need, so a smaller step leaves gas unused,
 * which is not charged). Per flow: `estimated` and `max` add up all the steps.
 *
 * @example
 * ```ts
 * import type { FlowFee } from "@preflow/core";
 * const fee: FlowFee | undefined = flow.fee; // { currency: "USDC", feeCurrency: "0x2F25…", max: "2100", ... }
 * ```
 */
export interface FlowFee {
  /** The symbol of the token that pays. */
  currency: string;
  /** The address each step carries in `feeCurrency` (the adapter for USDC and USD₮). */
  feeCurrency: Address;
  /** Per step: the gas limit each step is signed with, the currency's intrinsic gas included. */
  gas: string;
  /** Per step: per gas, in the fee currency's 18-decimal units (what the transaction is signed with). */
  maxFeePerGas: string;
  /** Per step: the tip per gas, in the fee currency's 18-decimal units. */
  maxPriorityFeePerGas: string;
  /** Per flow: the expected fee of all the steps at the current base fee, in the token's base units. */
  estimated: string;
  /**
   * Per flow: the most all the steps can cost together (steps x `gas` x `maxFeePerGas`, each step rounded up to
   * whole token units as the node debits it), in the token's base units. The account must hold this much of the
   * token (besides what the flow spends of it): the node debits each step's maximum before running it.
   */
  max: string;
}
