// Transactions: the exported actions of this folder that a page needs only when it calls them, each a function that
// loads its module on the first call (the one way, `runLazyAction`), so that importing the package, or holding a
// client, does not fetch their code. The implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";
import type {
  SimulatePreparedFlowParameters,
  SimulatePreparedFlowReturnType,
  SimulationClient,
} from "./simulatePreparedFlow.js";

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
 * `eth_maxPriorityFeePerGas`; with a preflow client
 * the one-time chain check is folded in; with a plain viem client `eth_chainId` is in the batch (one request when
 * its transport batches, as `createSdkClient().publicClient` does). The block runs at the current time (the local
 * clock, a block override), so a flow whose deadline has passed simulates as the revert it will be; a node whose
 * latest block is ahead of the local clock refuses that time, and the simulation is asked again at the node's own
 * next-block time (2 requests, only then).
 *
 * Its module loads on the first call (a separate chunk in browser bundles, so that a page that only prepares
 * never fetches the simulation), after an aborted `signal` has stopped the call.
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
 *
 * @function
 */
export const simulatePreparedFlow = /* @__PURE__ */ lazyAction(
  async () => (await import("./simulatePreparedFlow.js")).simulatePreparedFlow,
);
