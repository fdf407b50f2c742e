import { rejectUnknownKeys, typeName } from "@preflow/errors";
import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type AbiStateMutability,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type DecodeFunctionResultReturnType,
  decodeAbiParameters,
  encodeAbiParameters,
  getAbiItem,
  type Hex,
} from "viem";
import type { InvalidArgumentError } from "../errors/argument.js";
import { redactUrl } from "../errors/redact.js";
import { RpcError } from "../errors/rpc.js";

/** Bytes of return data preflow decodes at most (a larger answer is refused, not decoded). */
const MAX_RETURN_BYTES = 1 << 20;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** The arguments of `functionName` in `abi`, whatever its state mutability (a `view`, `pure` or state-changing function). */
export type AnyFunctionArgs<
  abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi>,
> = ContractFunctionArgs<abi, AbiStateMutability, functionName>;

/**
 * Parameters of {@link decodeFunctionResultStrict}.
 *
 * @example
 * ```ts
 * import type { DecodeFunctionResultStrictParameters } from "@preflow/core";
 * import { erc20Abi } from "viem";
 * const parameters: DecodeFunctionResultStrictParameters<typeof erc20Abi, "balanceOf"> = {
 *   abi: erc20Abi, functionName: "balanceOf", data: "0x…", target: usdm, rpcUrl: client.rpc.rpcUrl,
 * };
 * ```
 */
export interface DecodeFunctionResultStrictParameters<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi> = ContractFunctionName<abi>,
  args extends AnyFunctionArgs<abi, functionName> = AnyFunctionArgs<abi, functionName>,
> {
  /** The contract's ABI (at least the function called). */
  abi: abi;
  /** The function called (or its 4-byte selector). */
  functionName: functionName | Hex;
  /** The call's arguments, only needed to pick one of several overloads of `functionName`. */
  args?: args | undefined;
  /** What the node returned (anything: it is checked). */
  data: unknown;
  /** The contract called, for the error message. */
  target: Address;
  /** The endpoint as configured (redacted in the error). */
  rpcUrl: string;
}

/**
 * The return type of {@link decodeFunctionResultStrict}: viem's `decodeFunctionResult` types (one output: the
 * value; several: an array; none: `undefined`).
 *
 * @example
 * ```ts
 * import type { DecodeFunctionResultStrictReturnType } from "@preflow/core";
 * import type { erc20Abi } from "viem";
 * type Balance = DecodeFunctionResultStrictReturnType<typeof erc20Abi, "balanceOf">; // bigint
 * ```
 */
export type DecodeFunctionResultStrictReturnType<
  abi extends Abi | readonly unknown[] = Abi,
  functionName extends ContractFunctionName<abi> = ContractFunctionName<abi>,
  args extends AnyFunctionArgs<abi, functionName> = AnyFunctionArgs<abi, functionName>,
> = DecodeFunctionResultReturnType<abi, functionName, args>;

/**
 * The errors {@link decodeFunctionResultStrict} throws (every one an `SdkError`), and when.
 *
 * - {@link InvalidArgumentError}: `parameters` is not an object or has an unknown key; before anything is decoded.
 * - {@link RpcError}: the data is not the canonical encoding of the function's outputs (`details.read` names it).
 *
 * @example
 * ```ts
 * import type { DecodeFunctionResultStrictErrorType } from "@preflow/core";
 * ```
 */
export type DecodeFunctionResultStrictErrorType = InvalidArgumentError | RpcError;

/**
 * Decodes the return data of a contract call, strictly: the bytes must be exactly the canonical ABI encoding of
 * the function's outputs (a static return exactly its size, dynamic values at canonical offsets, in bounds,
 * zero-padded; addresses, booleans and small integers without stray high bits). Anything else (40 bytes for a
 * `uint256`, trailing bytes, a bad offset, not hex at all) is an {@link RpcError} naming the function and the
 * contract, never a silently wrong value. viem's `decodeFunctionResult` reads the first 32 bytes of a longer
 * answer; this does not. {@link readBatch} uses it for every read that carries its `abi`; use it for a direct
 * `eth_call`.
 *
 * @returns The decoded value(s), as viem's `decodeFunctionResult` returns them.
 * @throws {@link DecodeFunctionResultStrictErrorType} (an {@link RpcError} for data that is not the canonical
 *   encoding: `details.read` is `{ target, functionName }`; `details.method` names them too).
 *
 * @example
 * ```ts
 * import { decodeFunctionResultStrict } from "@preflow/core";
 * import { encodeFunctionData, erc20Abi } from "viem";
 *
 * const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] });
 * const [answer] = await client.rpc.batch([{ method: "eth_call", params: [{ to: usdm, data }, "latest"] }]);
 * const balance = decodeFunctionResultStrict({
 *   abi: erc20Abi, functionName: "balanceOf", data: answer, target: usdm, rpcUrl: client.rpc.rpcUrl,
 * }); // bigint, or RpcError for a 40-byte answer
 * ```
 */
