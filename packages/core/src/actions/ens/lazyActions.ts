// ENS: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Resolves an ENS name to an address. The name is normalized first (ENSIP-15); every argument is checked before
 * any network I/O. The normalization tables and the Ethereum resolver code are loaded on first use, so they stay
 * out of a browser bundle's start.
 *
 * - `network: "celo"` (the default): names under `celo.eth`, on chain 42220 through `rpcUrl`, against the chain's
 *   name registry `L2Registry` (also the names' resolver): the record of chain 42220's coin type (`0x8000a4ec`),
 *   else the coin-type-60 record; expired names give `null`.
 * - `network: "ethereum"`: ENS on Ethereum mainnet through `ethRpcUrl`, by the UniversalResolver (CCIP-Read on):
 *   coin type `0x8000a4ec` first, then 60. The Ethereum client is made on first use and kept per client.
 *
 * HTTP requests: 1 (`"ethereum"`: 1 when the names' resolvers are on-chain). A tracked read
 * (`ens.resolveEns`; the resolved address is not sent).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link ResolveEnsErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, resolveEns } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ ethRpcUrl: "https://ethereum-rpc.example" });
 * await resolveEns(client, { name: "alice.celo.eth" }); // "0x…" or null
 * await resolveEns(client, { name: "vitalik.eth", network: "ethereum" }); // "0x…" or null
 * ```
 *
 * @function
 */
export const resolveEns = /* @__PURE__ */ lazyAction(
  async () => (await import("./resolveEns.js")).resolveEns,
);
