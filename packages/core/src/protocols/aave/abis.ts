// The Aave v3 functions preflow uses, as literal `as const` ABIs (viem's `parseAbi` would bring its parser into
// a browser bundle). Signatures are the same on the devnet's v3.0.2 and mainnet's v3.3.
const address = <const name extends string>(name: name) => ({ name, type: "address" }) as const;
const uint256 = <const name extends string>(name: name) => ({ name, type: "uint256" }) as const;

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
  {
    type: "function",
    name: "supply",
    stateMutability: "nonpayable",
    inputs: [
      address("asset"),
      uint256("amount"),
      address("onBehalfOf"),
      { name: "referralCode", type: "uint16" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "withdraw",
    stateMutability: "nonpayable",
    inputs: [address("asset"), uint256("amount"), address("to")],
    outputs: [uint256("")],
  },
  {
    type: "function",
    name: "borrow",
    stateMutability: "nonpayable",
    inputs: [
      address("asset"),
      uint256("amount"),
      uint256("interestRateMode"),
      { name: "referralCode", type: "uint16" },
      address("onBehalfOf"),
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "repay",
    stateMutability: "nonpayable",
    inputs: [address("asset"), uint256("amount"), uint256("interestRateMode"), address("onBehalfOf")],
    outputs: [uint256("")],
  },
  {
    type: "function",
    name: "getUserAccountData",
    stateMutability: "view",
    inputs: [address("user")],
    outputs: [
      uint256("totalCollateralBase"),
      uint256("totalDebtBase"),
      uint256("availableBorrowsBase"),
      uint256("currentLiquidationThreshold"),
      uint256("ltv"),
      uint256("healthFactor"),
    ],
  },
  {
    type: "function",
    name: "getReserveData",
    stateMutability: "view",
    inputs: [address("asset")],
    outputs: [
      {
        name: "",
        type: "tuple",
        components: [
          { name: "configuration", type: "tuple", components: [uint256("data")] },
          { name: "liquidityIndex", type: "uint128" },
          { name: "currentLiquidityRate", type: "uint128" },
          { name: "variableBorrowIndex", type: "uint128" },
          { name: "currentVariableBorrowRate", type: "uint128" },
          { name: "currentStableBorrowRate", type: "uint128" },
          { name: "lastUpdateTimestamp", type: "uint40" },
          { name: "id", type: "uint16" },
          address("aTokenAddress"),
          address("stableDebtTokenAddress"),
          address("variableDebtTokenAddress"),
          address("interestRateStrategyAddress"),
          { name: "accruedToTreasury", type: "uint128" },
          { name: "unbacked", type: "uint128" },
          { name: "isolationModeTotalDebt", type: "uint128" },
        ],
      },
    ],
  },
  {
    type: "function",
    name: "getReservesList",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "address[]" }],
  },
] as const;

/** AaveOracle's `getAssetPrice` (USD, 8 decimals). @internal */
export const aaveV3OracleAbi = [
  {
    type: "function",
    name: "getAssetPrice",
    stateMutability: "view",
    inputs: [address("asset")],
    outputs: [uint256("")],
  },
] as const;

/** AaveProtocolDataProvider's `getUserReserveData`. @internal */
export const aaveV3DataProviderAbi = [
  {
    type: "function",
    name: "getUserReserveData",
    stateMutability: "view",
    inputs: [address("asset"), address("user")],
    outputs: [
      uint256("currentATokenBalance"),
      uint256("currentStableDebt"),
      uint256("currentVariableDebt"),
      uint256("principalStableDebt"),
      uint256("scaledVariableDebt"),
      uint256("stableBorrowRate"),
      uint256("liquidityRate"),
      { name: "stableRateLastUpdated", type: "uint40" },
      { name: "usageAsCollateralEnabled", type: "bool" },
    ],
  },
] as const;
