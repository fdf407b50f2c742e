export { DEVNET_ACCOUNTS, DEVNET_ROLES, type DevnetAccount } from "./accounts.js";
export { devnetChain } from "./chain.js";
export { connectDevnet, type DevnetClient, type DevnetInfo } from "./connectDevnet.js";
export { devnetTokenAbi, devnetVaultAbi } from "./contracts.generated.js";
export { DETERMINISTIC_DEPLOYER, SIMPLE_ACCOUNT_FACTORY_07 } from "./deployContracts.js";
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
