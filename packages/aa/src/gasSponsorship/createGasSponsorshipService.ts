import { validateGasSponsorship } from "../internal/validateConfig.js";
import type { GasSponsorshipService } from "./GasSponsorshipService.js";
import { createSponsorAService } from "./sponsorA.js";
import type { GasSponsorship, GasSponsorshipBranches } from "./types.js";

/**
 * One branch per provider. A new `GasSponsorship` member without a branch here does not compile.
 * @internal
 */
export const gasSponsorshipBranches: GasSponsorshipBranches<GasSponsorship, GasSponsorshipService> = {
  sponsor_a: createSponsorAService,
};

/**
 * Builds the {@link GasSponsorshipService} of a `gasSponsorship` config: validates it (before any I/O), then
 * picks the provider's branch. No network request is made here. `createAAClient` calls it for you; use it
 * directly to reach the endpoint yourself (fees, receipts).
 *
 * @throws {InvalidConfigError} when the config is not a supported provider with a non-empty API key and an
 * http(s) base URL (the key is never echoed).
 *
 * @example
 * ```ts
 * import { createGasSponsorshipService } from "@preflow/aa";
 *
 * const service = createGasSponsorshipService({
 *   provider: "sponsor_a",
 *   sponsor_a: { apiKey: process.env.SPONSOR_API_KEY! },
 * });
 * const fees = await service.estimateFeesPerGas(); // { maxFeePerGas, maxPriorityFeePerGas }
 * ```
 */
export function createGasSponsorshipService(gasSponsorship: GasSponsorship): GasSponsorshipService {
  const config = validateGasSponsorship(gasSponsorship);
  const branch = gasSponsorshipBranches[config.provider];
  return branch(config);
}
