import type { InvalidConfigError } from "@preflow/core";
import { GasSponsorshipService } from "./GasSponsorshipService.js";
import type { GasSponsorship } from "./types.js";

/**
 * The errors {@link createGasSponsorshipService} (and `new GasSponsorshipService`) throws, before any I/O:
 * {@link InvalidConfigError} when the config is not a supported provider with a non-empty API key and an http(s)
 * base URL (`UnknownOptionError`, a subclass, for an unknown key, with the nearest valid one). The API key is never
 * echoed.
 *
 * @example
 * ```ts
 * import type { CreateGasSponsorshipServiceErrorType } from "@preflow/aa";
 * const option = (error: CreateGasSponsorshipServiceErrorType) => error.details.option;
 * ```
 */
export type CreateGasSponsorshipServiceErrorType = InvalidConfigError;

/**
 * The function form of `new GasSponsorshipService(gasSponsorship)`: validates the config (before any I/O)
 * and returns the provider's service. No network request is made here.
 *
 * @throws {@link CreateGasSponsorshipServiceErrorType} (the API key is never echoed)
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
  return new GasSponsorshipService(gasSponsorship);
}
