import { functionAbi, param, tuple } from "../../abi/functionAbi.js";

const poolKey = tuple("tuple", "poolKey", [
  param("address", "currency0"),
  param("address", "currency1"),
  param("uint24", "fee"),
  param("int24", "tickSpacing"),
  param("address", "hooks"),
]);

/**
 * V4Quoter's exact-input single-pool quote, as a literal ABI. Not `view`: the quoter runs the swap inside the
 * PoolManager and reverts with the result, which it catches and returns to an outside caller, so Multicall3 can
 * batch it with `allowFailure` (a pool that does not exist fails just its own entry). @internal
 */
export const uniswapV4QuoterAbi = [
  functionAbi(
    "quoteExactInputSingle",
    "nonpayable",
    [
      tuple("tuple", "params", [
        poolKey,
        param("bool", "zeroForOne"),
        param("uint128", "exactAmount"),
        param("bytes", "hookData"),
      ]),
    ],
    [param("uint256", "amountOut"), param("uint256", "gasEstimate")],
  ),
] as const;
