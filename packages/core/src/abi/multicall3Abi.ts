import { functionAbi, param, tuple } from "./functionAbi.js";

const uint256Out = [param("uint256")] as const;

/**
 * The Multicall3 functions preflow uses, as a literal ABI (viem's `multicall3Abi` and `parseAbi` would bring
 * more code into a browser bundle than these four entries). `aggregate3` is the first.
 */
export const multicall3Abi = [
  functionAbi(
    "aggregate3",
    "payable",
    [
      tuple("tuple[]", "calls", [
        param("address", "target"),
        param("bool", "allowFailure"),
        param("bytes", "callData"),
      ]),
    ],
    [tuple("tuple[]", "returnData", [param("bool", "success"), param("bytes", "returnData")])],
  ),
  functionAbi("getBlockNumber", "view", [], uint256Out),
  functionAbi("getEthBalance", "view", [param("address", "addr")], uint256Out),
  functionAbi("getCurrentBlockTimestamp", "view", [], uint256Out),
] as const;

/** Multicall3's `aggregate3` (`allowFailure` per call), the entry of {@link multicall3Abi} every batched read goes through. */
export const aggregate3Function = multicall3Abi[0];
