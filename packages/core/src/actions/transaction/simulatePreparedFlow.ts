import { rejectUnknownKeys } from "@preflow/attribution";
import type { Address, Chain, Client, Transport } from "viem";
import type { CHAIN_ID } from "../../chain.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import type { ChainMismatchError } from "../../errors/chain.js";
import type { InvalidPreparedFlowError } from "../../errors/preparedFlow.js";
import { RequestAbortedError, RpcError } from "../../errors/rpc.js";
import type { SimulationUnsupportedError } from "../../errors/simulation.js";
import { currentChainTime } from "../../flow/flowClock.js";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import type { RpcCall, SdkRpc } from "../../rpc/createRpc.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import type { RevertReason } from "./decodeRevertReason.js";
import { approvedPairs, buildCalls } from "./simulatePreparedFlowCalls.js";
import { interpret } from "./simulatePreparedFlowEffects.js";
import { endpointOf, requestAll } from "./simulatePreparedFlowRequests.js";
import { parseBaseFee, parseSimulation, QUANTITY } from "./simulatePreparedFlowResponse.js";

/**
 * What the simulation says of one step:
 * - `success`: it ran and did not revert;
 * - `reverted`: it ran and reverted (see `revertReason`); no later step is run;
 * - `not-run`: an earlier step reverted, so an executor would stop before it.
 *
 * @example
 * ```ts
 * import type { SimulatedStepStatus } from "@preflow/core";
 * const ok = (status: SimulatedStepStatus) => status === "success";
 * ```
 */
export type SimulatedStepStatus = "success" | "reverted" | "not-run";

/**
 * One step of a simulation. JSON-safe.
 *
 * @example
 * ```ts
 * import type { SimulatedStep } from "@preflow/core";
 * const step: SimulatedStep = { index: 0, description: "Approve 0x… to spend 7 USDm", to: "0x765DE816845861e75A25fCA122bb6898B8B1282a", status: "success", gasUsed: "46323" };
 * ```
 */
