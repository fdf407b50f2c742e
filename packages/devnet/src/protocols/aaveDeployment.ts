// Build-time: the Aave v3 market from @aave/core-v3's artifacts at the Celo mainnet addresses.
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  maxUint256,
  pad,
  parseAbi,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { priceFeedStandInAbi, priceFeedStandInRuntimeCode } from "../contracts.generated.js";
import { fundAccount } from "../fund.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS } from "../tokens.js";
import { AAVE_ADDRESSES, AAVE_RESERVES, type AaveReserve, aaveV3PoolAbi } from "./aave.js";
import { type ContractArtifact, deployAt, deployByCreate, linkLibraries, loadArtifact } from "./deployAt.js";
import { SEED_LIQUIDITY_PROVIDER } from "./seedLiquidityProvider.js";

const base = "@aave/core-v3/artifacts/contracts/";
/** The npm artifacts the Aave deployment uses (their bytecode is an input of the prebuilt state). */
export const AAVE_ARTIFACTS = {
  provider: `${base}protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider.json`,
  aclManager: `${base}protocol/configuration/ACLManager.sol/ACLManager.json`,
  pool: `${base}protocol/pool/Pool.sol/Pool.json`,
  configurator: `${base}protocol/pool/PoolConfigurator.sol/PoolConfigurator.json`,
  oracle: `${base}misc/AaveOracle.sol/AaveOracle.json`,
  dataProvider: `${base}misc/AaveProtocolDataProvider.sol/AaveProtocolDataProvider.json`,
  interestRateStrategy: `${base}protocol/pool/DefaultReserveInterestRateStrategy.sol/DefaultReserveInterestRateStrategy.json`,
  aToken: `${base}protocol/tokenization/AToken.sol/AToken.json`,
  variableDebtToken: `${base}protocol/tokenization/VariableDebtToken.sol/VariableDebtToken.json`,
  stableDebtToken: `${base}protocol/tokenization/StableDebtToken.sol/StableDebtToken.json`,
  proxy: `${base}protocol/libraries/aave-upgradeability/InitializableImmutableAdminUpgradeabilityProxy.sol/InitializableImmutableAdminUpgradeabilityProxy.json`,
  supplyLogic: `${base}protocol/libraries/logic/SupplyLogic.sol/SupplyLogic.json`,
  borrowLogic: `${base}protocol/libraries/logic/BorrowLogic.sol/BorrowLogic.json`,
  liquidationLogic: `${base}protocol/libraries/logic/LiquidationLogic.sol/LiquidationLogic.json`,
  eModeLogic: `${base}protocol/libraries/logic/EModeLogic.sol/EModeLogic.json`,
  bridgeLogic: `${base}protocol/libraries/logic/BridgeLogic.sol/BridgeLogic.json`,
  poolLogic: `${base}protocol/libraries/logic/PoolLogic.sol/PoolLogic.json`,
  flashLoanLogic: `${base}protocol/libraries/logic/FlashLoanLogic.sol/FlashLoanLogic.json`,
  configuratorLogic: `${base}protocol/libraries/logic/ConfiguratorLogic.sol/ConfiguratorLogic.json`,
} as const;

const RAY = 10n ** 27n;
/** PoolStorage._reserves: after VersionedInitializable's 2 slots and its uint256[50] gap. */
const RESERVES_SLOT = 52n;
const erc20ApproveAbi = parseAbi(["function approve(address spender, uint256 value) returns (bool)"]);

/**
 * Deploys the market: PoolAddressesProvider (constructor at its mainnet address, so its CREATEs 1 and 2 are the
 * mainnet Pool and PoolConfigurator proxies), ACLManager, AaveOracle with settable price feeds at the mainnet feed
 * addresses, the data provider, one interest rate strategy, the token implementations, then each reserve of
 * {@link AAVE_RESERVES} in mainnet id order, rebuilding its aToken and variable-debt proxies at their mainnet
 * addresses (v3.0.2 creates three proxies per reserve where mainnet's v3.3 creates two, so the configurator's own
 * proxies cannot land there), and finally supplies each reserve's seed liquidity.
 */
