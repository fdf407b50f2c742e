// The one place every `prepare*` plans and settles its fee: resolve the caller's `feeCurrency` (or the client's
// default) before any I/O, add the fee plan's reads and calls to the action's one request, and after the action
// built its steps, settle the fee from the same answers and put `feeCurrency` on every step and `fee` on the flow.
// The planner itself (planFee.ts) is loaded only when a flow pays gas in a fee currency.
import type { Address, Hex } from "viem";
import type { SdkBaseClient } from "../clients/types.js";
import type { InsufficientBalanceError } from "../errors/amount.js";
import type { FeeEstimateRevertedError, InvalidFeeCurrencyError } from "../errors/feeCurrency.js";
import type { SerializedPreparedFlow } from "../flow/types.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { type ReadCall, type ReadResult, readBatch } from "../rpc/readBatch.js";
import {
  type FeeCurrencyInput,
  type ResolvedFeeCurrencyInput,
  resolveFeeCurrencyInput,
} from "./feeCurrencies.js";
import type { FeeAlternative, FeePlan, FeeSettlement, FeeSpend } from "./planFee.js";

/**
 * The fee-currency option every `prepare*` takes (`feeCurrency` in its parameters, or in the client form's
 * options object). Absent: the client's default (`createSdkClient({ feeCurrency })`), else CELO.
 *
 * @example
 * ```ts
 * import type { FeeCurrencyOption } from "@preflow/core";
 * const options: FeeCurrencyOption = { feeCurrency: "USDm" };
 * const stablecoinsOnly: FeeCurrencyOption = { feeCurrency: { auto: ["USDT", "USDC", "USDm"] } };
 * ```
 */
export interface FeeCurrencyOption {
  /**
   * Who pays the gas: `"CELO"` (nothing changes), a token symbol (`"USDm"`, `"USDC"`, `"USDT"`), a fee-currency
   * address (USDC's adapter, not the token), `"auto"` (CELO when the account can pay in CELO, else the
   * fee currency it holds most of, counted in CELO at the rate, that can pay: every currency the FeeCurrencyDirectory
   * lists, read in the prepare's one request), or `"auto"` among some currencies only:
   * `{ auto: ["USDT", "USDC", "USDm"] }` never picks CELO (a MiniPay wallet), and when none of them can pay, the
   * `InsufficientBalanceError` names each with what the account holds and needs of it. Default: the client's `feeCurrency`, else `"CELO"`. With a
   * fee currency every step carries `feeCurrency` and the flow `fee`; when the fee is paid in a token the flow
   * spends, the amount plus `fee.max` must fit the balance.
   */
  feeCurrency?: FeeCurrencyInput | undefined;
}

/**
 * The errors paying gas in a fee currency adds to a `prepare*`'s `ErrorType`.
 *
 * - {@link InvalidFeeCurrencyError}: the `feeCurrency` input (before any request), or a currency the directory
 *   does not list or rates invalid (after the read).
 * - {@link InsufficientBalanceError}: the balance cannot cover the amount plus the maximum fee (same token), or
 *   with `"auto"` no currency the account holds can pay.
 * - {@link FeeEstimateRevertedError}: a step reverted when its gas was simulated.
 *
 * @example
 * ```ts
 * import type { FeeErrorType } from "@preflow/core";
 * ```
 */
export type FeeErrorType = InvalidFeeCurrencyError | InsufficientBalanceError | FeeEstimateRevertedError;

/** A fee plan with the module that settles it. @internal */
export interface FlowFeePlan {
  readonly reads: ReadCall[];
  readonly calls: RpcCall[];
  /** Settles the fee from the answers of `reads` and `calls`; CELO (`kind: "celo"`) when `"auto"` picked it. */
  settle(
    reads: readonly ReadResult[],
    calls: readonly unknown[],
    input: {
      steps: readonly { to: Address; data: Hex; value?: string | undefined }[];
      alternative?: number | undefined;
      spend?: readonly FeeSpend[] | undefined;
    },
  ): FeeSettlement;
}

/**
 * Resolves the fee choice (`feeCurrency`, else the client's default) before any I/O and, unless gas is paid in
 * CELO, plans its reads and calls from the flow's step sketches (`alternatives`: the step sequences the flow may
 * take, every approval included, with placeholders where a read decides a value; or steps planned on chain,
 * fees/plannedSteps.ts). `celoToo` plans the CELO fee
 * as well (a send of the whole CELO balance). `undefined` when there is nothing to plan.
 *
 * @throws {InvalidFeeCurrencyError} the input alone is not a fee currency; before any I/O.
 * @internal
 */
