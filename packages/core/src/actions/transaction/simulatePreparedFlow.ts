import { rejectUnknownKeys } from "@preflow/attribution";
import {
  type Address,
  type Chain,
  type Client,
  getAddress,
  type Hex,
  type Transport,
  zeroAddress,
} from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { ChainMismatchError } from "../../errors/chain.js";
import type { InvalidPreparedFlowError } from "../../errors/preparedFlow.js";
import { redactUrl } from "../../errors/redact.js";
import { RequestAbortedError, RpcError } from "../../errors/rpc.js";
import { SimulationUnsupportedError } from "../../errors/simulation.js";
import { findStepProtocol } from "../../flow/findStepProtocol.js";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import { type RpcCall, type SdkRpc, withAbort } from "../../rpc/createRpc.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { TOKENS } from "../../tokens/registry.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { decodeRevertReason, type RevertReason } from "./decodeRevertReason.js";

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
const CELO_ADDRESS = TOKENS.CELO.address;
/** Where `traceTransfers` puts native value moves (ERC-7528). */
const NATIVE_LOG_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const APPROVAL_TOPIC = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
const APPROVE_SELECTOR = "0x095ea7b3";
const ALLOWANCE_SELECTOR = "0xdd62ed3e";
const MAX_UINT256 = 2n ** 256n - 1n;

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
 * its transport batches, as `createSdkClient().publicClient` does).
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
  const simulateCall: RpcCall = {
    method: "eth_simulateV1",
    params: [
      { blockStateCalls: [{ calls: layout.calls }], traceTransfers: true, validation: false },
      "latest",
    ],
  };
  const feeCall: RpcCall = { method: "eth_feeHistory", params: ["0x1", "latest", []] };
  const [rawSimulation, rawFees] = await requestAll(client, [simulateCall, feeCall], signal);
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
// Requests

async function requestAll(
  client: SimulationClient,
  calls: RpcCall[],
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  const rpcUrl = endpointOf(client);
  if ("rpc" in client && typeof client.rpc?.batch === "function") {
    try {
      return await client.rpc.batch(calls, signal === undefined ? undefined : { signal });
    } catch (error) {
      throw unsupportedOr(error, rpcUrl);
    }
  }
  const viem = client as Client<Transport, Chain | undefined>;
  const all: RpcCall[] = [{ method: "eth_chainId" }, ...calls];
  // Issued in the same tick: one JSON-RPC batch on a batching transport.
  const settled = await withAbort(
    Promise.allSettled(
      all.map((call) =>
        viem.request({ method: call.method, params: call.params } as never, { dedupe: false } as never),
      ),
    ),
    signal,
    "eth_simulateV1",
  );
  const [chain, ...rest] = settled;
  if (chain?.status === "rejected") throw toRpcError(chain.reason, { rpcUrl, method: "eth_chainId" });
  const chainId =
    typeof chain?.value === "string" && /^0x[0-9a-fA-F]+$/.test(chain.value)
      ? Number.parseInt(chain.value, 16)
      : Number.NaN;
  if (chainId !== CHAIN_ID) {
    if (Number.isNaN(chainId)) {
      throw toRpcError(new Error(`eth_chainId returned ${JSON.stringify(chain?.value)}`), {
        rpcUrl,
        method: "eth_chainId",
      });
    }
    throw new ChainMismatchError({ expected: CHAIN_ID, actual: chainId, rpcUrl: redactUrl(rpcUrl) });
  }
  return rest.map((result, index) => {
    if (result.status === "fulfilled") return result.value;
    throw unsupportedOr(toRpcError(result.reason, { rpcUrl, method: calls[index]!.method }), rpcUrl);
  });
}

/** A `SimulationUnsupportedError` when `error` says the node lacks `eth_simulateV1`; else `error` itself. */
function unsupportedOr(error: unknown, rpcUrl: string): unknown {
  if (!(error instanceof RpcError) || error.details.method !== "eth_simulateV1") return error;
  const { rpcCode, reason } = error.details as { rpcCode?: number; reason: string };
  const saysMissing =
    /method not found|not supported|does not exist|not available|unknown method|unsupported method/i.test(
      reason,
    );
  if (rpcCode === -32601 || saysMissing) {
    return new SimulationUnsupportedError({ rpcUrl: redactUrl(rpcUrl), reason });
  }
  return error;
}

