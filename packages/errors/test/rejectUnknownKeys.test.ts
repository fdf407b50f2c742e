import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidArgumentError } from "../src/InvalidArgumentError.js";
import { rejectUnknownKeys } from "../src/rejectUnknownKeys.js";

describe("rejectUnknownKeys", () => {
  it("returns the object when every key is known (absent keys are fine)", () => {
    const value = { owner: "0x1" };
    expect(rejectUnknownKeys(value, "parameters", ["owner", "signal"])).toBe(value);
    expect(rejectUnknownKeys({}, "options", ["signal"])).toEqual({});
  });

  it("names the unknown key and the nearest valid one, never the value", () => {
    let error: unknown;
    try {
      rejectUnknownKeys({ owner: "0x1", sginal: "0xsecret" }, "options", ["owner", "signal"]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).message).toBe(
      'Invalid `options` (got "sginal"): unknown key (the value is not shown); did you mean `signal`? The keys are owner, signal.',
    );
    expect(JSON.stringify(error)).not.toContain("0xsecret");
    expect(() => rejectUnknownKeys({ privateKey: 1 }, "parameters", ["owner"])).toThrow(
      "unknown key (the value is not shown); the keys are owner",
    );
  });

  it("refuses what is not a plain object", () => {
    for (const bad of [null, undefined, 5, "x", [1]])
      expect(() => rejectUnknownKeys(bad, "parameters", ["owner"])).toThrow(InvalidArgumentError);
  });

  it("accepts exactly the objects whose keys are all known", () => {
    const keys = ["a", "b", "c"];
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), fc.anything()), (value) => {
        const known = Object.keys(value).every((key) => keys.includes(key));
        let threw = false;
        try {
          rejectUnknownKeys(value, "parameters", keys);
        } catch (error) {
          threw = true;
          expect(error).toBeInstanceOf(InvalidArgumentError);
        }
        expect(threw).toBe(!known);
      }),
    );
  });
});