export async function deployAave(rpcUrl: string): Promise<void> {
  const admin = DEVNET_ROLES.deployer.address;
  const A = Object.fromEntries(
    Object.entries(AAVE_ARTIFACTS).map(([k, v]) => [k, loadArtifact(v)]),
  ) as Record<keyof typeof AAVE_ARTIFACTS, ContractArtifact>;
  const call = (
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    from: Address = admin,
  ) =>
    sendImpersonated(
      rpcUrl,
      { to, data: encodeFunctionData({ abi, functionName, args }), gas: 15_000_000n },
      functionName,
      from,
    );
  const provider = AAVE_ADDRESSES.poolAddressesProvider;
  await deployAt(
    rpcUrl,
    provider,
    { artifact: A.provider, args: ["Aave Celo Market", admin] },
    "PoolAddressesProvider",
  );
  await call(provider, A.provider.abi, "setACLAdmin", [admin]);
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.aclManager,
    { artifact: A.aclManager, args: [provider] },
    "ACLManager",
  );
  await call(provider, A.provider.abi, "setACLManager", [AAVE_ADDRESSES.aclManager]);
  await call(AAVE_ADDRESSES.aclManager, A.aclManager.abi, "addPoolAdmin", [admin]);
  await call(AAVE_ADDRESSES.aclManager, A.aclManager.abi, "addEmergencyAdmin", [admin]);

  const libraries: Record<string, Address> = {};
  for (const [name, key] of [
    ["SupplyLogic", "supplyLogic"],
    ["BorrowLogic", "borrowLogic"],
    ["LiquidationLogic", "liquidationLogic"],
    ["EModeLogic", "eModeLogic"],
    ["BridgeLogic", "bridgeLogic"],
    ["PoolLogic", "poolLogic"],
    ["ConfiguratorLogic", "configuratorLogic"],
    ["FlashLoanLogic", "flashLoanLogic"],
  ] as const) {
    const artifact = A[key];
    libraries[name] = await deployByCreate(
      rpcUrl,
      { artifact, bytecode: linkLibraries(artifact, libraries) },
      name,
    );
  }
  const poolImpl = await deployByCreate(
    rpcUrl,
    { artifact: A.pool, bytecode: linkLibraries(A.pool, libraries), args: [provider] },
    "Pool implementation",
  );
  await call(poolImpl, A.pool.abi, "initialize", [provider]);
  await call(provider, A.provider.abi, "setPoolImpl", [poolImpl]);
  const configuratorImpl = await deployByCreate(
    rpcUrl,
    { artifact: A.configurator, bytecode: linkLibraries(A.configurator, libraries) },
    "PoolConfigurator implementation",
  );
  await call(configuratorImpl, A.configurator.abi, "initialize", [provider]);
  await call(provider, A.provider.abi, "setPoolConfiguratorImpl", [configuratorImpl]);
  const pool = await readAddress(rpcUrl, provider, A.provider.abi, "getPool");
  const configurator = await readAddress(rpcUrl, provider, A.provider.abi, "getPoolConfigurator");
  if (pool !== AAVE_ADDRESSES.pool || configurator !== AAVE_ADDRESSES.poolConfigurator) {
    throw new Error(
      `devnet: Aave Pool ${pool} / PoolConfigurator ${configurator} are not at their mainnet addresses`,
    );
  }

  const reserves: readonly AaveReserve[] = Object.values(AAVE_RESERVES).sort((a, b) => a.id - b.id);
  for (const reserve of reserves) {
    await rpcCall(rpcUrl, "anvil_setCode", [reserve.priceFeed, priceFeedStandInRuntimeCode]);
    await call(reserve.priceFeed, priceFeedStandInAbi, "setAnswer", [parseUnits(reserve.price, 8)]);
  }
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.oracle,
    {
      artifact: A.oracle,
      args: [
        provider,
        reserves.map((r) => DEVNET_TOKENS[r.symbol].address),
        reserves.map((r) => r.priceFeed),
        zeroAddress,
        zeroAddress,
        10n ** 8n,
      ],
    },
    "AaveOracle",
  );
  await call(provider, A.provider.abi, "setPriceOracle", [AAVE_ADDRESSES.oracle]);
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.protocolDataProvider,
    { artifact: A.dataProvider, args: [provider] },
    "AaveProtocolDataProvider",
  );
  await call(provider, A.provider.abi, "setPoolDataProvider", [AAVE_ADDRESSES.protocolDataProvider]);
  // v3.0.2 constructor: optimal usage 90 %, base 0, slope1 4 %, slope2 60 %, stable rates unused
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.interestRateStrategy,
    {
      artifact: A.interestRateStrategy,
      args: [
        provider,
        (RAY * 90n) / 100n,
        0n,
        (RAY * 4n) / 100n,
        (RAY * 60n) / 100n,
        0n,
        0n,
        0n,
        0n,
        (RAY * 20n) / 100n,
      ],
    },
    "DefaultReserveInterestRateStrategy",
  );
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.defaultATokenImpl,
    { artifact: A.aToken, args: [pool] },
    "AToken implementation",
  );
  await deployAt(
    rpcUrl,
    AAVE_ADDRESSES.defaultVariableDebtTokenImpl,
    { artifact: A.variableDebtToken, args: [pool] },
    "VariableDebtToken implementation",
  );
  const stableDebtImpl = await deployByCreate(
    rpcUrl,
    { artifact: A.stableDebtToken, args: [pool] },
    "StableDebtToken implementation",
  );

  let scratchNonce = 100;
  for (const reserve of reserves) {
    const token = DEVNET_TOKENS[reserve.symbol];
    // the configurator's own proxies go to scratch addresses, away from the mainnet token addresses
    await rpcCall(rpcUrl, "anvil_setNonce", [configurator, toHex(scratchNonce)]);
    scratchNonce += 3;
    const names = {
      aTokenName: `Aave Celo ${reserve.symbol}`,
      aTokenSymbol: `aCel${reserve.symbol}`,
      variableDebtTokenName: `Aave Celo Variable Debt ${reserve.symbol}`,
      variableDebtTokenSymbol: `variableDebtCel${reserve.symbol}`,
    };
    await call(configurator, A.configurator.abi, "initReserves", [
      [
        {
          aTokenImpl: AAVE_ADDRESSES.defaultATokenImpl,
          stableDebtTokenImpl: stableDebtImpl,
          variableDebtTokenImpl: AAVE_ADDRESSES.defaultVariableDebtTokenImpl,
          underlyingAssetDecimals: token.decimals,
          interestRateStrategyAddress: AAVE_ADDRESSES.interestRateStrategy,
          underlyingAsset: token.address,
          treasury: AAVE_ADDRESSES.collector,
          incentivesController: zeroAddress,
          ...names,
          stableDebtTokenName: `Aave Celo Stable Debt ${reserve.symbol}`,
          stableDebtTokenSymbol: `stableDebtCel${reserve.symbol}`,
          params: "0x",
        },
      ],
    ]);
    await call(configurator, A.configurator.abi, "configureReserveAsCollateral", [
      token.address,
      reserve.ltv,
      reserve.liquidationThreshold,
      reserve.liquidationBonus,
    ]);
    await call(configurator, A.configurator.abi, "setReserveBorrowing", [token.address, true]);
    await call(configurator, A.configurator.abi, "setReserveFactor", [token.address, reserve.reserveFactor]);
    await rebuildTokenProxies(rpcUrl, A, { pool, configurator, reserve, names });
  }

  for (const reserve of reserves) {
    const token = DEVNET_TOKENS[reserve.symbol];
    const amount = parseUnits(reserve.seedSupply, token.decimals);
    await fundAccount(rpcUrl, SEED_LIQUIDITY_PROVIDER, token.address, amount);
    await call(token.address, erc20ApproveAbi, "approve", [pool, maxUint256], SEED_LIQUIDITY_PROVIDER);
    await call(
      pool,
      aaveV3PoolAbi,
      "supply",
      [token.address, amount, SEED_LIQUIDITY_PROVIDER, 0],
      SEED_LIQUIDITY_PROVIDER,
    );
  }
}

