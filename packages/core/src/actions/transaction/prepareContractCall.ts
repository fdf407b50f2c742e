import { rejectUnknownKeys } from "@preflow/errors";
import {
  type Abi,
  type Address,
  type ContractFunctionName,
  type EncodeFunctionDataParameters,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  maxUint256,
} from "viem";
import { formatAmount } from "../../amounts/formatAmount.js";
import { parseAmount } from "../../amounts/parseAmount.js";
import { CHAIN_ID } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { type InsufficientBalanceError, InvalidAmountError } from "../../errors/amount.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import { InvalidContractCallError } from "../../errors/contractCall.js";
import type { TokenReadError, UnknownTokenError } from "../../errors/token.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../fees/flowFee.js";
import { planFlowFee, readWithFeePlan, settleFlowFee } from "../../fees/flowFee.js";
import { buildApproveStep } from "../../flow/buildApproveStep.js";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue, PreparedStep, SerializedPreparedFlow } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import {
  decodeEthBalance,
  ethBalanceRead,
  type ReadBatchErrorType,
  type ReadCall,
} from "../../rpc/readBatch.js";
import { allowanceCall, expectUint } from "../../tokens/erc20Reads.js";
import { expectBalance } from "../../tokens/expectBalance.js";
import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import { resolveToken, type TokenInput } from "../../tokens/resolveToken.js";
import { parseAddress } from "../../validation/parseAddress.js";
import type { ApprovalAmount } from "./prepareApprove.js";

/**
 * A token allowance the action needs: an approve step for exactly `amount` is added before the action only
 * when the current allowance of `spender` (default: the contract `to`) is below it.
 *
 * @example
 * ```ts
 * import type { ContractCallApproval } from "@preflow/core";
 * const approval: ContractCallApproval = { token: "USDm", amount: "10" };
 * ```
 */
export interface ContractCallApproval {
  token: TokenInput;
  /** Human decimal string, or `"max"` for an unlimited approval (only when asked). */
  amount: ApprovalAmount;
  /** Who spends the tokens; default the called contract. */
  spender?: string;
}

/**
 * The call of `client.transaction.prepareContractCall(from, call)`: viem's `encodeFunctionData` parameters (typed
 * from a const ABI) plus the target, an optional CELO value and the approvals the action needs.
 *
 * @example
 * ```ts
 * import type { ContractCall } from "@preflow/core";
 * const vaultAbi = [
 *   { type: "function", name: "deposit", stateMutability: "nonpayable",
 *     inputs: [{ name: "amount", type: "uint256" }], outputs: [] },
 * ] as const;
 * const call: ContractCall<typeof vaultAbi, "deposit"> = {
 *   to: "0x4444444444444444444444444444444444444444",
 *   abi: vaultAbi,
 *   functionName: "deposit",
 *   args: [10n ** 18n],
 *   approvals: [{ token: "USDm", amount: "1" }],
 * };
 * ```
 */
export type ContractCall<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi> | undefined = ContractFunctionName<abi>,
> = EncodeFunctionDataParameters<abi, functionName> & {
  /** The contract to call. */
  to: string;
  /** CELO to send with the call: a human decimal string (`"0.5"`), or wei as a bigint. */
  value?: string | bigint;
  /** Allowances the action needs; approve steps come first, only where needed. */
  approvals?: readonly ContractCallApproval[];
  /** Description of the action step; default `Call <functionName> on <to>`. */
  description?: string;
};

/**
 * Parameters of {@link prepareContractCall}: the sender and the {@link ContractCall}.
 *
 * @example
 * ```ts
 * import type { PrepareContractCallParameters } from "@preflow/core";
 * const parameters: PrepareContractCallParameters<typeof vaultAbi, "deposit"> = { from, ...call };
 * ```
 */
export type PrepareContractCallParameters<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi> | undefined = ContractFunctionName<abi>,
> = ContractCall<abi, functionName> &
  FeeCurrencyOption &
  ActionOptions & {
    /** The caller (the account that will sign). */
    from: string;
  };

/**
 * The errors {@link prepareContractCall} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `from`, `to` or a spender is not an address.
 * - {@link InvalidContractCallError}: bad ABI, unknown function, arguments that do not fit, a view function, `value` to a non-payable function, a duplicate approval.
 * - {@link InvalidAmountError}: a bad `value` or approval amount.
 * - {@link UnknownTokenError}: an approval's token is not in the registry.
 * - {@link InsufficientBalanceError}: the CELO balance is below `value`.
 * - {@link TokenReadError}: a token contract answered an allowance read with something that is not a uint256.
 * - {@link FeeErrorType}: paying gas in a fee currency (`feeCurrency`, or the client's default).
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` or an approval (named, with the nearest valid one), or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { PrepareContractCallErrorType } from "@preflow/core";
 * ```
 */
export type PrepareContractCallErrorType =
  | InvalidArgumentError
  | InvalidAddressError
  | InvalidContractCallError
  | InvalidAmountError
  | UnknownTokenError
  | InsufficientBalanceError
  | TokenReadError
  | FeeErrorType
  | ReadBatchErrorType;

