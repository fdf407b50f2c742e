import { normalizeAttributionTags } from "@preflow/attribution";
import { CHAIN_ID, DEFAULT_RPC_URL, InvalidConfigError, parseHttpUrlOption } from "@preflow/core";
import type { Chain, LocalAccount, PublicClient, Transport } from "viem";
import { GasSponsorshipService } from "../gasSponsorship/GasSponsorshipService.js";
import { isRecord, refuseUnknownKeys, typeOf } from "./optionChecks.js";

const OPTION_NAMES = [
  "client",
  "owner",
  "gasSponsorship",
  "attributionTags",
  "rpcUrl",
  "smartAccount",
] as const;

/**
 * The kind of smart account `createAAClient` uses: `"simple"` (default), the simple account on EntryPoint 0.7
 * at its own CREATE2 address; `"simple-7702"`, the owner's own EOA delegated (EIP-7702) to the simple 7702
 * account on EntryPoint 0.8.
 *
 * @example
 * ```ts
 * import type { SmartAccountKind } from "@preflow/aa";
 * const kind: SmartAccountKind = "simple-7702";
 * ```
 */
export type SmartAccountKind = "simple" | "simple-7702";

/** The validated options of `createAAClient`. @internal */
export interface ResolvedAAConfig {
  owner: LocalAccount;
  smartAccount: SmartAccountKind;
  service: GasSponsorshipService;
  attributionTags: readonly string[] | undefined;
  /** Where the chain RPC comes from: the SDK client's public client, or a URL. */
  rpc: { publicClient: PublicClient<Transport, Chain> } | { rpcUrl: string };
}

function validateOwner(owner: unknown): LocalAccount {
  if (!isRecord(owner)) {
    throw new InvalidConfigError({
      option: "owner",
      rule: `is required: a local account able to sign, e.g. privateKeyToAccount(key), not ${typeOf(owner)}`,
    });
  }
  if (owner.type !== "local" || typeof owner.signMessage !== "function") {
    throw new InvalidConfigError({
      option: "owner",
      rule: 'must be a local account able to sign messages (type "local" with signMessage), e.g. privateKeyToAccount(key)',
    });
  }
  return owner as unknown as LocalAccount;
}

function validateTags(tags: unknown, option = "attributionTags"): readonly string[] | undefined {
  if (tags === undefined) return undefined;
  try {
    return Object.freeze([...normalizeAttributionTags(tags as string[])]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const index = (error as { details?: { index?: unknown } }).details?.index;
    throw new InvalidConfigError({
      option: typeof index === "number" ? `${option}[${index}]` : option,
      rule: message.replace(/\.$/, ""),
      cause: error,
    });
  }
}

/** The SDK client's public client and tags, checked for shape (an object made by `createSdkClient`). */
function validateClient(client: unknown): {
  publicClient: PublicClient<Transport, Chain>;
  attributionTags: readonly string[] | undefined;
} {
  const rule = "must be a client made by createSdkClient (with `publicClient` and `attributionTags`)";
  if (!isRecord(client))
    throw new InvalidConfigError({ option: "client", rule: `${rule}, not ${typeOf(client)}` });
  const { publicClient } = client;
  if (!isRecord(publicClient) || typeof publicClient.request !== "function") {
    throw new InvalidConfigError({ option: "client.publicClient", rule });
  }
  const chainId = (publicClient.chain as { id?: unknown } | undefined)?.id ?? client.chainId;
  if (chainId !== undefined && chainId !== CHAIN_ID) {
    throw new InvalidConfigError({
      option: "client",
      value: String(chainId).slice(0, 20),
      rule: `must be a client of chain ${CHAIN_ID}`,
    });
  }
  return {
    publicClient: publicClient as unknown as PublicClient<Transport, Chain>,
    attributionTags: validateTags(client.attributionTags, "client.attributionTags"),
  };
}

/**
 * Validates every option of `createAAClient` before any I/O: unknown names, the SDK client, the owner (a
 * local account that signs), `gasSponsorship` (a config: provider, key present, base URL; or a
 * `GasSponsorshipService`), tags, `rpcUrl`. @internal
 */
export function resolveAAConfig(parameters: unknown): ResolvedAAConfig {
  if (!isRecord(parameters)) {
    throw new InvalidConfigError({
      option: "(options)",
      rule: `must be an object { client?, owner, gasSponsorship, attributionTags?, rpcUrl?, smartAccount? }, not ${typeOf(parameters)}`,
    });
  }
  refuseUnknownKeys("", parameters, OPTION_NAMES);
  const client = parameters.client === undefined ? undefined : validateClient(parameters.client);
  if (client && parameters.rpcUrl !== undefined) {
    throw new InvalidConfigError({
      option: "rpcUrl",
      rule: "cannot be combined with `client`: the client's RPC (URL, retries, time-out) is used",
      hint: "Drop `rpcUrl`, or drop `client`.",
    });
  }
  const owner = validateOwner(parameters.owner);
  const smartAccount = parameters.smartAccount ?? "simple";
  if (smartAccount !== "simple" && smartAccount !== "simple-7702") {
    throw new InvalidConfigError({
      option: "smartAccount",
      value: JSON.stringify(String(smartAccount).slice(0, 20)),
      rule: 'must be "simple" (EntryPoint 0.7, the default) or "simple-7702" (the owner\'s own address, EIP-7702)',
    });
  }
  if (smartAccount === "simple-7702" && typeof owner.signAuthorization !== "function") {
    throw new InvalidConfigError({
      option: "owner",
      rule: 'must be able to sign EIP-7702 authorizations (signAuthorization) for smartAccount "simple-7702", e.g. privateKeyToAccount(key)',
    });
  }
  const service =
    parameters.gasSponsorship instanceof GasSponsorshipService
      ? parameters.gasSponsorship
      : new GasSponsorshipService(parameters.gasSponsorship as never);
  const attributionTags =
    parameters.attributionTags !== undefined
      ? validateTags(parameters.attributionTags)
      : client?.attributionTags;
  const rpc = client
    ? { publicClient: client.publicClient }
    : {
        rpcUrl:
          parameters.rpcUrl === undefined
            ? DEFAULT_RPC_URL
            : parseHttpUrlOption({ option: "rpcUrl", value: parameters.rpcUrl }),
      };
  return { owner, smartAccount, service, attributionTags, rpc };
}
