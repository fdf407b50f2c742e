import { rejectUnknownKeys } from "@preflow/errors";
import { InvalidArgumentError } from "../../errors/argument.js";
import { RequestAbortedError, RpcError } from "../../errors/rpc.js";
import type { SimulationUnsupportedError } from "../../errors/simulation.js";
import { resolveFeeCurrencyInput } from "../../fees/feeCurrencies.js";
import { currentChainTime } from "../../flow/flowClock.js";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import type { RpcCall } from "../../rpc/createRpc.js";
import { QUANTITY } from "../../rpc/quantity.js";
import { parseBaseFee, parseSimulation, parseTipQuote, simulateV1Request } from "../../rpc/simulateV1.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { approvedPairs, buildCalls } from "./simulatePreparedFlowCalls.js";
import { protocolReads } from "./simulatePreparedFlowDescriptions.js";
import { interpret } from "./simulatePreparedFlowEffects.js";
import { feeReadCalls, needsTipQuote, resolvePricing } from "./simulatePreparedFlowFee.js";
import { requestAll, simulationEndpoint } from "./simulatePreparedFlowRequests.js";

import type {
  SimulatePreparedFlowErrorType,
  SimulatePreparedFlowParameters,
  SimulatePreparedFlowReturnType,
  SimulationClient,
} from "./simulatePreparedFlowTypes.js";

export type {
  SimulatedAllowanceChange,
  SimulatedAmount,
  SimulatedBalanceChange,
  SimulatedStep,
  SimulatedStepRefusal,
  SimulatedStepStatus,
  SimulatePreparedFlowErrorType,
  SimulatePreparedFlowParameters,
  SimulatePreparedFlowReturnType,
  SimulationClient,
  SimulationFee,
} from "./simulatePreparedFlowTypes.js";

