// Aave v3 on the devnet: the published bytecode of @aave/core-v3 1.19.3 (protocol v3.0.2; mainnet runs v3.3+ with
// the same supply / withdraw / borrow / repay / getUserAccountData signatures) at the Celo mainnet addresses of
// @bgd-labs/aave-address-book 4.44.22 (`AaveV3Celo`), seeded in the prebuilt state, and a helper for tests.
import { type Address, encodeFunctionData, parseAbi, parseUnits } from "viem";
import type { DevnetClient } from "../connectDevnet.js";
import { priceFeedStandInAbi } from "../contracts.generated.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { type DevnetTokenSymbol, findDevnetToken } from "../tokens.js";

/** The Aave v3 market's contracts at their Celo mainnet addresses (a test checks them against the address book). */
export const AAVE_ADDRESSES = {
  poolAddressesProvider: "0x9F7Cf9417D5251C59fE94fB9147feEe1aAd9Cea5",
  pool: "0x3E59A31363E2ad014dcbc521c4a0d5757d9f3402",
  poolConfigurator: "0x7567E3434CC1BEf724AB595e6072367Ef4914691",
  aclManager: "0x7a12dCfd73C1B4cddf294da4cFce75FcaBBa314C",
  oracle: "0x1e693D088ceFD1E95ba4c4a5F7EeA41a1Ec37e8b",
  protocolDataProvider: "0x2e0f8D3B1631296cC7c56538D6Eb6032601E15ED",
  collector: "0xC959439207dA5341B74aDcdAC59016aa9Be7E9E7",
  defaultATokenImpl: "0x444E85e29F3417E0Df6B697bfDfE5E9A96B550e5",
  defaultVariableDebtTokenImpl: "0x7e16eeBAC3276515EDD0BC54E7241668eF015E33",
  interestRateStrategy: "0x8B62D241Bf59f40991DCd18531683156d7013355",
} as const satisfies Record<string, Address>;

/** A reserve of the devnet's market: mainnet id and addresses; risk parameters in basis points, price in USD. */
export interface AaveReserve {
  readonly symbol: DevnetTokenSymbol;
  readonly id: number;
  readonly aToken: Address;
  readonly variableDebtToken: Address;
  /** The price feed's mainnet address (a settable `PriceFeedStandIn` on the devnet). */
  readonly priceFeed: Address;
  readonly ltv: number;
  readonly liquidationThreshold: number;
  readonly liquidationBonus: number;
  readonly reserveFactor: number;
  /** The feed's answer in the prebuilt state, USD. */
  readonly price: string;
  /** Whole tokens the seed account supplies in the prebuilt state (borrowable liquidity). */
  readonly seedSupply: string;
}

/**
 * The market's reserves in mainnet id order. Risk parameters are mainnet-like (close to the Celo market's
 * listing, not read from the chain); supply and borrow caps are off.
 */
export const AAVE_RESERVES = {
  USDC: {
    symbol: "USDC",
    id: 0,
    aToken: "0xFF8309b9e99bfd2D4021bc71a362aBD93dBd4785",
    variableDebtToken: "0xDbe517c0FA6467873B684eCcbED77217E471E862",
    priceFeed: "0xBF704f2FfdB856805cE64D085cD50427823696D7",
    ltv: 7500,
    liquidationThreshold: 7800,
    liquidationBonus: 10500,
    reserveFactor: 1000,
    price: "1",
    seedSupply: "1000000",
  },
  USDT: {
    symbol: "USDT",
    id: 1,
    aToken: "0xDeE98402A302e4D707fB9bf2bac66fAEEc31e8Df",
    variableDebtToken: "0xE15324a9887999803b931Ac45aa89a94A9750052",
    priceFeed: "0x6e3d991C965364481796116dE68A8036d1b3Ecd0",
    ltv: 7500,
    liquidationThreshold: 7800,
    liquidationBonus: 10500,
    reserveFactor: 1000,
    price: "1",
    seedSupply: "1000000",
  },
  EURm: {
    symbol: "EURm",
    id: 2,
    aToken: "0x34c02571094e08E935B8cf8dC10F1Ad6795f1f81",
    variableDebtToken: "0x5C2B7EB5886B3cEc5CCE1019E34493da33291aF5",
    priceFeed: "0x3D207061Dbe8E2473527611BFecB87Ff12b28dDa",
    ltv: 7500,
    liquidationThreshold: 8000,
    liquidationBonus: 10500,
    reserveFactor: 1000,
    price: "1.08",
    seedSupply: "1000000",
  },
  USDm: {
    symbol: "USDm",
    id: 3,
    aToken: "0xBba98352628B0B0c4b40583F593fFCb630935a45",
    variableDebtToken: "0x05Ee3d1fBACbDbA1259946033cd7A42FDFcCcF0d",
    priceFeed: "0xdCdA3E7E90fe827776b8FDaEa3C5977F123354DA",
    ltv: 7500,
    liquidationThreshold: 8000,
    liquidationBonus: 10500,
    reserveFactor: 1000,
    price: "1",
    seedSupply: "1000000",
  },
  CELO: {
    symbol: "CELO",
    id: 4,
    aToken: "0xC3e77dC389537Db1EEc7C33B95Cf3beECA71A209",
    variableDebtToken: "0xaEa37B42955De2Ba2E4AF6581E46349bCD3Ea2d6",
    priceFeed: "0x0568fD19986748cEfF3301e55c0eb1E729E0Ab7e",
    ltv: 6300,
    liquidationThreshold: 6800,
    liquidationBonus: 11000,
    reserveFactor: 2000,
    price: "0.3",
    seedSupply: "3000000",
  },
  WETH: {
    symbol: "WETH",
    id: 5,
    aToken: "0xf385280F36e009C157697D25E0B802EfaBfd789c",
    variableDebtToken: "0x6508cff7c5FbA053Af00a4E894500e6fA00274B7",
    priceFeed: "0x1FcD30A73D67639c1cD89ff5746E7585731c083B",
    ltv: 8000,
    liquidationThreshold: 8300,
    liquidationBonus: 10600,
    reserveFactor: 1500,
    price: "3000",
    seedSupply: "500",
  },
} as const satisfies Record<string, AaveReserve>;

