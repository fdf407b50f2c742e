import { InvalidConfigError, parseHttpUrlOption } from "@preflow/core";
import { isRecord, typeName } from "@preflow/errors";
import type { GasSponsorship } from "../gasSponsorship/types.js";
import { refuseUnknownKeys } from "./optionChecks.js";

/** The provider values of version 1. @internal */
export const PROVIDERS = ["sponsor_a"] as const;

/** Validates a `gasSponsorship` config before any I/O, without echoing the API key. @internal */
export function validateGasSponsorship(value: unknown): GasSponsorship {
  if (!isRecord(value)) {
    throw new InvalidConfigError({
      option: "gasSponsorship",
      rule: `is required: an object like { provider: "sponsor_a", sponsor_a: { apiKey } }, not ${typeName(value)}`,
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
  refuseUnknownKeys("gasSponsorship", value, ["provider", provider], "gasSponsorship");
  const settings = value[provider];
  if (!isRecord(settings)) {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}`,
      rule: `is required: an object { apiKey, baseUrl? }, not ${typeName(settings)}`,
    });
  }
  refuseUnknownKeys(`gasSponsorship.${provider}`, settings, ["apiKey", "baseUrl"], "gasSponsorship");
  const { apiKey, baseUrl } = settings;
  if (typeof apiKey !== "string") {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}.apiKey`,
      rule: `is required: the app's own project API key as a string, not ${typeName(apiKey)}`,
    });
  }
  if (apiKey.trim().length === 0 || /\s/.test(apiKey)) {
    throw new InvalidConfigError({
      option: `gasSponsorship.${provider}.apiKey`,
      rule: "must be a non-empty string without whitespace (value not shown)",
    });
  }
  const sponsor_a: { apiKey: string; baseUrl?: string } = { apiKey };
  if (baseUrl !== undefined)
    sponsor_a.baseUrl = parseHttpUrlOption({
      option: `gasSponsorship.${provider}.baseUrl`,
      value: baseUrl,
      allowQuery: false,
    });
  return { provider: "sponsor_a", sponsor_a };
}
