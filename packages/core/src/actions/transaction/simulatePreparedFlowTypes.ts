// The types of simulatePreparedFlow, apart from its code so that its parts (requests, effects) import them without a
// cycle back to the action.
import type { Address } from "viem";
import type { CHAIN_ID } from "../../chain.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import type { ChainMismatchError } from "../../errors/chain.js";
import type { InvalidFeeCurrencyError } from "../../errors/feeCurrency.js";
import type { InvalidPreparedFlowError } from "../../errors/preparedFlow.js";
import type { RequestAbortedError, RpcError, RpcRateLimitedError } from "../../errors/rpc.js";
import type { SimulationUnsupportedError } from "../../errors/simulation.js";
import type { FeeCurrencyInput } from "../../fees/feeCurrencies.js";
import type { ClientOrPreflowClient } from "../../rpc/createRpc.js";
import type { RevertReason } from "./decodeRevertReason.js";

/**
 * What the simulation says of one step:
 * - `success`: it ran and did not revert;
 * - `reverted`: it ran and reverted (see `revertReason`); no later step is run;
 * - `refused`: the node would not run it: the account cannot pay its fee (see `refusal`); no later step is run;
 * - `not-run`: an earlier step reverted or was refused, so an executor would stop before it.
 *
 * @example
 * ```ts
 * import type { SimulatedStepStatus } from "@preflow/core";
 * const ok = (status: SimulatedStepStatus) => status === "success";
 * ```
 */
export type SimulatedStepStatus = "success" | "reverted" | "refused" | "not-run";

/**
 * Why the node would refuse a step before running it (`refused`): the node debits the fee's maximum
 * (`gas x maxFeePerGas`, in CELO or the fee currency that pays) before a step runs, and refuses a transaction whose
 * account cannot cover it. `need` is that pre-debit with the flow's signed caps (`flow.fee`), else the least any
 * signer can set (the step's gas at the current base fee), plus, in CELO, the CELO the step sends; `have` is the
 * paying balance after the earlier steps and their fees.
 *
 * @example
 * ```ts
 * import type { SimulatedStepRefusal } from "@preflow/core";
 * const refusal: SimulatedStepRefusal = {
 *   reason: "insufficient-fee-balance", currency: "CELO", token: "0x471EcE3750Da237f93B8E339c536989b8978a438",
 *   have: { value: "0", formatted: "0" }, need: { value: "1302000000000000", formatted: "0.001302" },
 *   message: "the account holds 0 CELO and the node debits at least 0.001302 CELO (the fee's maximum) before this step runs",
 * };
 * ```
 */
export interface SimulatedStepRefusal {
  /** The only reason so far: the paying balance cannot cover the fee's pre-debit. */
  reason: "insufficient-fee-balance";
  /** The paying token's symbol (`"CELO"`, `"USDC"`), its address when preflow does not list it. */
  currency: string;
  /** The paying token (CELO: `0x471E…a438`; a fee currency's token, not its adapter). */
  token: Address;
  /** The paying balance before the step. */
  have: SimulatedAmount;
  /** What the node debits before the step runs. */
  need: SimulatedAmount;
  /** One readable line. */
  message: string;
}

/**
 * One step of a simulation. JSON-safe.
 *
 * @example
 * ```ts
 * import type { SimulatedStep } from "@preflow/core";
 * const step: SimulatedStep = { index: 0, description: "Lock 50 CELO", to: "0x6cC083Aed9e3ebe302A6336dBC7c921C9f03349E", status: "success", gasUsed: "46323", effects: ["locks 50 CELO"] };
 * ```
 */
export interface SimulatedStep {
  index: number;
  description: string;
  to: Address;
  status: SimulatedStepStatus;
  /** Gas the step used (decimal string; a reverted step's gas too), `null` when refused or not run. */
  gasUsed: string | null;
  /** Why it reverted (`reverted` only). */
  revertReason?: RevertReason;
  /** Why the node would not run it (`refused` only). */
  refusal?: SimulatedStepRefusal;
  /**
   * What it did in words, from its logs, by the registered protocols (`ProtocolSimulation.describeLogs`):
   * `["locks 50 CELO"]`, `["votes 30 CELO for Group A (0x…)"]`; `[]` when no protocol describes it (ERC-20 moves
   * are in `balanceChanges`) or it did not run.
   */
  effects: string[];
}

