import fc from "fast-check";
import { Attribution } from "ox/erc8021";
import { describe, expect, it } from "vitest";
import { appendSdkCalldataTag } from "../src/appendSdkCalldataTag.js";
import { checkAttributionInCalldata } from "../src/checkAttributionInCalldata.js";
import { hostileInput, marker } from "./arbitraries.js";

describe("checkAttributionInCalldata", () => {
  it("ERC vector: 0xdddddddd62617365617070070080218021802180218021802180218021 is Schema 0 [baseapp]", () => {
    expect(
      checkAttributionInCalldata("0xdddddddd62617365617070070080218021802180218021802180218021", "BaseApp"),
    ).toEqual({
      found: true,
      tags: ["baseapp"],
      platform: false,
      matched: true,
    });
  });

  it("ERC vector: an unknown schema id (0xff) gives no result", () => {
    expect(checkAttributionInCalldata(`0xddddddddff${marker}`)).toEqual({
      found: false,
      tags: [],
      platform: false,
    });
  });

  it("reads Schema 1 code lists", () => {
    expect(
      checkAttributionInCalldata(
        "0xddddddddcccccccccccccccccccccccccccccccccccccccc210502626173656170702C6D6F7270686F0E0180218021802180218021802180218021",
      ),
    ).toEqual({ found: true, tags: ["baseapp", "morpho"], platform: false });
  });

  it("reports Schema 2 (no code list) as not found", () => {
    expect(
      checkAttributionInCalldata("0xdddddddda161616762617365617070000b0280218021802180218021802180218021"),
    ).toEqual({
      found: false,
      tags: [],
      platform: false,
    });
  });

  it("removes the platform code from tags and reports it as platform", () => {
    const data = appendSdkCalldataTag("0x1234", ["MyApp", "builder_0123456789ab"]);
    expect(checkAttributionInCalldata(data)).toEqual({
      found: true,
      tags: ["myapp", "builder_0123456789ab"],
      platform: true,
    });
    expect(checkAttributionInCalldata(appendSdkCalldataTag("0x1234"))).toEqual({
      found: true,
      tags: [],
      platform: true,
    });
  });

  it("matches a tag case-insensitively after trimming; sdk matches the platform code", () => {
    const data = appendSdkCalldataTag("0x", ["myapp"]);
    expect(checkAttributionInCalldata(data, "MYAPP").matched).toBe(true);
    expect(checkAttributionInCalldata(data, " myApp ").matched).toBe(true);
    expect(checkAttributionInCalldata(data, "SDK").matched).toBe(true);
    expect(checkAttributionInCalldata(data, "other").matched).toBe(false);
    expect(checkAttributionInCalldata(data, "").matched).toBe(false);
    expect(checkAttributionInCalldata(data, 5 as unknown as string).matched).toBe(false);
    expect(checkAttributionInCalldata("0x1234", "myapp")).toEqual({
      found: false,
      tags: [],
      platform: false,
      matched: false,
    });
    expect("matched" in checkAttributionInCalldata(data)).toBe(false);
  });

  it("accepts upper-case hex", () => {
    const data = appendSdkCalldataTag("0x12", ["myapp"]).toUpperCase().replace("0X", "0x");
    expect(checkAttributionInCalldata(data).tags).toEqual(["myapp"]);
  });

  it("gives nothing found for a length byte pointing before the data, odd length, non-hex and non-strings", () => {
    for (const data of [
      `0x61ff00${marker}`,
      `0x${marker}`,
      `0x0000${marker}`.slice(0, -1),
      `0xzz0300${marker}`,
      "",
      "0x",
      undefined,
      null,
      42,
      {},
    ])
      expect(checkAttributionInCalldata(data as string)).toEqual({ found: false, tags: [], platform: false });
  });

  it("validates the bytes it reads: a non-hex digit inside the suffix means nothing found", () => {
    const tagged = appendSdkCalldataTag("0x1234", ["myapp"]);
    const codesAt = tagged.length - 32 - 4 - 10; // inside "myapp"
    expect(
      checkAttributionInCalldata(`${tagged.slice(0, codesAt)}zz${tagged.slice(codesAt + 2)}`).found,
    ).toBe(false);
    expect(checkAttributionInCalldata(`${tagged.slice(0, -36)}z${tagged.slice(-35)}`).found).toBe(false); // schema id
    expect(checkAttributionInCalldata(`${tagged.slice(0, -38)}zz${tagged.slice(-36)}`).found).toBe(false); // length
    // Like the ERC's reader it reads from the end only: bytes before the suffix are not looked at.
    expect(checkAttributionInCalldata(`0xzz${tagged.slice(2)}`).tags).toEqual(["myapp"]);
  });

  it("agrees with ox fromData on schema 0 and 1 suffixes of hostile data", () => {
    fc.assert(
      fc.property(hostileInput, (input) => {
        const result = checkAttributionInCalldata(input as string);
        if (typeof input !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(input)) return;
        let ox: Attribution.Attribution | undefined;
        try {
          ox = Attribution.fromData(input as `0x${string}`);
        } catch {
          return;
        }
        if (ox === undefined || ox.id === 2) expect(result.found).toBe(false);
        else if (ox.id === 1 && !Number.isSafeInteger(ox.codeRegistry.chainId))
          expect(result.found).toBe(false);
        else {
          expect(result.found).toBe(true);
          expect([...(result.platform ? ["sdk"] : []), ...result.tags].sort()).toEqual(
            (ox.codes ?? []).map((code) => (code.toLowerCase() === "sdk" ? "sdk" : code)).sort(),
          );
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it("property: 100,000 hostile inputs never throw and always give a well-formed result", () => {
    fc.assert(
      fc.property(hostileInput, fc.option(fc.string({ maxLength: 8 }), { nil: undefined }), (input, tag) => {
        const result = checkAttributionInCalldata(input as string, tag);
        return (
          typeof result.found === "boolean" &&
          Array.isArray(result.tags) &&
          typeof result.platform === "boolean" &&
          (result.found || result.tags.length === 0) &&
          (result.matched === undefined) === (tag === undefined)
        );
      }),
      { numRuns: 100_000 },
    );
  }, 120_000);
});
