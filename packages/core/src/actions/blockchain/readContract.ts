import { rejectUnknownKeys } from "@preflow/errors";
import {
  type Abi,
  type AbiFunction,
  type Address,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
} from "viem";
import { aggregate3Function, multicall3Abi } from "../../abi/multicall3Abi.js";
import { MULTICALL3_ADDRESS } from "../../chain.js";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { ContractReadError } from "../../errors/chainRead.js";
import { toJsonValue } from "../../flow/toJsonValue.js";
import type { JsonValue } from "../../flow/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { decodeOutputs } from "../../rpc/decodeFunctionResultStrict.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { parseAddress } from "../../validation/parseAddress.js";
import { decodeRevertReason } from "../transaction/decodeRevertReason.js";
import { type AbiInput, parseAbiInput } from "./parseAbiInput.js";

/**
 * Parameters of {@link readContract}.
 *
 * @example
 * ```ts
 * import type { ReadContractParameters } from "@preflow/core";
 * const parameters: ReadContractParameters = {
 *   to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   abi: ["function balanceOf(address owner) view returns (uint256)"],
 *   functionName: "balanceOf",
 *   args: ["0x4444444444444444444444444444444444444444"],
 * };
 * ```
 */
export interface ReadContractParameters extends ActionOptions {
  /** The contract. */
  to: string;
  /** Human-readable signatures or a JSON ABI ({@link AbiInput}); at least the function called. */
  abi: AbiInput;
  /** A `view` or `pure` function of `abi` (overloads are told apart by the number of `args`). */
  functionName: string;
  /** Its arguments, as viem encodes them (`bigint` or decimal strings for integers, hex for bytes). */
  args?: readonly unknown[] | undefined;
}

/**
 * The return type of {@link readContract}: JSON-safe (integers as decimal strings, bytes as hex, structs as
 * objects), so it crosses MCP and HTTP unchanged.
 *
 * @example
 * ```ts
 * import type { ReadContractReturnType } from "@preflow/core";
 * const { result }: ReadContractReturnType = await client.blockchain.readContract(parameters); // "1000000"
 * ```
 */
export interface ReadContractReturnType {
  to: Address;
  /** The function's signature, e.g. `balanceOf(address)`. */
  function: string;
  /** One output: its value; several: an array; none: `null`. */
  result: JsonValue;
}

/**
 * The errors {@link readContract} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `to` is not an address; before any I/O.
 * - {@link InvalidArgumentError}: `abi` is not an ABI, `functionName` is not in it or is not `view`/`pure`, `args` do not fit, an unknown key, or a `signal` that is not an AbortSignal; before any I/O.
 * - {@link ContractReadError}: the call reverted (the reason decoded when it is `Error(string)`, `Panic` or an error of `abi`), or the answer is not the canonical encoding of the function's outputs (no contract at `to` included).
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError`, `RpcError` (URL redacted), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { ReadContractErrorType } from "@preflow/core";
 * ```
 */
export type ReadContractErrorType =
  | InvalidAddressError
  | InvalidArgumentError
  | ContractReadError
  | ReadBatchErrorType;

const KEYS = ["to", "abi", "functionName", "args", "signal"] as const;

/** The function of `abi` named `functionName` that `args` fit (by count, then by encoding). */
function pickFunction(
  abi: Abi,
  functionName: unknown,
  args: readonly unknown[],
): { item: AbiFunction; data: Hex } {
  if (typeof functionName !== "string" || functionName === "")
    throw new InvalidArgumentError({
      field: "functionName",
      value: functionName,
      rule: "must be a function name",
    });
  const named = abi.filter(
    (entry): entry is AbiFunction => entry.type === "function" && entry.name === functionName,
  );
  if (named.length === 0) {
    const names = [...new Set(abi.flatMap((entry) => (entry.type === "function" ? [entry.name] : [])))];
    throw new InvalidArgumentError({
      field: "functionName",
      value: functionName,
      rule: `is not a function of the ABI given (it has: ${names.slice(0, 12).join(", ") || "no functions"})`,
    });
  }
  const fitting = named.filter((entry) => entry.inputs.length === args.length);
  if (fitting.length === 0)
    throw new InvalidArgumentError({
      field: "args",
      value: args,
      rule: `${functionName} takes ${[...new Set(named.map((entry) => entry.inputs.length))].join(" or ")} argument(s), not ${args.length}`,
    });
  let lastError: unknown;
  for (const item of fitting) {
    const mutability =
      item.stateMutability ?? ((item as { constant?: boolean }).constant ? "view" : "nonpayable");
    if (mutability !== "view" && mutability !== "pure") {
      lastError = new InvalidArgumentError({
        field: "functionName",
        value: functionName,
        rule: `is ${mutability}, not view or pure: only reads are run here (prepare a transaction to call it)`,
      });
      continue;
    }
    try {
      return { item, data: encodeFunctionData({ abi: [item], functionName, args } as never) };
    } catch (error) {
      const short = (error as { shortMessage?: unknown }).shortMessage;
      lastError = new InvalidArgumentError({
        field: "args",
        value: args,
        rule: `do not fit ${functionName}(${item.inputs.map((input) => input.type).join(",")})${typeof short === "string" ? `: ${short}` : ""}`,
      });
    }
  }
  throw lastError;
}

