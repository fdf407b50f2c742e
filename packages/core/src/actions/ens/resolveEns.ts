import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import {
  type InvalidEnsNameError,
  type InvalidEnsNetworkError,
  MissingEthRpcUrlError,
  type UnsupportedEnsNameError,
} from "../../errors/ens.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { throwIfAborted, withAbort } from "../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../rpc/readBatch.js";
import { parseSignal } from "../../validation/parseSignal.js";
import { parseEnsName } from "./parseEnsName.js";
import { type EnsNetwork, parseEnsNetwork } from "./parseEnsNetwork.js";
import { assertCeloName, resolveCeloName } from "./resolveCeloName.js";

/**
 * Parameters of {@link resolveEns}.
 *
 * @example
 * ```ts
 * import type { ResolveEnsParameters } from "@preflow/core";
 * const parameters: ResolveEnsParameters = { name: "vitalik.eth", network: "ethereum" };
 * ```
 */
export interface ResolveEnsParameters extends ActionOptions {
  /** An ENS name (normalized with ENSIP-15 first). */
  name: string;
  /** `"celo"` (the default: names under `celo.eth` on chain 42220) or `"ethereum"` (needs `ethRpcUrl`). */
  network?: EnsNetwork | undefined;
}

/**
 * What `resolveEns` returns: the address, or `null` when the name exists nowhere, has expired (`celo.eth`
 * names) or has no address record.
 *
 * @example
 * ```ts
 * import type { ResolveEnsReturnType } from "@preflow/core";
 * const address: ResolveEnsReturnType = await client.ens.resolveEns("alice.celo.eth");
 * ```
 */
export type ResolveEnsReturnType = Address | null;

/**
 * The errors {@link resolveEns} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidEnsNameError}: the name is not a valid ENS name.
 * - {@link InvalidEnsNetworkError}: `network` is neither `"celo"` nor `"ethereum"`.
 * - {@link UnsupportedEnsNameError}: a name outside `celo.eth` on network `"celo"` (use `"ethereum"`).
 * - {@link MissingEthRpcUrlError}: network `"ethereum"` without the `ethRpcUrl` option.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError` (`rpcUrl` is not chain 42220), `RpcError` (the endpoint failed, URL redacted, or answered in a shape that does not decode strictly), `RpcRateLimitedError` (the endpoint asked to wait longer than `maxRetryAfterMs`) or `RequestAbortedError` (`signal` aborted).
 * - {@link InvalidArgumentError}: an unknown key in `parameters` (named, with the nearest valid one) or a `signal` that is not an AbortSignal; before any I/O.
 *
 * @example
 * ```ts
 * import type { ResolveEnsErrorType } from "@preflow/core";
 * ```
 */
export type ResolveEnsErrorType =
  | InvalidArgumentError
  | InvalidEnsNameError
  | InvalidEnsNetworkError
  | UnsupportedEnsNameError
  | MissingEthRpcUrlError
  | ReadBatchErrorType;

const KEYS = ["name", "network", "signal"] as const;

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
 */
export async function resolveEns(
  client: SdkBaseClient,
  parameters: ResolveEnsParameters,
): Promise<ResolveEnsReturnType> {
  const { name, network } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const where = parseEnsNetwork(network);
  const signal = parseSignal(parameters.signal);
  // Before any I/O, the ENSIP-15 module load included (in a browser, a chunk download).
  throwIfAborted(signal, where === "celo" ? "eth_call" : "eth_call (UniversalResolver)");
  const normalized = await parseEnsName(name);
  if (where === "celo") {
    assertCeloName(normalized);
    return client.track("ens.resolveEns", undefined, () => resolveCeloName(client, normalized, signal));
  }
  const ethRpcUrl = client.config.ethRpcUrl;
  if (ethRpcUrl === undefined) throw new MissingEthRpcUrlError({ name: normalized });
  const { ethereumClientOf, resolveEthereumName } = await import("./resolveEthereumName.js");
  throwIfAborted(signal, "eth_call (UniversalResolver)");
  return client.track("ens.resolveEns", undefined, () =>
    withAbort(
      resolveEthereumName(
        ethereumClientOf(client.config, ethRpcUrl),
        ethRpcUrl,
        normalized,
        client.config.rpc,
      ),
      signal,
      "eth_call (UniversalResolver)",
    ),
  );
}
