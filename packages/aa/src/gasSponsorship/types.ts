import type { Address, Hex, SignedAuthorization, Transport } from "viem";

/**
 * Settings of the `sponsor_a` gas-sponsorship provider: the app's own project API key (sent as the `apikey`
 * query parameter, never logged) and an optional base URL (default `DEFAULT_SPONSOR_A_BASE_URL`; the devnet's
 * sponsor endpoint in tests).
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
 * The `gasSponsorship` option of `createAAClient` and of `new GasSponsorshipService(...)`: a union
 * discriminated by `provider`, one member per vendor, whose settings sit under a key named like the provider.
 * Version 1 has one member, `sponsor_a`. Adding a vendor means a new member here and a new branch in
 * `gasSponsorshipBranches` (the {@link GasSponsorshipBranches} map makes the compiler ask for it);
 * `createAAClient` and `GasSponsorshipService` keep their names.
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
 * result) per member of a `GasSponsorship`-like union. `GasSponsorshipService` picks its backend from a value
 * of `GasSponsorshipBranches<GasSponsorship, GasSponsorshipBackend>`, so a new union member without its
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

/**
 * Gas fees for a UserOperation, in wei per gas.
 *
 * @example
 * ```ts
 * import type { UserOperationFees } from "@preflow/aa";
 * const fees: UserOperationFees = { maxFeePerGas: 30_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
 * ```
 */
export type UserOperationFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * What the paymaster returns for a UserOperation: the gas limits and the signed paymaster fields, final
 * (nothing more to estimate or ask).
 *
 * @example
 * ```ts
 * import type { SponsoredGas } from "@preflow/aa";
 * const total = (gas: SponsoredGas) => gas.callGasLimit + gas.verificationGasLimit + gas.preVerificationGas;
 * ```
 */
export type SponsoredGas = {
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  paymaster: Address;
  paymasterData: Hex;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
};

/**
 * The unsigned UserOperation (EntryPoint 0.7 / 0.8 fields) handed to the paymaster for sponsorship.
 * `entryPointVersion` (default `"0.7"`) says which EntryPoint it is for; `authorization` is the signed
 * EIP-7702 authorization of a `simple-7702` account's first UserOperation (sent as `eip7702Auth`).
 *
 * @example
 * ```ts
 * import type { SponsorableUserOperation } from "@preflow/aa";
 * const isDeployment = (op: SponsorableUserOperation) => op.factory !== undefined;
 * ```
 */
export type SponsorableUserOperation = {
  sender: Address;
  nonce: bigint;
  callData: Hex;
  factory?: Address | undefined;
  factoryData?: Hex | undefined;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  signature: Hex;
  entryPointVersion?: "0.7" | "0.8" | undefined;
  authorization?: SignedAuthorization | undefined;
};

/**
 * What one vendor's branch provides to `GasSponsorshipService`: the endpoint (its URL, with and without the
 * key, and a viem transport for the bundler and paymaster methods), the fee estimate and the sponsorship
 * call. A second vendor implements this once; nothing else in the package changes.
 *
 * @example
 * ```ts
 * import type { GasSponsorshipBackend } from "@preflow/aa";
 * const describe = (backend: GasSponsorshipBackend) => `${backend.provider} at ${backend.redactedEndpointUrl}`;
 * ```
 */
export interface GasSponsorshipBackend {
  readonly provider: GasSponsorshipProvider;
  /** The endpoint URL with every credential replaced by `***` (safe to print). */
  readonly redactedEndpointUrl: string;
  /** viem transport to the endpoint (bundler methods and paymaster methods). */
  readonly transport: Transport;
  /** The credentials this backend holds, to scrub from any error text; never exposed by the service. */
  readonly secrets: readonly string[];
  estimateFeesPerGas(): Promise<UserOperationFees>;
  sponsorUserOperation(userOperation: SponsorableUserOperation): Promise<SponsoredGas>;
}
