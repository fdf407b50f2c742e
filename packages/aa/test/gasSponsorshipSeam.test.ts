// The vendor seam is real: a provider is a union member plus one branch. These are type-level checks
// (run by `tsc --noEmit`, which covers test/), with a runtime echo so vitest reports them.
import { describe, expectTypeOf, it } from "vitest";
import { gasSponsorshipBranches } from "../src/gasSponsorship/gasSponsorshipBranches.js";
import type {
  CreateAAClientParameters,
  GasSponsorship,
  GasSponsorshipBackend,
  GasSponsorshipBranches,
  GasSponsorshipProvider,
  GasSponsorshipService,
} from "../src/index.js";

/** A hypothetical second vendor, only as a type: no fake implementation exists. */
type SponsorBGasSponsorship = { provider: "sponsor_b"; sponsor_b: { token: string } };
type TwoVendors = GasSponsorship | SponsorBGasSponsorship;

describe("gas-sponsorship seam", () => {
  it("version 1 has exactly one provider, sponsor_a", () => {
    expectTypeOf<GasSponsorshipProvider>().toEqualTypeOf<"sponsor_a">();
    expectTypeOf<CreateAAClientParameters["gasSponsorship"]>().toEqualTypeOf<
      GasSponsorship | GasSponsorshipService
    >();
    expectTypeOf<ConstructorParameters<typeof GasSponsorshipService>[0]>().toEqualTypeOf<GasSponsorship>();
    expectTypeOf(gasSponsorshipBranches).toEqualTypeOf<
      GasSponsorshipBranches<GasSponsorship, GasSponsorshipBackend>
    >();
  });

  it("a new union member needs its own branch (and each branch gets its own member's config)", () => {
    expectTypeOf<keyof GasSponsorshipBranches<TwoVendors, GasSponsorshipBackend>>().toEqualTypeOf<
      "sponsor_a" | "sponsor_b"
    >();
    expectTypeOf<
      Parameters<GasSponsorshipBranches<TwoVendors, number>["sponsor_b"]>[0]
    >().toEqualTypeOf<SponsorBGasSponsorship>();
    // @ts-expect-error the sponsor_b branch is missing
    const missing: GasSponsorshipBranches<TwoVendors, GasSponsorshipBackend> = gasSponsorshipBranches;
    expectTypeOf(missing).not.toBeAny();
  });

  it("the configured value is checked against the union", () => {
    const ok: GasSponsorship = {
      provider: "sponsor_a",
      sponsor_a: { apiKey: "k" },
    };
    expectTypeOf(ok.provider).toEqualTypeOf<"sponsor_a">();
    // @ts-expect-error an unknown provider is not a GasSponsorship
    const unknown: GasSponsorship = { provider: "sponsor_b", sponsor_b: { apiKey: "k" } };
    expectTypeOf(unknown).not.toBeAny();
  });
});