/**
 * The return type of {@link prepareContractCall}.
 *
 * @example
 * ```ts
 * import type { PrepareContractCallReturnType } from "@preflow/core";
 * const flow: PrepareContractCallReturnType = await client.transaction.prepareContractCall(from, call);
 * ```
 */
export type PrepareContractCallReturnType = SerializedPreparedFlow;

/** The keys of a {@link ContractCall} (the `call` of `client.transaction.prepareContractCall`). @internal */
export const CONTRACT_CALL_KEYS = ["to", "abi", "functionName", "args", "value", "approvals", "description"];
const PARAMETER_KEYS = ["from", ...CONTRACT_CALL_KEYS, "feeCurrency", "signal"];
const APPROVAL_KEYS = ["token", "amount", "spender"];

interface ParsedApproval {
  token: TokenInfo;
  spender: Address;
  amount: bigint;
}

/** The label of a called contract: a registry token's symbol, else its address. */
function contractLabel(target: Address): string {
  return Object.values(TOKENS).find((token) => token.address === target)?.symbol ?? target;
}

function parseValue(value: unknown): bigint {
  if (value === undefined) return 0n;
  if (typeof value === "bigint") {
    if (value < 0n)
      throw new InvalidAmountError({ field: "value", value, rule: "is negative", token: "CELO" });
    if (value > maxUint256)
      throw new InvalidAmountError({ field: "value", value, rule: "is beyond uint256", token: "CELO" });
    return value;
  }
  return parseAmount(value, { decimals: 18, token: "CELO", field: "value", allowZero: true });
}

function encodeCall(parameters: ContractCall): {
  data: Hex;
  payable: boolean;
  name: string;
} {
  const { abi, functionName, args } = parameters as { abi: unknown; functionName?: unknown; args?: unknown };
  if (!Array.isArray(abi))
    throw new InvalidContractCallError({ field: "abi", reason: "must be an ABI array" });
  if (functionName !== undefined && typeof functionName !== "string") {
    throw new InvalidContractCallError({ field: "functionName", reason: "must be a string" });
  }
  if (args !== undefined && !Array.isArray(args))
    throw new InvalidContractCallError({ field: "args", reason: "must be an array" });
  let data: Hex;
  try {
    data = encodeFunctionData({ abi, functionName, args } as EncodeFunctionDataParameters);
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const short =
      (error as { shortMessage?: string }).shortMessage ??
      (error instanceof Error ? error.message.split("\n")[0] : "");
    const field = /FunctionNotFound|AbiFunctionNotFound/.test(name)
      ? "functionName"
      : /Abi(Item|Error)?$/.test(name)
        ? "abi"
        : "args";
    throw new InvalidContractCallError({
      field: field,
      reason: (short ?? "cannot encode").replace(/\.$/, ""),
      cause: error,
    });
  }
  const item = getAbiItem({
    abi: abi as Abi,
    name: (functionName ?? "") as string,
    args: args as readonly unknown[],
  }) as { type?: string; name?: string; stateMutability?: string; payable?: boolean } | undefined;
  const fallbackItem = (
    abi as { type?: string; name?: string; stateMutability?: string; payable?: boolean }[]
  ).find((entry) => entry.type === "function");
  const chosen = item ?? fallbackItem;
  if (chosen?.stateMutability === "view" || chosen?.stateMutability === "pure") {
    throw new InvalidContractCallError({
      field: "functionName",
      reason: `${chosen.name} is a ${chosen.stateMutability} function: read it with viem's readContract instead of preparing a transaction`,
    });
  }
  return {
    data,
    payable: chosen?.stateMutability === "payable" || chosen?.payable === true,
    name: chosen?.name ?? "function",
  };
}

/**
 * Prepares the generic approve-then-action flow: for each entry of `approvals`, an `approve` step for the
 * exact amount comes first, only when the current allowance is below it; then the contract call, encoded
 * with viem (a bad ABI, function or arguments fail early, before any I/O). Every step carries its decoded
 * `call`; the flow carries `intent` `{ kind: "contractCall" }` and `preparedAt`.
 *
 * HTTP requests: 1 (allowances, the CELO balance for `value` and the block number in one Multicall3 call; paying
 * gas in a fee currency, the fee's reads, gas price and one `eth_simulateV1` of every approval and the call, in
 * order, in the same JSON-RPC batch).
 *
 * @throws {@link PrepareContractCallErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareContractCall } from "@preflow/core";
 *
 * const client = createSdkBaseClient();
 * const flow = await prepareContractCall(client, {
 *   from,
 *   to: vault,
 *   abi: vaultAbi,
 *   functionName: "deposit",
 *   args: [parseUnits("10", 18)],
 *   approvals: [{ token: "USDm", amount: "10" }],
 * });
 * // flow.steps: [approve USDm (if needed), deposit]
 * ```
 */