export function decodeFunctionResultStrict<
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi>,
  const args extends AnyFunctionArgs<abi, functionName>,
>(
  parameters: DecodeFunctionResultStrictParameters<abi, functionName, args>,
): DecodeFunctionResultStrictReturnType<abi, functionName, args> {
  rejectUnknownKeys(parameters, "parameters", ["abi", "functionName", "args", "data", "target", "rpcUrl"]);
  const { abi, functionName, args, data, target, rpcUrl } = parameters;
  let item: AbiFunction | undefined;
  try {
    item = getAbiItem({ abi: abi as Abi, name: functionName as string, args: args as never }) as
      | AbiFunction
      | undefined;
  } catch {
    item = undefined;
  }
  const label = `${item?.name ?? String(functionName).slice(0, 66)} at ${target}`;
  const name = item?.name ?? String(functionName).slice(0, 66);
  if (item?.type !== "function") {
    throw wrongReadError({
      rpcUrl,
      target,
      functionName: name,
      reason: `the ABI given has no function ${name}`,
    });
  }
  const result = decodeOutputs(item.outputs, data);
  if (!result.ok) {
    throw wrongReadError({
      rpcUrl,
      target,
      functionName: name,
      reason: `${label} returned ${result.reason}`,
    });
  }
  const values = result.values;
  return (values.length > 1 ? values : values[0]) as DecodeFunctionResultStrictReturnType<
    abi,
    functionName,
    args
  >;
}

/** The outcome of {@link decodeOutputs}. @internal */
export type StrictDecodeResult = { ok: true; values: readonly unknown[] } | { ok: false; reason: string };

/**
 * Decodes `data` as exactly the canonical encoding of `outputs`: decode with viem, encode the values again and
 * require the very same bytes. Never throws. @internal
 */
export function decodeOutputs(outputs: readonly AbiParameter[], data: unknown): StrictDecodeResult {
  const types = `(${outputs.map(typeOf).join(",")})`;
  if (typeof data !== "string") return { ok: false, reason: `${typeName(data)}, not hex bytes of ${types}` };
  if (!HEX_BYTES.test(data)) return { ok: false, reason: `data that is not hex bytes, not ${types}` };
  const size = (data.length - 2) / 2;
  if (size > MAX_RETURN_BYTES) return { ok: false, reason: `${size} bytes, more than preflow decodes` };
  if (size === 0 && outputs.length > 0) return { ok: false, reason: `no data, not ${types}` };
  let values: readonly unknown[];
  let canonical: Hex;
  try {
    values = decodeAbiParameters(outputs, data as Hex);
    canonical = encodeAbiParameters(outputs, values as never);
  } catch {
    return { ok: false, reason: `${size} bytes that do not decode as ${types}` };
  }
  if (canonical.toLowerCase() !== data.toLowerCase()) {
    const expected = (canonical.length - 2) / 2;
    return {
      ok: false,
      reason:
        expected === size
          ? `${size} bytes that are not the canonical ABI encoding of ${types}`
          : `${size} bytes, not the ${expected} bytes of the canonical ABI encoding of ${types}`,
    };
  }
  return { ok: true, values };
}

/** The canonical type of an ABI parameter (`(address,uint256)[]` for a tuple array). */
function typeOf(parameter: AbiParameter): string {
  if (!parameter.type.startsWith("tuple")) return parameter.type;
  const components = (parameter as { components?: readonly AbiParameter[] }).components ?? [];
  return `(${components.map(typeOf).join(",")})${parameter.type.slice(5)}`;
}

/**
 * The error for a read whose answer is wrong (or whose ABI lacks the function): an {@link RpcError} with
 * `details.read = { target, functionName }`, so a caller (the Aave actions) can tell which read failed without
 * parsing text. @internal
 */
export function wrongReadError(parameters: {
  rpcUrl: string;
  target: string;
  functionName: string;
  reason: string;
}): RpcError {
  const { rpcUrl, target, functionName, reason } = parameters;
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method: `eth_call (${functionName} at ${target})`,
    reason,
    read: { target, functionName },
  });
}