export async function planFlowFee(
  client: SdkBaseClient,
  option: unknown,
  input: { from: Address; alternatives: readonly FeeAlternative[]; celoToo?: boolean },
): Promise<FlowFeePlan | undefined> {
  const choice = feeChoiceOf(client, option);
  if (choice.kind === "celo" && !input.celoToo) return undefined;
  // a fee currency named by address that the registry does not list: the plan's lens reads its token too
  const { planFee, settleFee } = await import("./planFee.js");
  // A sketch's calldata may be untagged: what the real steps' calldata costs more is added when it settles.
  const plan: FeePlan = planFee(choice, { from: input.from, alternatives: input.alternatives });
  return {
    reads: plan.reads,
    calls: plan.calls,
    settle: (reads, calls, settled) => settleFee(plan, reads, calls, settled, client.rpc.rpcUrl),
  };
}

/**
 * The caller's `feeCurrency` (else the client's default) resolved, before any I/O.
 *
 * @throws {InvalidFeeCurrencyError} the input alone is not a fee currency.
 * @internal
 */
export function feeChoiceOf(client: SdkBaseClient, option: unknown): ResolvedFeeCurrencyInput {
  return option === undefined
    ? resolveFeeCurrencyInput(client.config.feeCurrency, "client feeCurrency")
    : resolveFeeCurrencyInput(option);
}

/**
 * The flow paying gas in the settled fee currency: `feeCurrency` on every step, `fee` on the flow (unchanged
 * when the fee is paid in CELO). @internal
 */
export function withFlowFee<flow extends SerializedPreparedFlow>(
  flow: flow,
  settlement: FeeSettlement | undefined,
): flow {
  if (settlement?.kind !== "currency") return flow;
  const { feeCurrency } = settlement.fee;
  const { intent, preparedAt, expiresAt, ...rest } = flow;
  return {
    ...rest,
    steps: flow.steps.map((step) => ({ ...step, feeCurrency })),
    fee: settlement.fee,
    ...(intent === undefined ? {} : { intent }),
    ...(preparedAt === undefined ? {} : { preparedAt }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  } as flow;
}

/**
 * Settles `plan` (when there is one) from the answers of its reads and calls and returns the flow paying gas in
 * the chosen currency; the flow as it is without a plan. @internal
 */
export function settleFlowFee<flow extends SerializedPreparedFlow>(
  plan: FlowFeePlan | undefined,
  flow: flow,
  reads: readonly ReadResult[],
  calls: readonly unknown[],
  options: { alternative?: number | undefined; spend?: readonly FeeSpend[] | undefined } = {},
): flow {
  if (!plan) return flow;
  return withFlowFee(flow, plan.settle(reads, calls, { steps: flow.steps, ...options }));
}

/** What {@link readWithFeePlan} returns. @internal */
export interface ReadWithFeePlanResult {
  /** The answers to the action's own `reads`, in order. */
  reads: ReadResult[];
  /** The block the answers are from (the flow's `preparedAt`). */
  blockNumber: bigint;
  /** The answers to the fee plan's reads and calls, for `settleFlowFee` (empty without a plan). */
  fee: { reads: ReadResult[]; calls: unknown[] };
}

/**
 * The one way a `prepare*` reads: `reads` (its own), the block number and `plan`'s reads and calls in one request
 * (`readBatch`: its errors and abort), the answers returned split. Every prepare goes through it (send, approve,
 * contract call, the swaps' state, Aave's reads; the staking prepares ride the fee plan in their lens's request).
 * @internal
 */
export async function readWithFeePlan(
  client: SdkBaseClient,
  parameters: { reads: readonly ReadCall[]; plan: FlowFeePlan | undefined; signal: AbortSignal | undefined },
): Promise<ReadWithFeePlanResult> {
  const { reads, plan, signal } = parameters;
  const answer = await readBatch(client, {
    reads: [...reads, ...(plan?.reads ?? [])],
    calls: plan?.calls ?? [],
    blockNumber: true,
    signal,
  });
  return {
    reads: answer.reads.slice(0, reads.length),
    blockNumber: answer.blockNumber as bigint,
    fee: { reads: answer.reads.slice(reads.length), calls: answer.calls },
  };
}

/** The keys of a `prepare*` client method's options object: `feeCurrency` and `signal`. @internal */
export const PREPARE_OPTION_KEYS = ["feeCurrency", "signal"] as const;

/**
 * The last, optional argument of every `prepare*` client method: `feeCurrency` (who pays the gas) and `signal`.
 *
 * @example
 * ```ts
 * import type { PrepareOptions } from "@preflow/core";
 * const options: PrepareOptions = { feeCurrency: "USDm", signal: AbortSignal.timeout(5_000) };
 * ```
 */
export interface PrepareOptions extends FeeCurrencyOption {
  /** Stops waiting for the node: the call rejects with `RequestAbortedError` at once. */
  signal?: AbortSignal | undefined;
}