/** The Pool functions apps and tests use (signatures identical on mainnet's v3.3). */
export const aaveV3PoolAbi = parseAbi([
  "function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)",
  "function withdraw(address asset, uint256 amount, address to) returns (uint256)",
  "function borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)",
  "function repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf) returns (uint256)",
  "function setUserUseReserveAsCollateral(address asset, bool useAsCollateral)",
  "function getUserAccountData(address user) view returns (uint256 totalCollateralBase, uint256 totalDebtBase, uint256 availableBorrowsBase, uint256 currentLiquidationThreshold, uint256 ltv, uint256 healthFactor)",
  "function getReservesList() view returns (address[])",
  "function getReserveData(address asset) view returns (((uint256 data) configuration, uint128 liquidityIndex, uint128 currentLiquidityRate, uint128 variableBorrowIndex, uint128 currentVariableBorrowRate, uint128 currentStableBorrowRate, uint40 lastUpdateTimestamp, uint16 id, address aTokenAddress, address stableDebtTokenAddress, address variableDebtTokenAddress, address interestRateStrategyAddress, uint128 accruedToTreasury, uint128 unbacked, uint128 isolationModeTotalDebt))",
  "event Supply(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint16 indexed referralCode)",
  "event Withdraw(address indexed reserve, address indexed user, address indexed to, uint256 amount)",
  "event Borrow(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint8 interestRateMode, uint256 borrowRate, uint16 indexed referralCode)",
  "event Repay(address indexed reserve, address indexed user, address indexed repayer, uint256 amount, bool useATokens)",
]);

/** AaveOracle's reads (USD, 8 decimals). */
export const aaveOracleAbi = parseAbi([
  "function getAssetPrice(address asset) view returns (uint256)",
  "function getAssetsPrices(address[] assets) view returns (uint256[])",
  "function getSourceOfAsset(address asset) view returns (address)",
  "function BASE_CURRENCY_UNIT() view returns (uint256)",
]);

/** AaveProtocolDataProvider's reads. */
export const aaveProtocolDataProviderAbi = parseAbi([
  "function getUserReserveData(address asset, address user) view returns (uint256 currentATokenBalance, uint256 currentStableDebt, uint256 currentVariableDebt, uint256 principalStableDebt, uint256 scaledVariableDebt, uint256 stableBorrowRate, uint256 liquidityRate, uint40 stableRateLastUpdated, bool usageAsCollateralEnabled)",
  "function getReserveTokensAddresses(address asset) view returns (address aTokenAddress, address stableDebtTokenAddress, address variableDebtTokenAddress)",
  "function getReserveConfigurationData(address asset) view returns (uint256 decimals, uint256 ltv, uint256 liquidationThreshold, uint256 liquidationBonus, uint256 reserveFactor, bool usageAsCollateralEnabled, bool borrowingEnabled, bool stableBorrowRateEnabled, bool isActive, bool isFrozen)",
  "function getAllReservesTokens() view returns ((string symbol, address tokenAddress)[])",
]);

/**
 * Sets an asset's USD price as AaveOracle reports it, by writing the answer of its price feed (a settable
 * stand-in at the mainnet feed address; mainnet's are Chainlink feeds). `price` is a decimal string in USD.
 *
 * @example
 * await setAavePrice(devnet, "CELO", "0.15"); // CELO collateral halves in value
 */
export async function setAavePrice(
  devnet: Pick<DevnetClient, "rpcUrl">,
  asset: DevnetTokenSymbol | Address,
  price: string,
): Promise<void> {
  const token = findDevnetToken(asset, "setAavePrice");
  const reserve = (AAVE_RESERVES as Record<string, AaveReserve>)[token.symbol];
  if (!reserve) throw new Error(`setAavePrice: ${token.symbol} is not a reserve of the devnet's Aave market`);
  const answer = parseUnits(price, 8);
  if (answer <= 0n) throw new Error("setAavePrice: price must be positive");
  await sendImpersonated(
    devnet.rpcUrl,
    {
      to: reserve.priceFeed,
      data: encodeFunctionData({ abi: priceFeedStandInAbi, functionName: "setAnswer", args: [answer] }),
    },
    `setting the ${token.symbol} price feed`,
  );
}