/**
 * The net change of one address's balance of one token over the steps that ran. CELO is one token: its native
 * moves and its ERC-20 `Transfer` events at `0x471E…a438` are the same balance and are counted once.
 *
 * @example
 * ```ts
 * import type { SimulatedBalanceChange } from "@preflow/core";
 * const change: SimulatedBalanceChange = {
 *   address: "0x1111111111111111111111111111111111111111",
 *   token: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   symbol: "USDm",
 *   decimals: 18,
 *   delta: "-7000000000000000000",
 *   formatted: "-7",
 * };
 * ```
 */
export interface SimulatedBalanceChange {
  /** Whose balance. */
  address: Address;
  /** The token contract (CELO: `0x471EcE3750Da237f93B8E339c536989b8978a438`, native value included). */
  token: Address;
  /** The registry symbol, `null` for a token preflow does not list. */
  symbol: string | null;
  decimals: number | null;
  /** Signed base units, decimal string (`"-7000000000000000000"`). */
  delta: string;
  /** Signed human amount (`"-7"`), `null` when the decimals are unknown. */
  formatted: string | null;
}

/**
 * An amount with its human form.
 *
 * @example
 * ```ts
 * import type { SimulatedAmount } from "@preflow/core";
 * const amount: SimulatedAmount = { value: "7000000000000000000", formatted: "7" };
 * ```
 */
export interface SimulatedAmount {
  /** Base units, decimal string. */
  value: string;
  /** Human amount; `"unlimited"` for max uint256; `null` when the decimals are unknown. */
  formatted: string | null;
}

/**
 * An allowance the flow sets or touches: `before` and `after` the steps that ran. Pairs approved by a step are read
 * on the simulated state before the first step and after each step (exact); pairs seen only in an `Approval` event
 * have `before: null` and `after` from the last event.
 *
 * @example
 * ```ts
 * import type { SimulatedAllowanceChange } from "@preflow/core";
 * const change: SimulatedAllowanceChange = {
 *   token: "0x765DE816845861e75A25fCA122bb6898B8B1282a", symbol: "USDm",
 *   owner: "0x1111111111111111111111111111111111111111", spender: "0x00000000000000000000000000000000de7A0017",
 *   before: { value: "0", formatted: "0" }, after: { value: "0", formatted: "0" },
 * };
 * ```
 */
export interface SimulatedAllowanceChange {
  token: Address;
  symbol: string | null;
  owner: Address;
  spender: Address;
  before: SimulatedAmount | null;
  after: SimulatedAmount;
}

/**
 * The gas of the steps that ran and what it costs, in the currency that pays it: CELO (`gasUsed x baseFeePerGas`,
 * a priority fee on top), or the CIP-64 fee currency of the flow (`flow.fee`, every step's `feeCurrency`) or of
 * the `feeCurrency` option, computed as Celo's node settles it (see {@link simulatePreparedFlow}).
 *
 * @example
 * ```ts
 * import type { SimulationFee } from "@preflow/core";
 * const inCelo: SimulationFee = {
 *   currency: "CELO", token: "0x471EcE3750Da237f93B8E339c536989b8978a438", decimals: 18, feeCurrency: null,
 *   gasUsed: "98000", baseFeePerGas: "25000000000", cost: "2450000000000000", formatted: "0.00245",
 * };
 * const inUsdc: SimulationFee = {
 *   currency: "USDC", token: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C", decimals: 6,
 *   feeCurrency: "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B",
 *   gasUsed: "106000", baseFeePerGas: "25000000000", cost: "1418", formatted: "0.001418",
 *   currencyFee: { intrinsicGas: "50000", rate: { numerator: "500000000000000000000000", denominator: "1000000000000000000000000" }, baseFeePerGas: "12500000000", tipPerGas: "500000000" },
 * };
 * ```
 */