/**
 * Builds the aToken and variable-debt proxies at the reserve's mainnet addresses as ConfiguratorLogic does (proxy
 * admin = configurator, `initialize` called by the configurator), then points the Pool's ReserveData at them
 * (`aTokenAddress` at +4, `variableDebtTokenAddress` at +6 of the reserve's slot), checking the layout first.
 */
async function rebuildTokenProxies(
  rpcUrl: string,
  A: Record<keyof typeof AAVE_ARTIFACTS, ContractArtifact>,
  {
    pool,
    configurator,
    reserve,
    names,
  }: {
    pool: Address;
    configurator: Address;
    reserve: AaveReserve;
    names: {
      aTokenName: string;
      aTokenSymbol: string;
      variableDebtTokenName: string;
      variableDebtTokenSymbol: string;
    };
  },
): Promise<void> {
  const token = DEVNET_TOKENS[reserve.symbol];
  const data = await rpcCall<Hex>(rpcUrl, "eth_call", [
    {
      to: pool,
      data: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getReserveData", args: [token.address] }),
    },
    "latest",
  ]);
  const current = decodeFunctionResult({ abi: aaveV3PoolAbi, functionName: "getReserveData", data });
  const baseSlot = BigInt(
    keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [token.address, RESERVES_SLOT]),
    ),
  );
  const slot = (offset: bigint) => toHex(baseSlot + offset, { size: 32 });
  const word = (address: Address) => pad(address.toLowerCase() as Hex, { size: 32 });
  const stored = {
    aToken: await rpcCall<Hex>(rpcUrl, "eth_getStorageAt", [pool, slot(4n), "latest"]),
    vToken: await rpcCall<Hex>(rpcUrl, "eth_getStorageAt", [pool, slot(6n), "latest"]),
  };
  if (
    stored.aToken !== word(current.aTokenAddress) ||
    stored.vToken !== word(current.variableDebtTokenAddress)
  ) {
    throw new Error(`devnet: Aave ReserveData layout differs from the expected one (${reserve.symbol})`);
  }
  const proxy = async (target: Address, impl: Address, initData: Hex, what: string) => {
    await deployAt(rpcUrl, target, { artifact: A.proxy, args: [configurator] }, what);
    await sendImpersonated(
      rpcUrl,
      {
        to: target,
        data: encodeFunctionData({ abi: A.proxy.abi, functionName: "initialize", args: [impl, initData] }),
        gas: 5_000_000n,
      },
      `initializing ${what}`,
      configurator,
    );
  };
  await proxy(
    reserve.aToken,
    AAVE_ADDRESSES.defaultATokenImpl,
    encodeFunctionData({
      abi: A.aToken.abi,
      functionName: "initialize",
      args: [
        pool,
        AAVE_ADDRESSES.collector,
        token.address,
        zeroAddress,
        token.decimals,
        names.aTokenName,
        names.aTokenSymbol,
        "0x",
      ],
    }),
    `the ${reserve.symbol} aToken proxy`,
  );
  await proxy(
    reserve.variableDebtToken,
    AAVE_ADDRESSES.defaultVariableDebtTokenImpl,
    encodeFunctionData({
      abi: A.variableDebtToken.abi,
      functionName: "initialize",
      args: [
        pool,
        token.address,
        zeroAddress,
        token.decimals,
        names.variableDebtTokenName,
        names.variableDebtTokenSymbol,
        "0x",
      ],
    }),
    `the ${reserve.symbol} variable-debt proxy`,
  );
  await rpcCall(rpcUrl, "anvil_setStorageAt", [pool, slot(4n), word(reserve.aToken)]);
  await rpcCall(rpcUrl, "anvil_setStorageAt", [pool, slot(6n), word(reserve.variableDebtToken)]);
}

async function readAddress(rpcUrl: string, to: Address, abi: Abi, functionName: string): Promise<Address> {
  const data = await rpcCall<Hex>(rpcUrl, "eth_call", [
    { to, data: encodeFunctionData({ abi, functionName }) },
    "latest",
  ]);
  return getAddress(decodeFunctionResult({ abi, functionName, data }) as Address);
}
