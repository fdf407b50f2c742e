import { rejectUnknownKeys } from "@preflow/errors";
import type { Abi, ContractFunctionName } from "viem";
import {
  type ApprovalAmount,
  type PrepareApproveReturnType,
  prepareApprove,
} from "../actions/transaction/prepareApprove.js";
import {
  CONTRACT_CALL_KEYS,
  type ContractCall,
  type PrepareContractCallReturnType,
  prepareContractCall,
} from "../actions/transaction/prepareContractCall.js";
import {
  type PrepareSendReturnType,
  prepareSend,
  type SendAmount,
} from "../actions/transaction/prepareSend.js";
import type {
  SimulatePreparedFlowParameters,
  SimulatePreparedFlowReturnType,
} from "../actions/transaction/simulatePreparedFlow.js";
import { runLazyAction } from "../clients/runLazyAction.js";
import type { SdkBaseClient } from "../clients/types.js";
import { PREPARE_OPTION_KEYS, type PrepareOptions } from "../fees/flowFee.js";
import type { ActionOptions } from "../rpc/createRpc.js";
import type { TokenInput } from "../tokens/resolveToken.js";
import { parseOptions } from "../validation/parseOptions.js";

/**
 * `client.transaction`: operations that return prepared flows (unsigned, tagged steps, each with its decoded
 * `call`; the flow with its `intent` and `preparedAt`). Never tracked by telemetry. One HTTP request each.
 *
 * @example
 * ```ts
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "1");
 * ```
 */
export interface TransactionActions {
  /**
   * Prepares a token transfer from `from` to `to` (CELO through its ERC-20 interface) after checking the balance.
   * The client form of the exported action {@link prepareSend}.
   *
   * HTTP requests: 1.
   *
   * @param from - The sender (the account that will sign).
   * @param to - The recipient (may equal `from`; never the zero address).
   * @param token - A registry symbol (`"USDm"`, `"CELO"`, `"cUSD"`...) or a listed token's address.
   * @param amount - A human decimal string (`"12.5"`), exact to the token's decimals, or `"max"`: the balance,
   *   less the maximum fee when the fee is paid in the token sent ({@link SendAmount}).
   * @param options - `{ feeCurrency, signal }`: who pays the gas (the client's `feeCurrency`, else `"CELO"`, a token symbol such as
   *   `"USDC"`, a fee-currency address or `"auto"`; see {@link PrepareSendParameters}) and a signal that stops
   *   waiting for the node (`RequestAbortedError`).
   * @returns A one-step prepared flow (with `fee` and the step's `feeCurrency` when gas is paid in a token).
   * @throws {@link PrepareSendErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.transaction.prepareSend(from, "0x2222222222222222222222222222222222222222", "USDm", "12.5");
   * // flow.steps[0]: { kind: "erc20", to: USDm, data: transfer(...) + suffix, value: "0", description, call }
   * ```
   */
  prepareSend(
    from: string,
    to: string,
    token: TokenInput,
    amount: SendAmount,
    options?: PrepareOptions,
  ): Promise<PrepareSendReturnType>;
  /**
   * Prepares `approve(spender, amount)`: exact amounts, `"0"` revokes, `"max"` (unlimited) only when asked. The
   * client form of the exported action {@link prepareApprove}.
   *
   * HTTP requests: 1.
   *
   * @param from - The token owner.
   * @param spender - Who may spend (never the zero address).
   * @param token - A registry symbol or listed address.
   * @param amount - A human decimal string or `"max"`.
   * @param options - `{ feeCurrency, signal }`: who pays the gas (default the client's `feeCurrency`, else CELO;
   *   see {@link FeeCurrencyOption}) and stops waiting for the node (`RequestAbortedError`).
   * @returns A one-step prepared flow (with `fee` and the step's `feeCurrency` when gas is paid in a token).
   * @throws {@link PrepareApproveErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.transaction.prepareApprove(owner, "0x3333333333333333333333333333333333333333", "USDC", "25");
   * ```
   */
  prepareApprove(
    from: string,
    spender: string,
    token: TokenInput,
    amount: ApprovalAmount,
    options?: PrepareOptions,
  ): Promise<PrepareApproveReturnType>;
  /**
   * Prepares approve-then-call: an exact `approve` step for each entry of `call.approvals` whose allowance is
   * short, then the contract call encoded with viem from a const ABI. The client form of the exported action
   * {@link prepareContractCall}.
   *
   * HTTP requests: 1.
   *
   * @param from - The caller.
   * @param call - `{ to, abi, functionName, args, value?, approvals?, description? }` ({@link ContractCall}).
   * @param options - `{ feeCurrency, signal }`: who pays the gas (default the client's `feeCurrency`, else CELO)
   *   and stops waiting for the node (`RequestAbortedError`).
   * @returns The prepared flow: approvals (only where needed), then the call (every step with `feeCurrency` and
   *   the flow with `fee` when gas is paid in a token).
   * @throws {@link PrepareContractCallErrorType}
   *
   * @example
   * ```ts
   * const flow = await client.transaction.prepareContractCall(from, {
   *   to: vault,
   *   abi: vaultAbi,
   *   functionName: "deposit",
   *   args: [TOKENS.USDm.address, parseUnits("10", 18)],
   *   approvals: [{ token: "USDm", amount: "10" }],
   * });
   * ```
   */
  prepareContractCall<
    const abi extends Abi | readonly unknown[],
    functionName extends ContractFunctionName<abi> | undefined = undefined,
  >(
    from: string,
    call: ContractCall<abi, functionName>,
    options?: PrepareOptions,
  ): Promise<PrepareContractCallReturnType>;
  /**
   * Simulates every step of a prepared flow on one state with `eth_simulateV1` (a call after its approval sees the
   * approval) and says what would change: per-step status (`success` / `reverted` with the decoded reason /
   * `not-run`), balance changes per address and token, allowances before and after, gas and its cost. Signs and
   * sends nothing. The client form of the exported action {@link simulatePreparedFlow}.
   *
   * HTTP requests: 1.
   *
   * @param flow - A prepared flow (or untrusted JSON of one; validated with `parsePreparedFlow`).
   * @param options - `as`: run the steps as this address (a smart account) instead of `flow.from`; `feeCurrency`:
   *   price the fee in this currency (`"CELO"`, a symbol, a fee-currency address) instead of the flow's own;
   *   `signal`: stops waiting for the node (`RequestAbortedError`).
   * @returns The simulation (JSON-safe); `formatPreparedFlow(flow, simulation)` renders it for people and agents.
   * @throws {@link SimulatePreparedFlowErrorType}
   *
   * @example
   * ```ts
   * const simulation = await client.transaction.simulatePreparedFlow(flow);
   * if (simulation.success) console.log(simulation.balanceChanges, simulation.fee.formatted, simulation.fee.currency);
   * const inUsdm = await client.transaction.simulatePreparedFlow(flow, { feeCurrency: "USDm" });
   * ```
   */
  simulatePreparedFlow(
    flow: unknown,
    options?: ActionOptions & {
      as?: string | undefined;
      feeCurrency?: SimulatePreparedFlowParameters["feeCurrency"];
    },
  ): Promise<SimulatePreparedFlowReturnType>;
}

