import { appendSdkCalldataTag } from "@preflow/attribution";
import type { Hex } from "viem";
import { CHAIN_ID } from "../chain.js";
import { resolveConfig } from "../config/resolveConfig.js";
import type { CelinaClientOptions } from "../config/types.js";
import { createRpc } from "../rpc/createRpc.js";
import { createTrack } from "./createTrack.js";
import type { SdkBaseClient } from "./types.js";

function withExtend<client extends object>(members: client): client & Pick<SdkBaseClient, "extend"> {
  const client = {
    ...members,
    extend(decorator: (client: never) => Record<string, unknown>) {
      return withExtend({ ...members, ...decorator(client as never) });
    },
  };
  return Object.freeze(client) as client & Pick<SdkBaseClient, "extend">;
}

/**
 * Creates the minimal preflow client: every option validated (before any network I/O), the viem client over
 * `rpcUrl`, calldata tagging and telemetry, and no groups of actions. Use it with the exported actions
 * (`prepareSend(client, {...})`) so that a bundler keeps only what you import, or add groups with `extend`
 * ({@link createSdkClient} does that with the standard groups).
 *
 * HTTP requests: none (the first action checks the chain, folded into its own request).
 *
 * @param options - {@link CelinaClientOptions}; all optional, `rpcUrl` defaults to `DEFAULT_RPC_URL`.
 * @returns The base client.
 * @throws {InvalidConfigError} an option is invalid (secrets never echoed).
 * @throws {UnknownOptionError} an option name is unknown (a typo).
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareSend, transactionActions } from "@preflow/core";
 *
 * const client = createSdkBaseClient({ attributionTags: ["my_app"] });
 * const flow = await prepareSend(client, { from, to, token: "USDm", amount: "2.5" }); // tree-shakes
 * const withGroup = client.extend(transactionActions);
 * await withGroup.transaction.prepareSend(from, to, "USDm", "2.5");
 * ```
 */
export function createSdkBaseClient(options?: CelinaClientOptions): SdkBaseClient {
  const config = resolveConfig(options);
  const { rpc, publicClient } = createRpc(config.rpcUrl, config.rpc);
  const tags = config.attributionTags;
  const { track } = createTrack(config);
  return withExtend({
    chainId: CHAIN_ID,
    config,
    attributionTags: tags,
    publicClient,
    rpc,
    tag: tags === undefined ? (data: Hex) => data : (data: Hex) => appendSdkCalldataTag(data, tags) as Hex,
    track,
  }) as SdkBaseClient;
}