export async function prepareContractCall<
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi> | undefined = undefined,
>(
  client: SdkBaseClient,
  parameters: PrepareContractCallParameters<abi, functionName>,
): Promise<PrepareContractCallReturnType> {
  if (typeof parameters !== "object" || parameters === null) {
    throw new InvalidContractCallError({
      field: "(parameters)",
      reason: "must be an object with to, abi, functionName and args",
    });
  }
  rejectUnknownKeys(parameters, "parameters", PARAMETER_KEYS);
  const sender = parseAddress(parameters.from, "from");
  const target = parseAddress(parameters.to, "to", { allowZero: false });
  const call = encodeCall(parameters as unknown as ContractCall);
  const value = parseValue(parameters.value);
  if (value > 0n && !call.payable) {
    throw new InvalidContractCallError({
      field: "value",
      reason: `${call.name} is not payable: it cannot receive CELO (value must be 0)`,
    });
  }
  const approvals: ParsedApproval[] = [];
  const list = parameters.approvals ?? [];
  if (!Array.isArray(list))
    throw new InvalidContractCallError({
      field: "approvals",
      reason: "must be an array of { token, amount }",
    });
  list.forEach((entry: ContractCallApproval, index: number) => {
    if (typeof entry !== "object" || entry === null) {
      throw new InvalidContractCallError({
        field: `approvals[${index}]`,
        reason: "must be an object { token, amount, spender? }",
      });
    }
    rejectUnknownKeys(entry, `approvals[${index}]`, APPROVAL_KEYS);
    const token = resolveToken(entry.token, `approvals[${index}].token`);
    const spender =
      entry.spender === undefined
        ? target
        : parseAddress(entry.spender, `approvals[${index}].spender`, { allowZero: false });
    const amount =
      entry.amount === "max"
        ? maxUint256
        : parseAmount(entry.amount, {
            decimals: token.decimals,
            token: token.symbol,
            field: `approvals[${index}].amount`,
          });
    if (approvals.some((other) => other.token.address === token.address && other.spender === spender)) {
      throw new InvalidContractCallError({
        field: `approvals[${index}]`,
        reason: `duplicate approval of ${token.symbol} for ${spender}`,
      });
    }
    approvals.push({ token, spender, amount });
  });
  const description =
    parameters.description === undefined
      ? `Call ${call.name} on ${target}${value > 0n ? ` with ${formatAmount(value, 18)} CELO` : ""}`
      : parameters.description;
  if (typeof description !== "string")
    throw new InvalidContractCallError({ field: "description", reason: "must be a string" });

  const approveSteps = approvals.map((approval) =>
    buildApproveStep({
      token: approval.token,
      spender: approval.spender,
      amount: approval.amount,
      tag: client.tag,
    }),
  );
  const callData = client.tag(call.data);
  // The fee's sketch: every approval, then the call (an approval already in place is left out when it settles).
  const plan = await planFlowFee(client, parameters.feeCurrency, {
    from: sender,
    alternatives: [[...approveSteps, { to: target, data: callData, value }]],
  });
  const reads: ReadCall[] = approvals.map((approval) =>
    allowanceCall(approval.token, sender, approval.spender),
  );
  if (value > 0n) reads.push(ethBalanceRead(sender));
  const {
    reads: results,
    blockNumber,
    fee,
  } = await readWithFeePlan(client, { reads, plan, signal: parameters.signal });

  if (value > 0n) {
    const balance = decodeEthBalance(results[approvals.length]);
    expectBalance(sender, { symbol: "CELO", decimals: 18 }, balance, value);
  }

  const steps: PreparedStep[] = [];
  approvals.forEach((approval, index) => {
    const allowance = expectUint(results[index], approval.token, "allowance");
    if (allowance >= approval.amount) return;
    steps.push(approveSteps[index]!);
  });
  steps.push({
    kind: "contract",
    to: target,
    data: callData,
    value: value.toString(),
    description,
    call: {
      contract: contractLabel(target),
      functionName: call.name,
      args: toJsonValue((parameters as { args?: unknown }).args ?? []) as JsonValue[],
    },
  });
  const approvalsNote =
    steps.length > 1 ? ` after ${steps.length - 1} approval${steps.length > 2 ? "s" : ""}` : "";
  const flow: SerializedPreparedFlow = {
    preparedFlow: true,
    chainId: CHAIN_ID,
    from: sender,
    summary: `${description}${approvalsNote}`,
    steps,
    intent: { kind: "contractCall", to: target, functionName: call.name },
    preparedAt: { blockNumber: String(blockNumber) },
  };
  return settleFlowFee(plan, flow, fee.reads, fee.calls, {
    // what the call may spend: its CELO value and every approved amount (not an unlimited one)
    spend: [
      { token: TOKENS.CELO, amount: value },
      ...approvals
        .filter((approval) => approval.amount !== maxUint256)
        .map((approval) => ({ token: approval.token, amount: approval.amount })),
    ],
  });
}
