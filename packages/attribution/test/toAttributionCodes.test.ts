import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeAttributionTags } from "../src/normalizeAttributionTags.js";
import { toAttributionCodes } from "../src/toAttributionCodes.js";

describe("toAttributionCodes", () => {
  it("rule 6.1: the platform code comes first, then the custom codes: tags [a, b] give sdk, a, b", () => {
    expect(toAttributionCodes(["tag_a", "tag_b"])).toEqual(["sdk", "tag_a", "tag_b"]);
    expect(toAttributionCodes()).toEqual(["sdk"]);
    expect(toAttributionCodes([])).toEqual(["sdk"]);
  });

  it("rule 6.2: uppercase in normalize, lowercase on chain; builder codes stay lowercase", () => {
    expect(normalizeAttributionTags(["MyApp"])).toEqual(["MYAPP"]);
    expect(toAttributionCodes(["MyApp", "builder_0123456789ab"])).toEqual([
      "sdk",
      "myapp",
      "builder_0123456789ab",
    ]);
  });

  it("rule 6.3: the platform code is never repeated, whatever its case, and duplicates go", () => {
    expect(toAttributionCodes(["SDK", "myapp", "sdk", "MYAPP", "Sdk"])).toEqual(["sdk", "myapp"]);
  });

  it("property: codes are the lowercased normalized tags after sdk", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9_]{0,32}$/), { maxLength: 7 }), (tags) => {
        const codes = toAttributionCodes(tags);
        expect(codes[0]).toBe("sdk");
        expect(codes.slice(1)).toEqual(normalizeAttributionTags(tags).map((tag) => tag.toLowerCase()));
        for (const code of codes) expect(code).toBe(code.toLowerCase());
      }),
    );
  });
});