function endpointOf(client: SimulationClient): string {
  if ("rpc" in client && typeof client.rpc?.rpcUrl === "string") return client.rpc.rpcUrl;
  const url = ((client as Client).transport as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && url !== "" ? url : "(the client's transport)";
}

// ---------------------------------------------------------------------------------------------------------------
// The simulated block: allowance reads before the steps and after each step, around the steps

interface Pair {
  token: Address;
  owner: Address;
  spender: Address;
}

interface Layout {
  calls: Record<string, unknown>[];
  /** Index in `calls` of each step. */
  stepAt: number[];
  /** Index in `calls` of the reads of `pairs` before the first step. */
  readsBefore: number;
  /** Index in `calls` of the reads of `pairs` after each step. */
  readsAfter: number[];
}

/** The (token, owner, spender) pairs the flow's own `approve` steps set, from their calldata. */
function approvedPairs(flow: SerializedPreparedFlow, owner: Address): Pair[] {
  const pairs: Pair[] = [];
  for (const step of flow.steps) {
    const data = step.data.toLowerCase();
    // approve(address,uint256): selector, then a 32-byte address word (an attribution suffix may follow)
    if (!data.startsWith(APPROVE_SELECTOR) || data.length < 10 + 128) continue;
    const word = data.slice(10, 74);
    if (!/^0{24}/.test(word)) continue;
    const spender = checksummed(`0x${word.slice(24)}`);
    if (!pairs.some((pair) => same(pair.token, step.to) && same(pair.spender, spender))) {
      pairs.push({ token: step.to, owner, spender });
    }
  }
  return pairs;
}

function buildCalls(flow: SerializedPreparedFlow, account: Address, pairs: Pair[]): Layout {
  const calls: Record<string, unknown>[] = [];
  const reads = () => {
    const start = calls.length;
    for (const pair of pairs) {
      calls.push({
        from: account,
        to: pair.token,
        data: `${ALLOWANCE_SELECTOR}${word(pair.owner)}${word(pair.spender)}`,
      });
    }
    return start;
  };
  const readsBefore = reads();
  const stepAt: number[] = [];
  const readsAfter: number[] = [];
  for (const step of flow.steps) {
    stepAt.push(calls.length);
    calls.push({
      from: account,
      to: step.to,
      data: step.data,
      value: `0x${BigInt(step.value).toString(16)}`,
    });
    readsAfter.push(reads());
  }
  return { calls, stepAt, readsBefore, readsAfter };
}

function word(address: string): string {
  return address.toLowerCase().slice(2).padStart(64, "0");
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing the node's answers (untrusted: checked, never assumed)

interface SimLog {
  address: string;
  topics: string[];
  data: string;
}
interface SimCall {
  status: "success" | "reverted";
  gasUsed: bigint;
  returnData: Hex;
  logs: SimLog[];
}
interface SimBlock {
  number: bigint;
  baseFeePerGas: bigint | undefined;
  calls: SimCall[];
}

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

function malformed(rpcUrl: string, what: string): RpcError {
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: "eth_simulateV1",
    reason: `the node returned a malformed result (${what})`,
  });
}

function parseSimulation(raw: unknown, expected: number, rpcUrl: string): SimBlock {
  if (!Array.isArray(raw) || raw.length !== 1) throw malformed(rpcUrl, "not one block");
  const block = raw[0] as Record<string, unknown> | null;
  if (typeof block !== "object" || block === null) throw malformed(rpcUrl, "block is not an object");
  if (typeof block.number !== "string" || !QUANTITY.test(block.number))
    throw malformed(rpcUrl, "block number");
  const baseFee =
    typeof block.baseFeePerGas === "string" && QUANTITY.test(block.baseFeePerGas)
      ? BigInt(block.baseFeePerGas)
      : undefined;
  if (!Array.isArray(block.calls) || block.calls.length !== expected) {
    throw malformed(rpcUrl, `expected ${expected} call results`);
  }
  const calls = block.calls.map((value: unknown, index: number): SimCall => {
    const call = value as Record<string, unknown> | null;
    if (typeof call !== "object" || call === null) throw malformed(rpcUrl, `calls[${index}]`);
    if (call.status !== "0x1" && call.status !== "0x0") throw malformed(rpcUrl, `calls[${index}].status`);
    if (typeof call.gasUsed !== "string" || !QUANTITY.test(call.gasUsed))
      throw malformed(rpcUrl, `calls[${index}].gasUsed`);
    const returnData =
      typeof call.returnData === "string" && HEX.test(call.returnData) ? (call.returnData as Hex) : "0x";
    const logs = call.logs === undefined || call.logs === null ? [] : call.logs;
    if (!Array.isArray(logs)) throw malformed(rpcUrl, `calls[${index}].logs`);
    return {
      status: call.status === "0x1" ? "success" : "reverted",
      gasUsed: BigInt(call.gasUsed),
      returnData,
      logs: logs.map((log: unknown, at: number) => parseLog(log, `calls[${index}].logs[${at}]`, rpcUrl)),
    };
  });
  return { number: BigInt(block.number), baseFeePerGas: baseFee, calls };
}

