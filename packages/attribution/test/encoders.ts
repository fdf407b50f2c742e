import { AbiFunction } from "ox";
import type { Address, Hex } from "../src/types.js";

/** Human-readable signatures of the functions the bundle decoder reads, as the reference for the tests. */
export const handleOps = AbiFunction.from(
  "function handleOps((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)[] ops, address beneficiary)",
);
export const execute = AbiFunction.from("function execute(address dest, uint256 value, bytes func)");
export const executeBatch07 = AbiFunction.from(
  "function executeBatch(address[] dest, uint256[] value, bytes[] func)",
);
export const executeBatch06 = AbiFunction.from("function executeBatch(address[] dest, bytes[] func)");
export const executeBatch08 = AbiFunction.from(
  "function executeBatch((address target, uint256 value, bytes data)[] calls)",
);

export type TestCall = { to: Address; value: bigint; data: Hex };

/** userOp.callData as SimpleAccount 0.7 encodes calls (permissionless does the same). */
export function encodeAccountCalls(calls: readonly TestCall[]): Hex {
  if (calls.length === 1) {
    const [call] = calls as [TestCall];
    return AbiFunction.encodeData(execute, [call.to, call.value, call.data]);
  }
  return AbiFunction.encodeData(executeBatch07, [
    calls.map((call) => call.to),
    calls.map((call) => call.value),
    calls.map((call) => call.data),
  ]);
}

export type TestUserOperation = { sender: Address; nonce: bigint; callData: Hex };

/** A bundle transaction's input: EntryPoint 0.7 handleOps. */
export function encodeHandleOps(ops: readonly TestUserOperation[], beneficiary: Address): Hex {
  return AbiFunction.encodeData(handleOps, [
    ops.map((op) => ({
      sender: op.sender,
      nonce: op.nonce,
      initCode: "0x" as Hex,
      callData: op.callData,
      accountGasLimits: `0x${"00".repeat(32)}` as Hex,
      preVerificationGas: 50_000n,
      gasFees: `0x${"00".repeat(32)}` as Hex,
      paymasterAndData: "0x" as Hex,
      signature: `0x${"11".repeat(65)}` as Hex,
    })),
    beneficiary,
  ]);
}