export interface SimulatedStep {
  index: number;
  description: string;
  to: Address;
  status: SimulatedStepStatus;
  /** Gas the step used (decimal string; a reverted step's gas too), `null` when not run. */
  gasUsed: string | null;
  /** Why it reverted (`reverted` only). */
  revertReason?: RevertReason;
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
 * The gas of the steps that ran and its cost at the current base fee.
 *
 * @example
 * ```ts
 * import type { SimulationFee } from "@preflow/core";
 * const fee: SimulationFee = { gasUsed: "98000", baseFeePerGas: "25000000000", cost: "2450000000000000", formatted: "0.00245" };
 * ```
 */
export interface SimulationFee {
  /** Total gas of the steps that ran (decimal string). */
  gasUsed: string;
  /** The base fee of the next block, wei (decimal string). */
  baseFeePerGas: string;
  /** `gasUsed × baseFeePerGas`, wei (a priority fee comes on top). */
  cost: string;
  /** `cost` in CELO. */
  formatted: string;
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
  /** Index of the step that reverted, `null` on success. */
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
  | SimulationUnsupportedError
  | ChainMismatchError
  | RpcError
  | RequestAbortedError;

/**
 * A client {@link simulatePreparedFlow} runs on: a preflow client (`createSdkClient()`, `createSdkBaseClient()`),
 * or any viem client on chain 42220 (one HTTP request when its transport batches).
 *
 * @example
 * ```ts
 * import type { SimulationClient } from "@preflow/core";
 * const client: SimulationClient = sdk.publicClient;
 * ```
 */
export type SimulationClient = { readonly rpc: SdkRpc } | Client<Transport, Chain | undefined>;

const PARAMETER_KEYS = ["flow", "as", "signal"] as const;

/**
 * Simulates every step of a prepared flow in order on ONE state with `eth_simulateV1` (each step sees the earlier
 * steps' effects, so a call after its approval simulates as it will run), as the flow's `from` or as `as`, and says
 * what would change: per step `success` / `reverted` (with the decoded reason) / `not-run`, the net balance changes
 * per address and token (from `Transfer` events and native value, with `traceTransfers`; CELO counted once), the
 * allowances the flow sets (`before` and `after`), and the gas and its cost at the current base fee. Nothing is
 * signed or sent. Calls run with `validation: false` (no nonce, fee or sender-code checks), so a smart account's
 * calls (counterfactual or deployed) run from its address; its own validation and deployment gas is not included.
 *
 * After a revert the later steps are `not-run` and their effects are left out (an EOA executor stops there; in a
 * preflow/aa batch, nothing of the flow would take effect at all).
 *
 * HTTP requests: 1, a JSON-RPC batch of `eth_simulateV1` (the steps, with the allowance reads before and after
 * each step as extra calls in the same simulated block) and `eth_feeHistory` (the base fee); with a preflow client
 * the one-time chain check is folded in; with a plain viem client `eth_chainId` is in the batch (one request when
 * its transport batches, as `createSdkClient().publicClient` does). The block runs at the current time (the local
 * clock, a block override), so a flow whose deadline has passed simulates as the revert it will be; a node whose
 * latest block is ahead of the local clock refuses that time, and the simulation is asked again at the node's own
 * next-block time (2 requests, only then).
 *
 * @param client - {@link SimulationClient}: a preflow client, or a viem client on chain 42220.
 * @param parameters - {@link SimulatePreparedFlowParameters}.
 * @returns {@link SimulatePreparedFlowReturnType}.
 * @throws {@link SimulatePreparedFlowErrorType}: `InvalidArgumentError` (bad parameters, an unknown key),
 *   `InvalidAddressError` (`as`), `InvalidPreparedFlowError`, {@link SimulationUnsupportedError} (the node has no
 *   `eth_simulateV1`; no step-by-step fallback, which would report false reverts), `ChainMismatchError`, `RpcError`,
 *   `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import { createSdkClient, formatPreparedFlow, simulatePreparedFlow } from "@preflow/core";
 *
 * const client = createSdkClient();
 * const flow = await client.transaction.prepareContractCall(from, { to: vault, abi, functionName: "deposit", args, approvals });
 * const simulation = await simulatePreparedFlow(client, { flow });
 * if (!simulation.success) console.error(simulation.steps[simulation.failedStep!]?.revertReason?.message);
 * console.log(formatPreparedFlow(flow, simulation));
 * ```
 */
export async function simulatePreparedFlow(
  client: SimulationClient,
  parameters: SimulatePreparedFlowParameters,
): Promise<SimulatePreparedFlowReturnType> {
  checkParameters(client, parameters);
  const flow = parsePreparedFlow(parameters.flow);
  const account = parameters.as === undefined ? flow.from : parseAddress(parameters.as, "as");
  const { signal } = parameters;
  // Nothing leaves the process once the caller has given up.
  if (signal?.aborted) throw new RequestAbortedError({ method: "eth_simulateV1", reason: signal.reason });

  const pairs = approvedPairs(flow, account);
  const layout = buildCalls(flow, account, pairs);
  const feeCall: RpcCall = { method: "eth_feeHistory", params: ["0x1", "latest", []] };
  // At the current time (the local clock, + 1 s so that it is after the latest block of a live chain): a flow
  // whose deadline has passed simulates as the revert it will be, even on a chain whose last block is old. A
  // node whose latest block is ahead of the local clock refuses an earlier time: then the node's own next-block
  // time, which is already "now" for that chain (a second request only in that case).
  const now = currentChainTime(0n) + 1n;
  let answers: unknown[];
  try {
    answers = await requestAll(client, [simulateCallAt(layout.calls, now), feeCall], signal);
  } catch (error) {
    if (!isTimeOrderRefusal(error)) throw error;
    answers = await requestAll(client, [simulateCallAt(layout.calls, undefined), feeCall], signal);
  }
  const [rawSimulation, rawFees] = answers;
  const rpcUrl = endpointOf(client);
  const block = parseSimulation(rawSimulation, layout.calls.length, rpcUrl);
  const baseFee = parseBaseFee(rawFees, block.baseFeePerGas, rpcUrl);
  // The state the steps ran on: "latest", the block eth_feeHistory reports too (nodes differ in the number they
  // give the simulated block: the next one, or the base one).
  const oldest = (rawFees as { oldestBlock?: unknown } | null)?.oldestBlock;
  const stateBlock =
    typeof oldest === "string" && QUANTITY.test(oldest)
      ? BigInt(oldest)
      : block.number > 0n
        ? block.number - 1n
        : 0n;
  return interpret({ flow, account, pairs, layout, block, baseFee, stateBlock });
}

// ---------------------------------------------------------------------------------------------------------------

function checkParameters(
  client: unknown,
  parameters: unknown,
): asserts parameters is SimulatePreparedFlowParameters {
  const record = client as { request?: unknown; rpc?: { batch?: unknown } } | null;
  if (typeof record?.request !== "function" && typeof record?.rpc?.batch !== "function") {
    throw new InvalidArgumentError({
      field: "client",
      value: client === null ? "null" : typeof client,
      rule: "must be a preflow client (createSdkClient) or a viem client",
    });
  }
  const { signal } = rejectUnknownKeys(parameters, "parameters", PARAMETER_KEYS);
  parseSignal(signal);
}

/** The `eth_simulateV1` call of the steps, at `time` (unix seconds) or at the node's next-block time. */
function simulateCallAt(calls: Record<string, unknown>[], time: bigint | undefined): RpcCall {
  const block =
    time === undefined ? { calls } : { blockOverrides: { time: `0x${time.toString(16)}` }, calls };
  return {
    method: "eth_simulateV1",
    params: [{ blockStateCalls: [block], traceTransfers: true, validation: false }, "latest"],
  };
}

/** Whether the node refused the simulated block's time (before its latest block's). */
function isTimeOrderRefusal(error: unknown): boolean {
  if (!(error instanceof RpcError) || error.details.method !== "eth_simulateV1") return false;
  return /timestamp|block time/i.test(String((error.details as { reason?: unknown }).reason ?? ""));
}
