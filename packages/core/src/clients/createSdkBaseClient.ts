import { appendSdkCalldataTag } from "@preflow/attribution";
import { isRecord } from "@preflow/errors";
import type { Hex } from "viem";
import { CHAIN_ID } from "../chain.js";
import { resolveConfig } from "../config/resolveConfig.js";
import type { CelinaClientOptions } from "../config/types.js";
import { createRpc } from "../rpc/createRpc.js";
import { createTrack } from "./createTrack.js";
import type { SdkBaseClient } from "./types.js";

/** A group of actions (`client.transaction`): a plain object, not a function, an array or a viem client. */
function isGroup(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * viem's `extend`: the decorator sees the client and returns members to add. Members of the base client
 * (`chainId`, `config`, `rpc`, `tag`, `extend`...) cannot be replaced: the decorator's are dropped, as viem does. A
 * group that the client already has (`swap` from `swapActions`, then `swap` again) is merged into one frozen
 * group, the newer methods winning on a name clash.
 */
function withExtend<client extends object>(
  members: client,
  baseKeys: ReadonlySet<string>,
): client & Pick<SdkBaseClient, "extend"> {
  const client = {
    ...members,
    extend(decorator: (client: never) => Record<string, unknown>) {
      const combined: Record<string, unknown> = { ...(members as Record<string, unknown>) };
      for (const [key, value] of Object.entries(decorator(client as never))) {
        if (baseKeys.has(key)) continue;
        const current = combined[key];
        combined[key] = isGroup(current) && isGroup(value) ? Object.freeze({ ...current, ...value }) : value;
      }
      return withExtend(combined, baseKeys);
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
  const track = createTrack(config);
  const members = {
    chainId: CHAIN_ID,
    config,
    attributionTags: tags,
    publicClient,
    rpc,
    tag: tags === undefined ? (data: Hex) => data : (data: Hex) => appendSdkCalldataTag(data, tags) as Hex,
    track,
  };
  return withExtend(members, new Set([...Object.keys(members), "extend"])) as SdkBaseClient;
}
