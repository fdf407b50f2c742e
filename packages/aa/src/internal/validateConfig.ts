import { normalizeAttributionTags } from "@preflow/attribution";
import { DEFAULT_RPC_URL, InvalidConfigError, redactUrl, UnknownOptionError } from "@preflow/core";
import type { LocalAccount } from "viem";
import type { GasSponsorship } from "../gasSponsorship/types.js";

const PROVIDERS = ["sponsor_a"] as const;
const OPTION_NAMES = ["owner", "gasSponsorship", "attributionTags", "rpcUrl"] as const;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function httpUrl(option: string, value: unknown, allowQuery = false): string {
  if (typeof value !== "string") {
    throw new InvalidConfigError({ option, rule: `must be an http(s) URL string, not ${typeOf(value)}` });
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new InvalidConfigError({ option, value: redactUrl(value), rule: "is not a valid URL" });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new InvalidConfigError({
      option,
      value: redactUrl(value),
      rule: `must use http or https, not ${parsed.protocol.replace(":", "")}`,
    });
  }
  if (!allowQuery && (parsed.search !== "" || parsed.hash !== "")) {
    throw new InvalidConfigError({
      option,
      value: redactUrl(value),
      rule: "must not carry a query string or fragment",
    });
  }
  return value;
}

function unknownKeys(option: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const name of Object.keys(value)) {
    if (!known.includes(name)) {
      throw new UnknownOptionError({
        option: option === "" ? name : `${option}.${name}`,
        known,
        factory: "createAAClient",
      });
    }
  }
}

/** Validates `gasSponsorship` without echoing the API key. @internal */
export function validateGasSponsorship(value: unknown): GasSponsorship {
  if (!isRecord(value)) {
    throw new InvalidConfigError({
      option: "gasSponsorship",
      rule: `is required: an object like { provider: "sponsor_a", sponsor_a: { apiKey } }, not ${typeOf(value)}`,
    });
  }
  const { provider } = value;
  if (typeof provider !== "string" || !(PROVIDERS as readonly string[]).includes(provider)) {
    throw new InvalidConfigError({
      option: "gasSponsorship.provider",
      ...(typeof provider === "string" ? { value: JSON.stringify(provider.slice(0, 40)) } : {}),
      rule: `must be one of ${PROVIDERS.map((p) => `"${p}"`).join(", ")}`,
    });
  }
  unknownKeys("gasSponsorship", value, ["provider", provider]);
  const settings = value[provider];
  if (!isRecord(settings)) {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}`,
      rule: `is required: an object { apiKey, baseUrl? }, not ${typeOf(settings)}`,
    });
  }
  unknownKeys(`gasSponsorship.${provider}`, settings, ["apiKey", "baseUrl"]);
  const { apiKey, baseUrl } = settings;
  if (typeof apiKey !== "string") {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}.apiKey`,
      rule: `is required: the app's own project API key as a string, not ${typeOf(apiKey)}`,
    });
  }
  if (apiKey.trim().length === 0 || /\s/.test(apiKey)) {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}.apiKey`,
      rule: "must be a non-empty string without whitespace (value not shown)",
    });
  }
  const sponsor_a: { apiKey: string; baseUrl?: string } = { apiKey };
  if (baseUrl !== undefined) sponsor_a.baseUrl = httpUrl(`gasSponsorship.${provider}.baseUrl`, baseUrl);
  return { provider: "sponsor_a", sponsor_a };
}

/** The validated options of `createAAClient`. @internal */
export interface ResolvedAAConfig {
  owner: LocalAccount;
  gasSponsorship: GasSponsorship;
  attributionTags: readonly string[] | undefined;
  rpcUrl: string;
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

function validateTags(tags: unknown): readonly string[] | undefined {
  if (tags === undefined) return undefined;
  try {
    return Object.freeze([...normalizeAttributionTags(tags as string[])]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const index = (error as { details?: { index?: unknown } }).details?.index;
    throw new InvalidConfigError({
      option: typeof index === "number" ? `attributionTags[${index}]` : "attributionTags",
      rule: message.replace(/\.$/, ""),
      cause: error,
    });
  }
}

/**
 * Validates every option of `createAAClient` before any I/O: unknown names, the owner (a local account that
 * signs), `gasSponsorship` (provider, key present, base URL), tags, `rpcUrl`. @internal
 */
export function resolveAAConfig(parameters: unknown): ResolvedAAConfig {
  if (!isRecord(parameters)) {
    throw new InvalidConfigError({
      option: "(options)",
      rule: `must be an object { owner, gasSponsorship, attributionTags?, rpcUrl? }, not ${typeOf(parameters)}`,
    });
  }
  unknownKeys("", parameters, OPTION_NAMES);
  const owner = validateOwner(parameters.owner);
  const gasSponsorship = validateGasSponsorship(parameters.gasSponsorship);
  const attributionTags = validateTags(parameters.attributionTags);
  const rpcUrl =
    parameters.rpcUrl === undefined ? DEFAULT_RPC_URL : httpUrl("rpcUrl", parameters.rpcUrl, true);
  return { owner, gasSponsorship, attributionTags, rpcUrl };
}