/**
 * The `transaction` group as a decorator: `createSdkBaseClient().extend(transactionActions)` gives
 * `client.transaction` ({@link TransactionActions}). Part of {@link createSdkClient}.
 *
 * @param client - Any preflow client.
 * @returns `{ transaction }`.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, transactionActions } from "@preflow/core";
 * const client = createSdkBaseClient().extend(transactionActions);
 * const flow = await client.transaction.prepareSend(from, to, "USDm", "1");
 * ```
 */
export function transactionActions(client: SdkBaseClient): { transaction: TransactionActions } {
  return {
    transaction: Object.freeze({
      prepareSend: async (
        from: string,
        to: string,
        token: TokenInput,
        amount: SendAmount,
        options?: PrepareOptions,
      ) => prepareSend(client, { ...parseOptions(options, PREPARE_OPTION_KEYS), from, to, token, amount }),
      prepareApprove: async (
        from: string,
        spender: string,
        token: TokenInput,
        amount: ApprovalAmount,
        options?: PrepareOptions,
      ) =>
        prepareApprove(client, {
          ...parseOptions(options, PREPARE_OPTION_KEYS),
          from,
          spender,
          token,
          amount,
        }),
      prepareContractCall: (async (from: string, call: ContractCall, options?: PrepareOptions) => {
        const checked = parseOptions(options, PREPARE_OPTION_KEYS);
        // The call's own keys are checked by the action (it refuses `from` and `signal` inside `call` here, so
        // neither can silently replace the method's arguments).
        const fields =
          typeof call === "object" && call !== null && !Array.isArray(call)
            ? rejectUnknownKeys(call, "call", CONTRACT_CALL_KEYS)
            : {};
        return prepareContractCall(client, { ...fields, ...checked, from } as never);
      }) as TransactionActions["prepareContractCall"],
      simulatePreparedFlow: async (
        flow: unknown,
        options?: ActionOptions & {
          as?: string | undefined;
          feeCurrency?: SimulatePreparedFlowParameters["feeCurrency"];
        },
      ) => {
        const { as, signal, feeCurrency } = parseOptions(options, ["as", "feeCurrency", "signal"]);
        // Loaded on first use (a separate chunk): the simulation stays out of the load of an app that only prepares.
        return runLazyAction(
          client,
          {
            flow,
            ...(as === undefined ? {} : { as: as as string }),
            ...(feeCurrency === undefined
              ? {}
              : { feeCurrency: feeCurrency as SimulatePreparedFlowParameters["feeCurrency"] }),
            ...(signal === undefined ? {} : { signal: signal as AbortSignal }),
          },
          async () => (await import("../actions/transaction/simulatePreparedFlow.js")).simulatePreparedFlow,
        );
      },
    }),
  };
}