/**
 * A revert's reason from its data: an error of `abi` (the contract's own), else what preflow's one revert decoder
 * reads (`Error(string)`, `Panic(uint256)` with its meaning, the registered protocols' errors, the selector).
 * Never throws.
 */
function revertReason(abi: Abi, data: unknown): string {
  if (typeof data === "string" && /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(data)) {
    try {
      const { errorName, args } = decodeErrorResult({ abi, data: data as Hex });
      return `the call reverted: ${errorName}(${(args ?? [])
        .map((arg) => JSON.stringify(toJsonValue(arg)))
        .join(", ")
        .slice(0, 400)})`;
    } catch {
      // not an error of `abi`: the shared decoder below
    }
  }
  const { message } = decodeRevertReason(data);
  return message.startsWith("reverted") ? `the call ${message}` : `the call reverted: ${message}`;
}

/**
 * Calls any `view` or `pure` function of any contract (`eth_call` on the latest block, through Multicall3's
 * `aggregate3` so that a revert comes back with its data: `msg.sender` is Multicall3) with an ABI given as
 * human-readable signatures or JSON, and returns the result JSON-safe. Non-view functions are refused before any
 * I/O; the answer is decoded strictly (exactly the canonical encoding of the outputs, or a `ContractReadError`),
 * and a revert's reason is decoded. A tracked read (`blockchain.readContract`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link ReadContractErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readContract } from "@preflow/core";
 * const { result } = await readContract(createSdkBaseClient(), {
 *   to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   abi: "function balanceOf(address owner) view returns (uint256)",
 *   functionName: "balanceOf",
 *   args: ["0x4444444444444444444444444444444444444444"],
 * });
 * console.log(result); // "1000000000000000000" (a decimal string)
 * ```
 */
export async function readContract(
  client: SdkBaseClient,
  parameters: ReadContractParameters,
): Promise<ReadContractReturnType> {
  const {
    to: toInput,
    abi: abiInput,
    functionName,
    args = [],
    signal,
  } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const to = parseAddress(toInput, "to");
  const abi = parseAbiInput(abiInput);
  if (!Array.isArray(args))
    throw new InvalidArgumentError({ field: "args", value: args, rule: "must be an array" });
  const { item, data } = pickFunction(abi, functionName, args);
  const signature = `${item.name}(${item.inputs.map((input) => input.type).join(",")})`;
  return client.track("blockchain.readContract", undefined, async () => {
    // through Multicall3 (`allowFailure`): a revert comes back as data to decode, not as a node error
    const [raw] = await client.rpc.batch(
      [
        {
          method: "eth_call",
          params: [
            {
              to: MULTICALL3_ADDRESS,
              data: encodeFunctionData({
                abi: multicall3Abi,
                functionName: "aggregate3",
                args: [[{ target: to, allowFailure: true, callData: data }]],
              }),
            },
            "latest",
          ],
        },
      ],
      { signal },
    );
    const outer = decodeOutputs(aggregate3Function.outputs, raw);
    const entry = outer.ok
      ? (outer.values[0] as readonly { success: boolean; returnData: Hex }[])[0]
      : undefined;
    if (!outer.ok || entry === undefined || (outer.values[0] as readonly unknown[]).length !== 1)
      throw toRpcError(
        new Error(`Multicall3 aggregate3 returned ${outer.ok ? "a wrong number of results" : outer.reason}`),
        {
          rpcUrl: client.rpc.rpcUrl,
          method: `eth_call (aggregate3 at ${MULTICALL3_ADDRESS})`,
        },
      );
    if (!entry.success)
      throw new ContractReadError({
        address: to,
        functionName: signature,
        reason: revertReason(abi, entry.returnData),
        data: entry.returnData,
      });
    const answer = entry.returnData;
    const decoded = decodeOutputs(item.outputs, answer);
    if (!decoded.ok)
      throw new ContractReadError({
        address: to,
        functionName: signature,
        reason: `the answer is ${decoded.reason}${answer === "0x" ? " (is there a contract at this address?)" : ""}`,
      });
    const values = decoded.values;
    const result =
      values.length === 0 ? null : toJsonValue(values.length === 1 ? values[0] : namedOutputs(item, values));
    return { to, function: signature, result };
  });
}

/** Several outputs: an object when every output is named, else an array. */
function namedOutputs(item: AbiFunction, values: readonly unknown[]): unknown {
  const names = item.outputs.map((output) => output.name);
  if (names.every((name) => typeof name === "string" && name !== "") && new Set(names).size === names.length)
    return Object.fromEntries(names.map((name, index) => [name, values[index]]));
  return values;
}
