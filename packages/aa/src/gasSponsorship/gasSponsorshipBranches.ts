import { createSponsorABackend } from "./sponsorA.js";
import type { GasSponsorship, GasSponsorshipBackend, GasSponsorshipBranches } from "./types.js";

/**
 * One branch per provider: the seam for a second vendor. A new `GasSponsorship` member without a branch here
 * does not compile.
 * @internal
 */
export const gasSponsorshipBranches: GasSponsorshipBranches<GasSponsorship, GasSponsorshipBackend> = {
  sponsor_a: createSponsorABackend,
};
