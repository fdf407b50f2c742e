import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidAttributionTagError } from "../src/errors/InvalidAttributionTagError.js";
import { normalizeAttributionTags } from "../src/normalizeAttributionTags.js";

const validTag = fc.stringMatching(/^[A-Za-z0-9_]{1,32}$/);

describe("normalizeAttributionTags", () => {
  it("trims, uppercases app tags and drops empty tags", () => {
    expect(normalizeAttributionTags([" myApp ", "", "   ", "\tpartner_1\n"])).toEqual(["MYAPP", "PARTNER_1"]);
  });

  it("rule 6.2: keeps a builder tag builder_<12 hex> lowercase, in any input case", () => {
    expect(normalizeAttributionTags(["builder_0123456789ab", "BUILDER_ABCDEF012345"])).toEqual([
      "builder_0123456789ab",
      "builder_abcdef012345",
    ]);
    // Not a builder code: wrong length or not hex, so it is an app tag and is uppercased.
    expect(
      normalizeAttributionTags(["builder_0123456789a", "builder_0123456789ag", "builder_0123456789abc"]),
    ).toEqual(["BUILDER_0123456789A", "BUILDER_0123456789AG", "BUILDER_0123456789ABC"]);
  });

  it("rule 6.3: dedupes in first-seen order, the platform code in any case is never a custom tag", () => {
    expect(normalizeAttributionTags(["b", "A", "sdk", "B", "SDK", "a", "Sdk", " sDk ", "c"])).toEqual([
      "B",
      "A",
      "C",
    ]);
    expect(normalizeAttributionTags(["builder_0123456789ab", "BUILDER_0123456789AB"])).toEqual([
      "builder_0123456789ab",
    ]);
  });

  it("gives [] for undefined and []", () => {
    expect(normalizeAttributionTags(undefined)).toEqual([]);
    expect(normalizeAttributionTags([])).toEqual([]);
  });

  it.each([
    [["my-app"], "characters", "my-app"],
    [["my app"], "characters", "my app"],
    [["café"], "characters", "café"],
    [["a,b"], "characters", "a,b"],
    [["ok", "x".repeat(33)], "too-long", "x".repeat(33)],
    [["ok", 7], "not-a-string", 7],
  ] as const)("rejects %j (%s) naming the tag and the rule", (tags, rule, tag) => {
    let error: unknown;
    try {
      normalizeAttributionTags(tags as unknown as string[]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidAttributionTagError);
    const typed = error as InvalidAttributionTagError;
    expect(typed.code).toBe("INVALID_ATTRIBUTION_TAG");
    expect(typed.details.rule).toBe(rule);
    expect(typed.details.tag).toBe(tag);
    expect(typed.message).toContain(JSON.stringify(tag));
  });

  it("accepts a tag of exactly 32 characters", () => {
    expect(normalizeAttributionTags(["a".repeat(32)])).toEqual(["A".repeat(32)]);
  });

  it("rejects a list that is not an array", () => {
    expect(() => normalizeAttributionTags("myapp" as unknown as string[])).toThrow(
      expect.objectContaining({
        code: "INVALID_ATTRIBUTION_TAG",
        details: expect.objectContaining({ rule: "not-a-list" }),
      }),
    );
  });

  it("rejects a code list longer than 255 bytes joined, and accepts exactly 255", () => {
    // "sdk" + 7 × ",<31 chars>" = 3 + 7 × 32 = 227; + ",<27 chars>" = 255.
    const tags = Array.from({ length: 7 }, (_, index) => `${index}`.padEnd(31, "x"));
    expect(normalizeAttributionTags([...tags, "z".repeat(27)])).toHaveLength(8);
    let error: unknown;
    try {
      normalizeAttributionTags([...tags, "z".repeat(28)]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidAttributionTagError);
    expect((error as InvalidAttributionTagError).details).toMatchObject({
      rule: "codes-too-long",
      tag: "z".repeat(28),
      index: 7,
      length: 256,
    });
    // Duplicates and the platform code do not count towards the limit.
    expect(normalizeAttributionTags([...tags, ...tags, "SDK", "z".repeat(27)])).toHaveLength(8);
  });

  it("property: the output is valid, unique on chain, free of the platform code and a fixed point", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(validTag, fc.constantFrom("sdk", "SDK", "", "  x  ")), { maxLength: 7 }),
        (tags) => {
          const normalized = normalizeAttributionTags(tags);
          const lower = normalized.map((tag) => tag.toLowerCase());
          expect(new Set(lower).size).toBe(lower.length);
          expect(lower).not.toContain("sdk");
          for (const tag of normalized) expect(tag).toMatch(/^([A-Z0-9_]{1,32}|builder_[0-9a-f]{12})$/);
          expect(normalizeAttributionTags(normalized)).toEqual(normalized);
        },
      ),
    );
  });
});
