import type { Chain, Client, Hex, Transport } from "viem";
import type { CHAIN_ID } from "../chain.js";
import type { ResolvedConfig } from "../config/resolveConfig.js";
import type { SdkRpc } from "../rpc/createRpc.js";

/**
 * Runs a read operation and reports it to telemetry (operation name, duration, outcome, wallet address).
 * Reads call `client.track("token.getBalance", owner, () => ...)`; `prepare*` never does. Telemetry never
 * awaits the network and never throws into the read.
 *
 * @example
 * ```ts
 * const balance = await client.track("mygroup.getThing", owner, async () => readThing());
 * ```
 */
export type Track = <T>(
  operation: string,
  walletAddress: string | undefined,
  run: () => Promise<T>,
) => Promise<T>;

/**
 * The minimal preflow client: validated configuration, the viem client over `rpcUrl`, JSON-RPC batching with the
 * chain check, calldata tagging and telemetry, and `extend` to add groups of actions. Every exported action takes
 * it (or any client built on it) as its first argument; {@link createSdkClient} is this plus the standard groups.
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSend } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareSend(client, { from, to, token: "USDm", amount: "1.5" });
 * ```
 */
export interface SdkBaseClient {
  /** Always 42220. */
  readonly chainId: typeof CHAIN_ID;
  /** The validated options (defaults filled; secrets wrapped so that they never print). */
  readonly config: SdkClientConfig;
  /** The normalized attribution tags applied at `prepare*`, or `undefined` (calldata untouched). */
  readonly attributionTags: readonly string[] | undefined;
  /**
   * The viem client over `rpcUrl` (JSON-RPC batching; `timeoutMs` per request, `retryCount` retries, `Retry-After` up to `maxRetryAfterMs`) on chain 42220. It is
   * viem's minimal `Client`, so a browser bundle keeps only the viem actions you import: call them on it
   * (`getBlockNumber(client.publicClient)` from `viem/actions`), or `client.publicClient.extend(publicActions)` for
   * every public action as methods.
   */
  readonly publicClient: Client<Transport, Chain>;
  /** JSON-RPC batching with the one-time chain check (see {@link readBatch}). */
  readonly rpc: SdkRpc;
  /** Appends the ERC-8021 suffix (`sdk` + `attributionTags`) when tags are configured; identity otherwise. */
  readonly tag: (data: Hex) => Hex;
  /** Reports a read to telemetry. */
  readonly track: Track;
  /**
   * Returns a new client with the members returned by `decorator(client)` added (viem's `extend`). Optional
   * groups of actions are added this way. As in viem, a decorator cannot replace a member of the base client
   * (`chainId`, `config`, `attributionTags`, `publicClient`, `rpc`, `tag`, `track`, `extend`): such members are
   * dropped. A group the client already has is merged with the new one of the same name (the newer methods win
   * on a name clash); the client and its groups stay frozen, and the client `extend` was called on is unchanged.
   *
   * @example
   * ```ts
   * import { createSdkBaseClient, transactionActions, tokenActions } from "@preflow/core";
   * const client = createSdkBaseClient().extend(transactionActions).extend(tokenActions);
   * await client.token.getBalance(owner, "USDm");
   * ```
   */
  extend<const extension extends SdkClientExtension>(
    decorator: (client: this) => extension,
  ): this & extension;
}

/**
 * What a decorator passed to {@link SdkBaseClient.extend} may return: any members but those of the base client
 * (viem's rule: `rpc`, `tag`, `config`... cannot be replaced, so they are typed `never` here and dropped at run time).
 *
 * @example
 * ```ts
 * import type { SdkClientExtension } from "@preflow/core";
 * const extension: SdkClientExtension = { greeting: { hello: () => "hi" } };
 * ```
 */
export type SdkClientExtension = Record<string, unknown> & {
  readonly [key in keyof Omit<SdkBaseClient, never>]?: never;
};

/**
 * The validated configuration of a client (`client.config`). Secrets are wrapped in {@link Secret}, so printing
 * the config never shows them.
 *
 * @example
 * ```ts
 * const { rpcUrl, ethRpcUrl, agentId } = client.config;
 * agentId.privateKey?.toString(); // "[redacted]"
 * ```
 */
export type SdkClientConfig = ResolvedConfig;