function parseLog(raw: unknown, path: string, rpcUrl: string): SimLog {
  const log = raw as Record<string, unknown> | null;
  if (
    typeof log !== "object" ||
    log === null ||
    typeof log.address !== "string" ||
    !/^0x[0-9a-fA-F]{40}$/.test(log.address) ||
    !Array.isArray(log.topics) ||
    !log.topics.every((topic) => typeof topic === "string" && /^0x[0-9a-fA-F]{64}$/.test(topic)) ||
    typeof log.data !== "string" ||
    !HEX.test(log.data)
  ) {
    throw malformed(rpcUrl, path);
  }
  return {
    address: log.address.toLowerCase(),
    topics: (log.topics as string[]).map((topic) => topic.toLowerCase()),
    data: log.data.toLowerCase(),
  };
}

function parseBaseFee(raw: unknown, fallback: bigint | undefined, rpcUrl: string): bigint {
  const fees = (raw as { baseFeePerGas?: unknown } | null)?.baseFeePerGas;
  // The last entry is the next block's base fee: what a transaction sent now pays.
  const next = Array.isArray(fees) ? fees[fees.length - 1] : undefined;
  if (typeof next === "string" && QUANTITY.test(next)) return BigInt(next);
  if (fallback !== undefined) return fallback;
  throw new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: "eth_feeHistory",
    reason: "the node returned no base fee",
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What the steps did

function interpret(input: {
  flow: SerializedPreparedFlow;
  account: Address;
  pairs: Pair[];
  layout: Layout;
  block: SimBlock;
  baseFee: bigint;
  stateBlock: bigint;
}): SimulatePreparedFlowReturnType {
  const { flow, account, pairs, layout, block, baseFee, stateBlock } = input;
  const steps: SimulatedStep[] = [];
  const deltas = new Map<string, { address: Address; token: Address; delta: bigint }>();
  const approvals = new Map<string, { pair: Pair; value: bigint }>();
  let failedStep: number | null = null;
  let lastRun = -1;
  let gas = 0n;

  const add = (address: string, token: Address, amount: bigint) => {
    if (amount === 0n) return;
    const key = `${address.toLowerCase()}:${token.toLowerCase()}`;
    const entry = deltas.get(key) ?? { address: checksummed(address), token, delta: 0n };
    entry.delta += amount;
    deltas.set(key, entry);
  };
  const move = (from: string, to: string, token: Address, value: bigint) => {
    add(from, token, -value);
    add(to, token, value);
  };

  for (const [index, prepared] of flow.steps.entries()) {
    const base = { index, description: prepared.description, to: prepared.to };
    if (failedStep !== null) {
      steps.push({ ...base, status: "not-run", gasUsed: null });
      continue;
    }
    const call = block.calls[layout.stepAt[index]!]!;
    gas += call.gasUsed;
    lastRun = index;
    if (call.status === "reverted") {
      failedStep = index;
      steps.push({
        ...base,
        status: "reverted",
        gasUsed: call.gasUsed.toString(),
        revertReason: decodeRevertReason(call.returnData, { protocol: findStepProtocol(flow, index)?.id }),
      });
      continue;
    }
    steps.push({ ...base, status: "success", gasUsed: call.gasUsed.toString() });

    // Native moves (traceTransfers) and CELO's ERC-20 events are the same balance: pair them, count once.
    const native: { from: string; to: string; value: bigint; used: boolean }[] = [];
    const celo: { from: string; to: string; value: bigint }[] = [];
    for (const log of call.logs) {
      const transfer = readTransfer(log);
      if (transfer && log.address === NATIVE_LOG_ADDRESS) native.push({ ...transfer, used: false });
      else if (transfer && same(log.address, CELO_ADDRESS)) celo.push(transfer);
      else if (transfer) move(transfer.from, transfer.to, checksummed(log.address), transfer.value);
      const approval = readApproval(log);
      if (approval) {
        const pair: Pair = {
          token: checksummed(log.address),
          owner: checksummed(approval.owner),
          spender: checksummed(approval.spender),
        };
        approvals.set(pairKey(pair), { pair, value: approval.value });
      }
    }
    for (const transfer of celo) {
      const twin = native.find(
        (entry) =>
          !entry.used &&
          entry.value === transfer.value &&
          entry.from === transfer.from &&
          entry.to === transfer.to,
      );
      if (twin) twin.used = true;
    }
    for (const entry of native) if (!entry.used) move(entry.from, entry.to, CELO_ADDRESS, entry.value);
    for (const transfer of celo) move(transfer.from, transfer.to, CELO_ADDRESS, transfer.value);
    // A node that ignores traceTransfers still moved the step's own value.
    const value = BigInt(prepared.value);
    if (value > 0n && native.length === 0 && !call.logs.some((log) => log.address === NATIVE_LOG_ADDRESS)) {
      move(account, prepared.to, CELO_ADDRESS, value);
    }
  }

  const balanceChanges = [...deltas.values()]
    // The zero address is where mints come from and burns go (an aToken minted on supply): not a balance.
    .filter((entry) => entry.delta !== 0n && entry.address !== zeroAddress)
    .sort((a, b) => Number(same(b.address, account)) - Number(same(a.address, account)))
    .map((entry): SimulatedBalanceChange => {
      const info = tokenInfo(entry.token);
      return {
        address: entry.address,
        token: info?.address ?? entry.token,
        symbol: info?.symbol ?? null,
        decimals: info?.decimals ?? null,
        delta: entry.delta.toString(),
        formatted: info ? signedAmount(entry.delta, info.decimals) : null,
      };
    });

  const allowanceChanges: SimulatedAllowanceChange[] = [];
  for (const pair of pairs) {
    const before = readUint(block.calls[layout.readsBefore + pairs.indexOf(pair)]);
    const afterIndex = lastRun < 0 ? layout.readsBefore : layout.readsAfter[lastRun]!;
    const after = readUint(block.calls[afterIndex + pairs.indexOf(pair)]);
    approvals.delete(pairKey(pair));
    if (after === undefined) continue; // not an ERC-20 allowance there
    allowanceChanges.push({
      ...describePair(pair),
      before: before === undefined ? null : amountOf(before, pair.token),
      after: amountOf(after, pair.token),
    });
  }
  for (const { pair, value } of approvals.values()) {
    allowanceChanges.push({ ...describePair(pair), before: null, after: amountOf(value, pair.token) });
  }

  const cost = gas * baseFee;
  return {
    success: failedStep === null,
    chainId: CHAIN_ID,
    account,
    blockNumber: stateBlock.toString(),
    failedStep,
    steps,
    balanceChanges,
    allowanceChanges,
    fee: {
      gasUsed: gas.toString(),
      baseFeePerGas: baseFee.toString(),
      cost: cost.toString(),
      formatted: formatAmount(cost, 18),
    },
  };
}

function readTransfer(log: SimLog): { from: string; to: string; value: bigint } | undefined {
  // ERC-20 Transfer: 3 topics and a 32-byte value (ERC-721's has 4 topics: not a balance of this kind).
  if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || log.data.length !== 66) return undefined;
  return { from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!), value: BigInt(log.data) };
}