const PARAMETER_KEYS = ["flow", "as", "feeCurrency", "signal"] as const;

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
 * Each successful step's `effects` say in words what it did in a registered protocol ("locks 50 CELO", "votes 30
 * CELO for Group A (0x…)"): every protocol definition's `simulation` hooks read its logs (and the reads it asks
 * for, answered in the same simulated block).
 *
 * The fee (`fee`) is priced in the currency that pays it: CELO (`gasUsed x base fee`; not counted in the CELO
 * balance change), or, for a flow whose steps carry `feeCurrency` (CIP-64; or with the `feeCurrency` option), the
 * fee currency's token: its symbol, base units and formatted amount, counted in the account's balance change of
 * that token. `eth_simulateV1` charges no fee (a fee-currency node front passes it through to a node that does not
 * debit fee currencies), so the debit is computed as Celo's node settles a CIP-64 transaction: per step, the
 * simulated gas plus the currency's intrinsic gas (`FeeCurrencyDirectory.getCurrencyConfig`), times the CELO base
 * fee converted at `getExchangeRate` (rounded down, capped by the flow's `maxFeePerGas`) plus the tip
 * (`fee.maxPriorityFeePerGas`, capped by `maxFeePerGas` minus that base fee), tip and base fee each rounded up to a
 * whole unit of the token (an adapter's `digitDifference` or `upscaleFactor`), and never more than `gas x maxFeePerGas`. The rate,
 * intrinsic gas and adapter reads run in the simulated block itself; a currency the directory does not list (or
 * whose rate is invalid) is an `InvalidFeeCurrencyError`, as the node refuses it.
 *
 * HTTP requests: 1, a JSON-RPC batch of `eth_simulateV1` (the steps, with the allowance reads before and after
 * each step, the fee currency's reads and the protocols' reads as extra calls in the same simulated block),
 * `eth_feeHistory` (the base fee) and, for a currency the flow has no signed tip in (the `feeCurrency` option),
 * `eth_maxPriorityFeePerGas`; the client's one-time chain check is folded in, for a preflow client and a plain
 * viem client alike (checked once per viem client; one request when its transport batches, as
 * `createSdkClient().publicClient` does). The block runs at the current time (the local
 * clock, a block override), so a flow whose deadline has passed simulates as the revert it will be; a node whose
 * latest block is ahead of the local clock refuses that time, and the simulation is asked again at the node's own
 * next-block time (2 requests, only then).
 *
 * @param client - {@link SimulationClient}: a preflow client, or a viem client on chain 42220.
 * @param parameters - {@link SimulatePreparedFlowParameters}.
 * @returns {@link SimulatePreparedFlowReturnType}.
 * @throws {@link SimulatePreparedFlowErrorType}: `InvalidArgumentError` (bad parameters, an unknown key),
 *   `InvalidAddressError` (`as`), `InvalidPreparedFlowError`, `InvalidFeeCurrencyError` (`feeCurrency`: refused
 *   before any request as `prepare*` refuses it, or `"auto"`; or not listed by the directory), {@link SimulationUnsupportedError} (the node has no
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
 *
 * // A flow paying gas in USDC: the fee is in USDC and in the USDC balance change.
 * const send = await client.transaction.prepareSend(from, to, "USDC", "10", { feeCurrency: "USDC" });
 * const priced = await simulatePreparedFlow(client, { flow: send });
 * priced.fee; // { currency: "USDC", cost: "1418", formatted: "0.001418", feeCurrency: "0x2F25…", ... }
 * // What a CELO flow would cost paid in USDm:
 * await simulatePreparedFlow(client, { flow, feeCurrency: "USDm" });
 * ```
 */
export async function simulatePreparedFlow(
  client: SimulationClient,
  parameters: SimulatePreparedFlowParameters,
): Promise<SimulatePreparedFlowReturnType> {
  checkParameters(client, parameters);
  const flow = parsePreparedFlow(parameters.flow);
  const account = parameters.as === undefined ? flow.from : parseAddress(parameters.as, "as");
  const pricing = resolvePricing(flow, parameters.feeCurrency);
  const { signal } = parameters;
  // Nothing leaves the process once the caller has given up.
  if (signal?.aborted) throw new RequestAbortedError({ method: "eth_simulateV1", reason: signal.reason });

  const pairs = approvedPairs(flow, account);
  const reads = protocolReads(flow, account);
  const layout = buildCalls(flow, account, pairs, {
    first: feeReadCalls(pricing, account),
    last: reads.calls,
  });
  const feeCalls: RpcCall[] = [{ method: "eth_feeHistory", params: ["0x1", "latest", []] }];
  if (needsTipQuote(pricing)) feeCalls.push({ method: "eth_maxPriorityFeePerGas" });
  // At the current time (the local clock, + 1 s so that it is after the latest block of a live chain): a flow
  // whose deadline has passed simulates as the revert it will be, even on a chain whose last block is old. A
  // node whose latest block is ahead of the local clock refuses an earlier time: then the node's own next-block
  // time, which is already "now" for that chain (a second request only in that case).
  const now = currentChainTime(0n) + 1n;
  let answers: unknown[];
  try {
    answers = await requestAll(client, [simulateCallAt(layout.calls, now), ...feeCalls], signal);
  } catch (error) {
    if (!isTimeOrderRefusal(error)) throw error;
    answers = await requestAll(client, [simulateCallAt(layout.calls, undefined), ...feeCalls], signal);
  }
  const [rawSimulation, rawFees, rawTip] = answers;
  const rpcUrl = simulationEndpoint(client);
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
  const tipQuote = needsTipQuote(pricing) ? parseTipQuote(rawTip, rpcUrl) : undefined;
  return interpret({
    flow,
    account,
    pairs,
    layout,
    block,
    baseFee,
    stateBlock,
    pricing,
    tipQuote,
    reads,
    // the flow's own account sends the steps and pays their fee (`as`: a smart account's fee is its own matter)
    accountPays: parameters.as === undefined,
  });
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
  const { signal, feeCurrency } = rejectUnknownKeys(parameters, "parameters", PARAMETER_KEYS);
  parseSignal(signal);
  if (feeCurrency !== undefined) resolveFeeCurrencyInput(feeCurrency);
}

/** The `eth_simulateV1` call of the steps, at `time` (unix seconds) or at the node's next-block time. */
function simulateCallAt(calls: Record<string, unknown>[], time: bigint | undefined): RpcCall {
  return simulateV1Request(calls, { traceTransfers: true, time });
}

/** Whether the node refused the simulated block's time (before its latest block's). */
function isTimeOrderRefusal(error: unknown): boolean {
  if (!(error instanceof RpcError) || error.details.method !== "eth_simulateV1") return false;
  return /timestamp|block time/i.test(String((error.details as { reason?: unknown }).reason ?? ""));
}
