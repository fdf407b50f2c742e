export { DEVNET_ACCOUNTS, DEVNET_ROLES, type DevnetAccount } from "./accounts.js";
export {
  CELO_COIN_TYPE,
  CELO_L2_REGISTRY_ADDRESS,
  deployCeloNames,
  type RegisterCeloNameOptions,
  type RegisteredName,
  registerCeloName,
} from "./celoNames.js";
export { devnetChain } from "./chain.js";
export { connectDevnet, type DevnetClient, type DevnetInfo } from "./connectDevnet.js";
export {
  devnetTokenAbi,
  devnetVaultAbi,
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
} from "./faultProxy.js";
export { INVALID_API_KEY_ERROR } from "./sponsorEndpoint.js";
export { anvilBinaryPath, type Devnet, type StartDevnetOptions, startDevnet } from "./startDevnet.js";
export {
  CELO_TOKEN_ADDRESS,
  DEVNET_TOKENS,
  DEVNET_VAULT_ADDRESS,
  type DevnetToken,
  type DevnetTokenSymbol,
  MULTICALL3_ADDRESS,
} from "./tokens.js";
