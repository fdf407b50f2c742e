// The Aave v3 functions preflow uses, as literal `as const` ABIs (viem's `parseAbi` would bring its parser into
// a browser bundle). Signatures are the same on the devnet's v3.0.2 and mainnet's v3.3.
import { functionAbi, param, tuple } from "../../abi/functionAbi.js";

const address = <const name extends string>(name: name) => param("address", name);
const uint256 = <const name extends string>(name: name) => param("uint256", name);
const uint128 = <const name extends string>(name: name) => param("uint128", name);
const referralCode = param("uint16", "referralCode");

/**
 * The Aave v3 Pool functions preflow calls and reads (`supply`, `withdraw`, `borrow`, `repay`,
 * `getUserAccountData`, `getReserveData`, `getReservesList`), as a literal ABI for viem. Also what a policy uses
 * to decode the calldata of a lending flow.
 *
 * @example
 * ```ts
 * import { aaveV3PoolAbi } from "@preflow/core";
 * import { decodeFunctionData } from "viem";
 * const { functionName, args } = decodeFunctionData({ abi: aaveV3PoolAbi, data: flow.steps.at(-1)!.data });
 * ```
 */
export const aaveV3PoolAbi = [
  functionAbi(
    "supply",
    "nonpayable",
    [address("asset"), uint256("amount"), address("onBehalfOf"), referralCode],
    [],
  ),
  functionAbi("withdraw", "nonpayable", [address("asset"), uint256("amount"), address("to")], [uint256("")]),
  functionAbi(
    "borrow",
    "nonpayable",
    [address("asset"), uint256("amount"), uint256("interestRateMode"), referralCode, address("onBehalfOf")],
    [],
  ),
  functionAbi(
    "repay",
    "nonpayable",
    [address("asset"), uint256("amount"), uint256("interestRateMode"), address("onBehalfOf")],
    [uint256("")],
  ),
  functionAbi(
    "getUserAccountData",
    "view",
    [address("user")],
    [
      uint256("totalCollateralBase"),
      uint256("totalDebtBase"),
      uint256("availableBorrowsBase"),
      uint256("currentLiquidationThreshold"),
      uint256("ltv"),
      uint256("healthFactor"),
    ],
  ),
  functionAbi(
    "getReserveData",
    "view",
    [address("asset")],
    [
      tuple("tuple", "", [
        tuple("tuple", "configuration", [uint256("data")]),
        uint128("liquidityIndex"),
        uint128("currentLiquidityRate"),
        uint128("variableBorrowIndex"),
        uint128("currentVariableBorrowRate"),
        uint128("currentStableBorrowRate"),
        param("uint40", "lastUpdateTimestamp"),
        param("uint16", "id"),
        address("aTokenAddress"),
        address("stableDebtTokenAddress"),
        address("variableDebtTokenAddress"),
        address("interestRateStrategyAddress"),
        uint128("accruedToTreasury"),
        uint128("unbacked"),
        uint128("isolationModeTotalDebt"),
      ]),
    ],
  ),
  functionAbi("getReservesList", "view", [], [param("address[]")]),
] as const;

/** AaveOracle's `getAssetPrice` (USD, 8 decimals). @internal */
export const aaveV3OracleAbi = [
  functionAbi("getAssetPrice", "view", [address("asset")], [uint256("")]),
] as const;

/** AaveProtocolDataProvider's `getUserReserveData`. @internal */
export const aaveV3DataProviderAbi = [
  functionAbi(
    "getUserReserveData",
    "view",
    [address("asset"), address("user")],
    [
      uint256("currentATokenBalance"),
      uint256("currentStableDebt"),
      uint256("currentVariableDebt"),
      uint256("principalStableDebt"),
      uint256("scaledVariableDebt"),
      uint256("stableBorrowRate"),
      uint256("liquidityRate"),
      param("uint40", "stableRateLastUpdated"),
      param("bool", "usageAsCollateralEnabled"),
    ],
  ),
] as const;