export interface SimulationFee {
  /** Who pays: `"CELO"`, or the paying token's registry symbol (its address when preflow does not list it). */
  currency: string;
  /** The token that pays (CELO: `0x471E…a438`; for USDC and USD₮ the token, not the adapter). */
  token: Address;
  /** The paying token's decimals (`null` when neither the registry nor the chain says). */
  decimals: number | null;
  /** The CIP-64 fee currency (the adapter for USDC and USD₮), `null` when CELO pays. */
  feeCurrency: Address | null;
  /** Gas of the steps that ran (decimal string), plus the fee currency's intrinsic gas per step when one pays. */
  gasUsed: string;
  /** The CELO base fee of the next block, wei (decimal string). */
  baseFeePerGas: string;
  /**
   * The fee in the paying token's base units (decimal string): CELO `gasUsed x baseFeePerGas` (wei; a priority
   * fee comes on top); a fee currency's debit with its tip, as the node settles it.
   */
  cost: string;
  /** `cost` in the paying token (`"0.001418"`); `cost` again when `decimals` is `null`. */
  formatted: string;
  /** How a fee-currency fee was computed (absent for CELO). */
  currencyFee?: {
    /** Added to each step's gas (`FeeCurrencyDirectory.getCurrencyConfig`). */
    intrinsicGas: string;
    /** Currency amount (18 decimals) = CELO amount x numerator / denominator (`getExchangeRate`). */
    rate: { numerator: string; denominator: string };
    /** The base fee per gas in the currency (18 decimals), capped by the flow's `maxFeePerGas`. */
    baseFeePerGas: string;
    /** The tip per gas in the currency (18 decimals). */
    tipPerGas: string;
  };
}

/**
 * The result of {@link simulatePreparedFlow}. JSON-safe (integers as decimal strings).
 *
 * @example
 * ```ts
 * import type { SimulatePreparedFlowReturnType } from "@preflow/core";
 *
 * function mine(simulation: SimulatePreparedFlowReturnType) {
 *   return simulation.balanceChanges.filter((change) => change.address === simulation.account);
 * }
 * ```
 */
export interface SimulatePreparedFlowReturnType {
  /** Every step succeeded. */
  success: boolean;
  chainId: typeof CHAIN_ID;
  /** The account the steps ran as (`as`, else the flow's `from`). */
  account: Address;
  /** The block whose state the steps ran on (the latest), decimal string. */
  blockNumber: string;
  /** Index of the step that reverted or was refused, `null` on success. */
  failedStep: number | null;
  steps: SimulatedStep[];
  /** Net non-zero changes, the account's first, then in the order they appear (not the zero address of mints and burns). */
  balanceChanges: SimulatedBalanceChange[];
  allowanceChanges: SimulatedAllowanceChange[];
  fee: SimulationFee;
}

/**
 * Parameters of {@link simulatePreparedFlow}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { SimulatePreparedFlowParameters } from "@preflow/core";
 * const parameters: SimulatePreparedFlowParameters = { flow, as: smartAccountAddress, signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface SimulatePreparedFlowParameters {
  /** The prepared flow, as an object or untrusted JSON value; validated with `parsePreparedFlow`. */
  flow: unknown;
  /**
   * Run the steps as this address instead of the flow's `from`: a smart account (preflow/aa runs a flow as the
   * account's calls). A counterfactual (not yet deployed) account works too: the calls run from its address.
   */
  as?: string | undefined;
  /**
   * Price the fee in this currency instead of the flow's own (`flow.fee`, else CELO): `"CELO"`, a token symbol
   * (`"USDm"`, `"USDC"`) or a fee-currency address. `"auto"` is refused (`InvalidFeeCurrencyError`): it is chosen
   * when preparing. The steps run the same; only the fee and the account's balance change of the paying token
   * differ.
   */
  feeCurrency?: FeeCurrencyInput | undefined;
  /** Stops waiting for the answer (`RequestAbortedError`). Nothing is ever sent. */
  signal?: AbortSignal | undefined;
}

/**
 * Errors {@link simulatePreparedFlow} throws. A revert is not an error: it is in the result.
 *
 * @example
 * ```ts
 * import type { SimulatePreparedFlowErrorType } from "@preflow/core";
 * const retryElsewhere = (error: SimulatePreparedFlowErrorType) => error.code === "SIMULATION_UNSUPPORTED";
 * ```
 */
export type SimulatePreparedFlowErrorType =
  | InvalidArgumentError
  | InvalidAddressError
  | InvalidPreparedFlowError
  | InvalidFeeCurrencyError
  | SimulationUnsupportedError
  | ChainMismatchError
  | RpcError
  | RpcRateLimitedError
  | RequestAbortedError;

/**
 * A client {@link simulatePreparedFlow} runs on: a preflow client (`createSdkClient()`, `createSdkBaseClient()`:
 * its `publicClient`), or any viem client on chain 42220 (one HTTP request when its transport batches; its chain
 * checked once per client).
 *
 * @example
 * ```ts
 * import type { SimulationClient } from "@preflow/core";
 * const client: SimulationClient = sdk.publicClient;
 * ```
 */
export type SimulationClient = ClientOrPreflowClient;
