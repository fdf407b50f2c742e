export type { EnsActions } from "./createEnsActions.js";
export {
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  MissingEthRpcUrlError,
  UnsupportedEnsNameError,
} from "./errors.js";
export { ENS_NETWORKS, type EnsNetwork, parseEnsName, parseEnsNetwork } from "./parseEnsName.js";
export { CELO_COIN_TYPE, CELO_ENS_PARENT, CELO_L2_REGISTRY_ADDRESS } from "./resolveCeloName.js";
export type { ResolveEnsReturnType } from "./resolveEns.js";
