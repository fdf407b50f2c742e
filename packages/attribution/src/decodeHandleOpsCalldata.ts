import * as AbiParameters from "ox/AbiParameters";
import { decodeSmartAccountCalls, type SmartAccountCall } from "./decodeSmartAccountCalls.js";
import { handleOpsParameters, handleOpsSelector } from "./internal/abi.js";
import { isHexData } from "./internal/hex.js";
import type { Address, Hex } from "./types.js";

/**
 * One UserOperation of a bundle, decoded down to its inner calls.
 *
 * @example
 * ```ts
 * import type { BundledUserOperation } from "@preflow/attribution";
 *
 * const op: BundledUserOperation = {
 *   index: 0,
 *   sender: "0x1111111111111111111111111111111111111111",
 *   nonce: 0n,
 *   callData: "0xb61d27f6",
 *   function: null,
 *   calls: null,
 * };
 * ```
 */
export type BundledUserOperation = {
  /** Position in the bundle's `ops` array. */
  index: number;
  /** The smart account (EIP-55 checksummed). */
  sender: Address;
  nonce: bigint;
  /** `userOp.callData` as submitted (lowercase hex). */
  callData: Hex;
  /** The account function `callData` calls, or `null` when it is not a supported SimpleAccount call. */
  function: "execute" | "executeBatch" | null;
  /** The inner calls, or `null` when `callData` is not a supported SimpleAccount call. */
  calls: SmartAccountCall[] | null;
};

/**
 * The decoded bundle, or `null` when the calldata is not an EntryPoint v0.7 `handleOps` call that decodes.
 *
 * @example
 * ```ts
 * import type { DecodeHandleOpsCalldataReturnType } from "@preflow/attribution";
 *
 * const bundle: DecodeHandleOpsCalldataReturnType = {
 *   beneficiary: "0x2222222222222222222222222222222222222222",
 *   userOperations: [],
 * };
 * ```
 */
export type DecodeHandleOpsCalldataReturnType = {
  /** Who receives the bundle's gas refund (EIP-55 checksummed). */
  beneficiary: Address;
  userOperations: BundledUserOperation[];
} | null;

/**
 * Decodes the input of an EntryPoint v0.7 bundle transaction,
 * `handleOps(PackedUserOperation[] ops, address beneficiary)` (selector `0x765e827f`), and each
 * UserOperation's `callData` with {@link decodeSmartAccountCalls}. Never throws: input that is not such a
 * call, or does not decode, gives `null`.
 *
 * @example
 * ```ts
 * import { decodeHandleOpsCalldata } from "@preflow/attribution";
 *
 * const bundle = decodeHandleOpsCalldata(transaction.input);
 * for (const op of bundle?.userOperations ?? [])
 *   for (const call of op.calls ?? []) console.log(op.sender, "->", call.target, call.data);
 * ```
 */
export function decodeHandleOpsCalldata(input: string): DecodeHandleOpsCalldataReturnType {
  if (!isHexData(input) || input.slice(0, 10).toLowerCase() !== handleOpsSelector) return null;
  let decoded: AbiParameters.decode.ReturnType<typeof handleOpsParameters>;
  try {
    decoded = AbiParameters.decode(handleOpsParameters, `0x${input.slice(10)}`, { checksumAddress: true });
  } catch {
    return null;
  }
  const [ops, beneficiary] = decoded;
  return {
    beneficiary,
    userOperations: ops.map((op, index) => {
      const account = decodeSmartAccountCalls(op.callData);
      return {
        index,
        sender: op.sender,
        nonce: op.nonce,
        callData: op.callData,
        function: account?.function ?? null,
        calls: account?.calls ?? null,
      };
    }),
  };
}
