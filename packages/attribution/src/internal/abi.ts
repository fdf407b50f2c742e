/** ABI parameters (JSON form, so no human-readable parser is bundled) of the calls the bundle decoder reads. */

/** `EntryPoint.handleOps(PackedUserOperation[] ops, address beneficiary)`, EntryPoint v0.7. */
export const handleOpsSelector = "0x765e827f";
export const handleOpsParameters = [
  {
    type: "tuple[]",
    name: "ops",
    components: [
      { type: "address", name: "sender" },
      { type: "uint256", name: "nonce" },
      { type: "bytes", name: "initCode" },
      { type: "bytes", name: "callData" },
      { type: "bytes32", name: "accountGasLimits" },
      { type: "uint256", name: "preVerificationGas" },
      { type: "bytes32", name: "gasFees" },
      { type: "bytes", name: "paymasterAndData" },
      { type: "bytes", name: "signature" },
    ],
  },
  { type: "address", name: "beneficiary" },
] as const;

/** SimpleAccount `execute(address dest, uint256 value, bytes func)` (v0.6, v0.7 and v0.8). */
export const executeSelector = "0xb61d27f6";
export const executeParameters = [
  { type: "address", name: "dest" },
  { type: "uint256", name: "value" },
  { type: "bytes", name: "func" },
] as const;

/** SimpleAccount v0.7 `executeBatch(address[] dest, uint256[] value, bytes[] func)`. */
export const executeBatch07Selector = "0x47e1da2a";
export const executeBatch07Parameters = [
  { type: "address[]", name: "dest" },
  { type: "uint256[]", name: "value" },
  { type: "bytes[]", name: "func" },
] as const;

/** SimpleAccount v0.6 `executeBatch(address[] dest, bytes[] func)`. */
export const executeBatch06Selector = "0x18dfb3c7";
export const executeBatch06Parameters = [
  { type: "address[]", name: "dest" },
  { type: "bytes[]", name: "func" },
] as const;

/** SimpleAccount v0.8 `executeBatch((address target, uint256 value, bytes data)[] calls)`. */
export const executeBatch08Selector = "0x34fcd5be";
export const executeBatch08Parameters = [
  {
    type: "tuple[]",
    name: "calls",
    components: [
      { type: "address", name: "target" },
      { type: "uint256", name: "value" },
      { type: "bytes", name: "data" },
    ],
  },
] as const;