function readApproval(log: SimLog): { owner: string; spender: string; value: bigint } | undefined {
  if (log.topics.length !== 3 || log.topics[0] !== APPROVAL_TOPIC || log.data.length !== 66) return undefined;
  return {
    owner: topicAddress(log.topics[1]!),
    spender: topicAddress(log.topics[2]!),
    value: BigInt(log.data),
  };
}

function readUint(call: SimCall | undefined): bigint | undefined {
  if (call?.status !== "success" || call.returnData.length !== 66) return undefined;
  return BigInt(call.returnData);
}

function topicAddress(topic: string): string {
  return `0x${topic.slice(26)}`;
}

function pairKey(pair: Pair): string {
  return `${pair.token}:${pair.owner}:${pair.spender}`.toLowerCase();
}

function describePair(pair: Pair) {
  const info = tokenInfo(pair.token);
  return {
    token: info?.address ?? pair.token,
    symbol: info?.symbol ?? null,
    owner: pair.owner,
    spender: pair.spender,
  };
}

function amountOf(value: bigint, token: Address): SimulatedAmount {
  const info = tokenInfo(token);
  return {
    value: value.toString(),
    formatted: value === MAX_UINT256 ? "unlimited" : info ? formatAmount(value, info.decimals) : null,
  };
}

function signedAmount(value: bigint, decimals: number): string {
  return value < 0n ? `-${formatAmount(-value, decimals)}` : formatAmount(value, decimals);
}

const BY_ADDRESS = new Map(Object.values(TOKENS).map((info) => [info.address.toLowerCase(), info]));
function tokenInfo(address: string) {
  return BY_ADDRESS.get(address.toLowerCase());
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Addresses read from logs and calldata (lower-case), checksummed. */
function checksummed(address: string): Address {
  return getAddress(address);
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
