import fc from "fast-check";
import { Attribution } from "ox/erc8021";
import { describe, expect, it } from "vitest";
import { buildAttributionSuffix } from "../src/buildAttributionSuffix.js";
import { checkAttributionInCalldata } from "../src/checkAttributionInCalldata.js";
import { InvalidAttributionTagError } from "../src/errors/InvalidAttributionTagError.js";
import { toAttributionCodes } from "../src/toAttributionCodes.js";
import { marker, validTags } from "./arbitraries.js";

/** The ERC's own Schema 0 example: codes ["baseapp", "morpho"]. */
const ercCodesBytes = "626173656170702c6d6f7270686f";
const ercSuffix = `0x${ercCodesBytes}0e00${marker}`;

describe("buildAttributionSuffix", () => {
  it("the ERC vector: codes [baseapp, morpho] are 0x626173656170702c6d6f7270686f0e00 ‖ marker", () => {
    expect(Attribution.toDataSuffix({ codes: ["baseapp", "morpho"] })).toBe(ercSuffix);
    expect(ercSuffix).toBe("0x626173656170702c6d6f7270686f0e0080218021802180218021802180218021");
    expect(checkAttributionInCalldata(`0xdeadbeef${ercSuffix.slice(2)}`)).toEqual({
      found: true,
      tags: ["baseapp", "morpho"],
      platform: false,
    });
  });

  it("tags [baseapp, morpho] give the ERC's bytes with the platform code first (sdk,baseapp,morpho; length 0x12)", () => {
    expect(buildAttributionSuffix(["baseapp", "morpho"])).toBe(`0x73646b2c${ercCodesBytes}1200${marker}`);
    expect(buildAttributionSuffix(["BaseApp", "MORPHO", "sdk"])).toBe(
      `0x73646b2c${ercCodesBytes}1200${marker}`,
    );
  });

  it("gives the platform code alone without tags", () => {
    expect(buildAttributionSuffix()).toBe(`0x73646b0300${marker}`);
    expect(buildAttributionSuffix([])).toBe(`0x73646b0300${marker}`);
  });

  it("throws InvalidAttributionTagError for a bad tag", () => {
    expect(() => buildAttributionSuffix(["bad tag"])).toThrow(InvalidAttributionTagError);
  });

  it("property: equals ox toDataSuffix for the same codes", () => {
    fc.assert(
      fc.property(validTags, (tags) => {
        expect(buildAttributionSuffix(tags)).toBe(
          Attribution.toDataSuffix({ codes: toAttributionCodes(tags) }),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
