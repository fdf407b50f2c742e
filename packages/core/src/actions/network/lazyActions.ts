// The network: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads the chain id, latest block and fees (`eth_chainId`, `eth_getBlockByNumber`, `eth_gasPrice` in one
 * JSON-RPC batch). A tracked read (`network.getStatus`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetStatusErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getStatus } from "@preflow/core";
 * const { blockNumber, baseFeePerGas, gasPrice } = await getStatus(createSdkBaseClient());
 * ```
 *
 * @function
 */
export const getStatus = /* @__PURE__ */ lazyAction(async () => (await import("./getStatus.js")).getStatus);
