export { DEVNET_ACCOUNTS, DEVNET_ROLES, type DevnetAccount } from "./accounts.js";
export { anvilBinaryPath } from "./anvil.js";
export {
  type BlockProducer,
  type BlockProducerOptions,
  CELO_BASE_FEE_FLOOR,
  DEVNET_BLOCK_TIME_MS,
  nextBaseFee,
  startBlockProducer,
} from "./blockProducer.js";
export {
  CELO_COIN_TYPE,
  CELO_L2_REGISTRY_ADDRESS,
  deployCeloNames,
  type RegisterCeloNameOptions,
  type RegisteredName,
  registerCeloName,
} from "./celoNames.js";
export { devnetChain } from "./chain.js";
export { clockEnvironment } from "./clockEnvironment.js";
export { connectDevnet, type DevnetClient, type DevnetInfo } from "./connectDevnet.js";
export {
  devnetTokenAbi,
  devnetVaultAbi,
  erc8004IdentityRegistryStandInAbi,
  erc8004ReputationRegistryStandInAbi,
  erc8004ValidationRegistryStandInAbi,
  exchangeRateOracleStandInAbi,
  feeCurrencyDirectoryStandInAbi,
  l2RegistryStandInAbi,
  universalResolverStandInAbi,
} from "./contracts.generated.js";
export { DETERMINISTIC_DEPLOYER, SIMPLE_ACCOUNT_FACTORY_07 } from "./deployContracts.js";
export {
  deployEthereumEns,
  devnetPublicResolverAddress,
  ENS_REGISTRY_ADDRESS,
  ENS_ROOT_OWNER,
  ENS_UNIVERSAL_RESOLVER_ADDRESS,
  type EthereumNameRecords,
  registerEthereumName,
} from "./ethereumEns.js";
export {
  closedPortUrl,
  type Fault,
  type FaultKind,
  type FaultProxy,
  type FaultProxyOptions,
  type FaultRule,
  INVALID_REQUEST_ERROR,
  type InjectedFault,
  type JsonRpcId,
  type JsonRpcRequest,
  PARSE_ERROR,
  startFaultProxy,
} from "./faultProxy/index.js";
export { type AddFeeCurrencyParameters, addFeeCurrency } from "./feeCurrencies/addFeeCurrency.js";
export {
  DEVNET_FEE_CURRENCIES,
  DEVNET_FEE_ORACLE_ADDRESS,
  type DevnetFeeCurrency,
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_INTRINSIC_GAS,
  FEE_HANDLER_ADDRESS,
  FEE_RATE_DENOMINATOR,
  SEQUENCER_FEE_VAULT_ADDRESS,
} from "./feeCurrencies/addresses.js";
export {
  CIRCLE_USDC_ARTIFACTS,
  DEVNET_USDC_MINTER,
  DEVNET_USDC_PROXY_ADMIN,
} from "./feeCurrencies/circleUsdc.js";
export { type SetFeeCurrencyRateParameters, setFeeCurrencyRate } from "./feeCurrencies/setFeeCurrencyRate.js";
export {
  type Cip64Transaction,
  decodeCip64,
  type FeeCurrencyNode,
  type FeeCurrencyNodeOptions,
  startFeeCurrencyNode,
} from "./feeCurrencyNode/index.js";
export { fundAccount } from "./fund.js";
export {
  NODE_IMPLEMENTATIONS,
  type NodeErrorAnswer,
  type NodeErrorKind,
  type NodeErrorValues,
  type NodeImplementation,
  nodeError,
  opGethError,
  opRethError,
} from "./nodeErrors/index.js";
export { loadPrebuiltState, PREBUILT_STATE_FILE } from "./prebuiltState.js";
export {
  AAVE_ADDRESSES,
  AAVE_RESERVES,
  type AaveReserve,
  aaveOracleAbi,
  aaveProtocolDataProviderAbi,
  aaveV3PoolAbi,
  setAavePrice,
} from "./protocols/aave.js";
export {
  CELO_CORE_ADDRESSES,
  CELO_DEVNET_GOVERNANCE_SEED,
  CELO_DEVNET_VALIDATOR_GROUPS,
  CELO_EPOCH_STAND_IN_ADDRESS,
  CELO_GOVERNANCE_LAST_DEQUEUE_SLOT,
  type CeloCoreContractName,
  type CeloDevnetSeedAccount,
  type CeloDevnetValidatorGroup,
  celoEpochAbi,
  celoProposalTimestampSlot,
  celoRegistryAbi,
  celoRegistryAddressFor,
  currentCeloEpoch,
  increaseDevnetTime,
  nextCeloEpoch,
  registerCeloCoreContract,
  retimeCeloGovernance,
  sortedGroupNeighbours,
  verifyCeloGovernanceTimeline,
} from "./protocols/celoCore.js";
export { DELEGATION_FRAMEWORK, deployDelegationFramework } from "./protocols/delegationFramework.js";
export { deployErc8004Registries, ERC8004_REGISTRIES } from "./protocols/erc8004.js";
export {
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  GOODDOLLAR_RESERVE_SEED,
  GOODDOLLAR_UBI_POOL,
  goodDollarBrokerAbi,
  goodDollarExchangeProviderAbi,
  goodDollarIdentityAbi,
  whitelistGoodDollar,
} from "./protocols/goodDollar.js";
export {
  MENTO_ADDRESSES,
  MENTO_POOL_SEEDS,
  type MentoPoolSeed,
  mentoFpmmAbi,
  mentoPoolAddress,
  mentoRouterAbi,
  type SetMentoRateParameters,
  setMentoRate,
} from "./protocols/mento.js";
export { deployMultiSigDeleGator } from "./protocols/multiSigDeleGator.js";
export { SEED_LIQUIDITY_PROVIDER } from "./protocols/seedLiquidityProvider.js";
export {
  type MoveUniswapPriceParameters,
  type MoveUniswapPriceReturnType,
  moveUniswapPrice,
  sortTokenAddresses,
  UNISWAP_ADDRESSES,
  UNISWAP_POOL_INIT_CODE_HASH,
  UNISWAP_POOL_SEEDS,
  type UniswapPoolSeed,
  uniswapNonfungiblePositionManagerAbi,
  uniswapPoolAddress,
  uniswapQuoterV2Abi,
  uniswapSwapRouter02Abi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from "./protocols/uniswap.js";
export {
  type MoveUniswapV4PriceParameters,
  type MoveUniswapV4PriceReturnType,
  moveUniswapV4Price,
  permit2Abi,
  sortCurrencies,
  UNISWAP_V4_ACTIONS,
  UNISWAP_V4_ADDRESSES,
  UNISWAP_V4_POOL_SEEDS,
  UNISWAP_V4_POOLS,
  UNIVERSAL_ROUTER_COMMANDS,
  type UniswapV4PoolKey,
  type UniswapV4PoolSeed,
  type UniswapV4SeededPool,
  uniswapV4ExactInputSingleParameters,
  uniswapV4PoolId,
  uniswapV4PoolKey,
  uniswapV4PoolManagerAbi,
  uniswapV4PositionManagerAbi,
  uniswapV4QuoterAbi,
  uniswapV4StateViewAbi,
  universalRouterAbi,
} from "./protocols/uniswapV4.js";
export { freePort, freePortRun } from "./rpc.js";
export { SIMPLE_7702_ACCOUNT } from "./simple7702Account.js";
export { INVALID_API_KEY_ERROR, SPONSOR_PAYMASTER_ADDRESSES } from "./sponsorEndpoint.js";
export { type Devnet, type StartDevnetOptions, startDevnet } from "./startDevnet.js";
export { deployTestNfts, type TestNfts } from "./testNfts.js";
export {
  CELO_TOKEN_ADDRESS,
  DEVNET_TOKENS,
  DEVNET_VAULT_ADDRESS,
  type DevnetToken,
  type DevnetTokenSymbol,
  findDevnetToken,
  MULTICALL3_ADDRESS,
} from "./tokens.js";
