/**
 * Settings of the `sponsor_a` gas-sponsorship provider: the app's own project API key (sent as the `apikey`
 * query parameter, never logged) and an optional base URL (default `DEFAULT_SPONSOR_A_BASE_URL`).
 *
 * @example
 * ```ts
 * import type { SponsorAOptions } from "@preflow/aa";
 * const options: SponsorAOptions = { apiKey: process.env.SPONSOR_API_KEY! };
 * ```
 */
export type SponsorAOptions = {
  apiKey: string;
  baseUrl?: string | undefined;
};

/**
 * `gasSponsorship` for `sponsor_a`: `{ provider: "sponsor_a", sponsor_a: { apiKey, baseUrl? } }`.
 *
 * @example
 * ```ts
 * import type { SponsorAGasSponsorship } from "@preflow/aa";
 * const gasSponsorship: SponsorAGasSponsorship = { provider: "sponsor_a", sponsor_a: { apiKey } };
 * ```
 */
export type SponsorAGasSponsorship = {
  provider: "sponsor_a";
  sponsor_a: SponsorAOptions;
};

/**
 * The `gasSponsorship` option of `createAAClient`: a union discriminated by `provider`, one member per
 * vendor, whose settings sit under a key named like the provider. Version 1 has one member, `sponsor_a`.
 * Adding a vendor means a new member here and a new branch in `createGasSponsorshipService` (the
 * {@link GasSponsorshipBranches} map makes the compiler ask for it); `createAAClient` keeps its name.
 *
 * @example
 * ```ts
 * import type { GasSponsorship } from "@preflow/aa";
 * const gasSponsorship: GasSponsorship = { provider: "sponsor_a", sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! } };
 * ```
 */
export type GasSponsorship = SponsorAGasSponsorship;

/**
 * The provider discriminants (`"sponsor_a"` in version 1).
 *
 * @example
 * ```ts
 * import type { GasSponsorshipProvider } from "@preflow/aa";
 * const provider: GasSponsorshipProvider = "sponsor_a";
 * ```
 */
export type GasSponsorshipProvider = GasSponsorship["provider"];

/**
 * The extension point of the sponsorship seam: one branch (a function from that member's config to a
 * result) per member of a `GasSponsorship`-like union. `createGasSponsorshipService` holds a value of
 * `GasSponsorshipBranches<GasSponsorship, GasSponsorshipService>`, so a new union member without its
 * branch is a compile error.
 *
 * @example
 * ```ts
 * import type { GasSponsorship, GasSponsorshipBranches } from "@preflow/aa";
 *
 * const describe: GasSponsorshipBranches<GasSponsorship, string> = {
 *   sponsor_a: (config) => `sponsor_a at ${config.sponsor_a.baseUrl ?? "the default URL"}`,
 * };
 * ```
 */
export type GasSponsorshipBranches<config extends { provider: string }, result> = {
  [provider in config["provider"]]: (config: Extract<config, { provider: provider }>) => result;
};
