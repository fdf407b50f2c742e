import fc from "fast-check";
import { Attribution } from "ox/erc8021";
import { describe, expect, it } from "vitest";
import { appendSdkCalldataTag } from "../src/appendSdkCalldataTag.js";
import { buildAttributionSuffix } from "../src/buildAttributionSuffix.js";
import { checkAttributionInCalldata } from "../src/checkAttributionInCalldata.js";
import { InvalidAttributionTagError } from "../src/errors/InvalidAttributionTagError.js";
import { InvalidCalldataError } from "../src/errors/InvalidCalldataError.js";
import { stripAttributionSuffix } from "../src/stripAttributionSuffix.js";
import { toAttributionCodes } from "../src/toAttributionCodes.js";
import { verifyAttributionInCalldata } from "../src/verifyAttributionInCalldata.js";
import { marker, plainCalldata, validTags } from "./arbitraries.js";

const transfer: `0x${string}` =
  "0xa9059cbb000000000000000000000000111111111111111111111111111111111111111100000000000000000000000000000000000000000000000000000000000003e8";

function countMarkers(data: string): number {
  return data.split(marker).length - 1;
}

describe("appendSdkCalldataTag", () => {
  it("appends the Schema 0 suffix sdk,<codes> (rule 6.1)", () => {
    const tagged = appendSdkCalldataTag(transfer, ["tag_a", "tag_b"]);
    expect(tagged).toBe(`${transfer}${buildAttributionSuffix(["tag_a", "tag_b"]).slice(2)}`);
    expect(Attribution.fromData(tagged)).toEqual({ codes: ["sdk", "tag_a", "tag_b"], id: 0 });
  });

  it("tags with the platform code alone when tags are omitted or empty", () => {
    expect(appendSdkCalldataTag("0x")).toBe(`0x73646b0300${marker}`);
    expect(appendSdkCalldataTag("0x", [])).toBe(`0x73646b0300${marker}`);
  });

  it("is idempotent", () => {
    const once = appendSdkCalldataTag(transfer, ["MyApp", "builder_0123456789ab"]);
    expect(appendSdkCalldataTag(once, ["MyApp", "builder_0123456789ab"])).toBe(once);
    expect(appendSdkCalldataTag(once, ["myapp"])).toBe(once);
    expect(appendSdkCalldataTag(once)).toBe(once);
    expect(appendSdkCalldataTag(once, ["SDK"])).toBe(once);
  });

  it("never stacks: merges into an existing sdk-first suffix, existing codes first", () => {
    const first = appendSdkCalldataTag(transfer, ["alpha", "beta"]);
    const merged = appendSdkCalldataTag(first, ["gamma", "ALPHA", "delta"]);
    expect(countMarkers(merged)).toBe(1);
    expect(merged).toBe(appendSdkCalldataTag(transfer, ["alpha", "beta", "gamma", "delta"]));
    expect(Attribution.fromData(merged)).toEqual({
      codes: ["sdk", "alpha", "beta", "gamma", "delta"],
      id: 0,
    });
    expect(stripAttributionSuffix(merged)).toBe(transfer);
  });

  it("keeps the bytes of an existing sdk-first suffix written by someone else (case, order)", () => {
    const foreignCase =
      `${transfer}${Attribution.toDataSuffix({ codes: ["SDK", "Zeta"] }).slice(2)}` as const;
    const merged = appendSdkCalldataTag(foreignCase, ["zeta", "eta"]);
    expect(Attribution.fromData(merged)).toEqual({ codes: ["SDK", "Zeta", "eta"], id: 0 });
    expect(countMarkers(merged)).toBe(1);
  });

  it("appends after a suffix whose first code is not sdk (Schema 0 of another platform, Schema 1)", () => {
    const other = `${transfer}${Attribution.toDataSuffix({ codes: ["baseapp"] }).slice(2)}` as const;
    const tagged = appendSdkCalldataTag(other, ["myapp"]);
    expect(tagged).toBe(`${other}${buildAttributionSuffix(["myapp"]).slice(2)}`);
    expect(checkAttributionInCalldata(tagged).tags).toEqual(["myapp"]);
    expect(checkAttributionInCalldata(stripAttributionSuffix(tagged)).tags).toEqual(["baseapp"]);
    const schema1 = `${transfer}${Attribution.toDataSuffix({
      codes: ["sdk"],
      codeRegistry: { address: "0xcccccccccccccccccccccccccccccccccccccccc", chainId: 42220 },
    }).slice(2)}` as const;
    expect(appendSdkCalldataTag(schema1, ["x"])).toBe(`${schema1}${buildAttributionSuffix(["x"]).slice(2)}`);
  });

  it("keeps the letter case of data", () => {
    const upper = "0xA9059CBB";
    expect(appendSdkCalldataTag(upper, ["x"]).startsWith(upper)).toBe(true);
  });

  it("validates tags before data, and rejects data that is not hex", () => {
    expect(() => appendSdkCalldataTag("nope" as `0x${string}`, ["bad tag"])).toThrow(
      InvalidAttributionTagError,
    );
    for (const data of ["0xabc", "nope", "0xzz", "", "abcd", 12 as unknown as string])
      expect(() => appendSdkCalldataTag(data as `0x${string}`, ["ok"])).toThrow(InvalidCalldataError);
    try {
      appendSdkCalldataTag("0x123" as `0x${string}`);
    } catch (error) {
      expect((error as InvalidCalldataError).code).toBe("INVALID_CALLDATA");
      expect((error as InvalidCalldataError).message).toContain('"0x123"');
    }
  });

  it("rejects a merge that would exceed 255 bytes, naming the tag", () => {
    const tags = Array.from({ length: 7 }, (_, index) => `${index}`.padEnd(31, "x"));
    const full = appendSdkCalldataTag("0x", tags);
    let error: unknown;
    try {
      appendSdkCalldataTag(full, ["z".repeat(28)]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidAttributionTagError);
    expect((error as InvalidAttributionTagError).details).toMatchObject({
      rule: "codes-too-long",
      tag: "z".repeat(28),
    });
    expect(countMarkers(appendSdkCalldataTag(full, ["z".repeat(27)]))).toBe(1);
  });

  it("the suffix cache never confuses tag lists (a comma inside a tag, non-strings, many lists)", () => {
    appendSdkCalldataTag("0x", ["a", "b"]);
    expect(() => appendSdkCalldataTag("0x", ["a,b"])).toThrow(InvalidAttributionTagError);
    appendSdkCalldataTag("0x", ["1"]);
    expect(() => appendSdkCalldataTag("0x", [1 as unknown as string])).toThrow(InvalidAttributionTagError);
    // More distinct lists than the cache holds, twice over: every answer stays right.
    for (let round = 0; round < 2; round++)
      for (let index = 0; index < 200; index++) {
        const tags = [`t${index}`, `u${index % 7}`];
        expect(appendSdkCalldataTag("0x01", tags)).toBe(
          `0x01${Attribution.toDataSuffix({ codes: ["sdk", `t${index}`, `u${index % 7}`] }).slice(2)}`,
        );
      }
  });

  it("the cache follows a caller's array changed in place between calls", () => {
    const tags = ["alpha"];
    expect(checkAttributionInCalldata(appendSdkCalldataTag("0x", tags)).tags).toEqual(["alpha"]);
    tags[0] = "beta";
    expect(checkAttributionInCalldata(appendSdkCalldataTag("0x", tags)).tags).toEqual(["beta"]);
    tags.push("gamma");
    expect(checkAttributionInCalldata(appendSdkCalldataTag("0x", tags)).tags).toEqual(["beta", "gamma"]);
    tags[1] = "not valid";
    expect(() => appendSdkCalldataTag("0x", tags)).toThrow(InvalidAttributionTagError);
  });

  it("property: check(append(data, tags)).tags are the custom codes and strip(append(data, tags)) === data", () => {
    fc.assert(
      fc.property(plainCalldata, validTags, (data, tags) => {
        const tagged = appendSdkCalldataTag(data, tags);
        expect(checkAttributionInCalldata(tagged)).toEqual({
          found: true,
          tags: toAttributionCodes(tags).slice(1),
          platform: true,
        });
        expect(stripAttributionSuffix(tagged)).toBe(data);
        expect(appendSdkCalldataTag(tagged, tags)).toBe(tagged);
        expect(verifyAttributionInCalldata(tagged).erc8021).toEqual({
          schemaId: 0,
          codes: toAttributionCodes(tags),
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("property: appending two lists in turn equals appending their concatenation, with one suffix", () => {
    fc.assert(
      fc.property(plainCalldata, validTags, validTags, (data, first, second) => {
        const both = [...first, ...second];
        fc.pre(toAttributionCodes(both).join(",").length <= 255);
        const stepwise = appendSdkCalldataTag(appendSdkCalldataTag(data, first), second);
        expect(stepwise).toBe(appendSdkCalldataTag(data, both));
        expect(countMarkers(stepwise.slice(data.length))).toBe(1);
      }),
      { numRuns: 2000 },
    );
  });
});
