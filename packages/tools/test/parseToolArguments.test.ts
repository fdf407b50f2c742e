import { nearestKey } from "@preflow/attribution";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { InvalidInputError, UnknownArgumentError } from "../src/errors/input.js";
import { parseToolArguments } from "../src/input/parseToolArguments.js";

const schema = z.strictObject({
  to: z.string().max(42),
  dry_run: z.boolean().optional(),
  flow: z
    .union([
      z.strictObject({ prepared_flow: z.literal(true), steps: z.array(z.strictObject({ to: z.string() })) }),
      z.string(),
    ])
    .optional(),
});

describe("nearestKey", () => {
  it("finds the same key in another casing, a close typo, or nothing", () => {
    expect(nearestKey("dryRun", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("DRY-RUN", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("dry_rn", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("simulate", ["to", "dry_run"])).toBeNull();
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 5 }), (key, valid) => {
        const near = nearestKey(key, valid);
        expect(near === null || valid.includes(near)).toBe(true);
      }),
    );
  });
});

describe("parseToolArguments", () => {
  it("refuses unknown keys first, anywhere, naming the nearest valid one", () => {
    expect(() => parseToolArguments("t", schema, { to: 5, dryRun: true })).toThrow(UnknownArgumentError);
    try {
      parseToolArguments("t", schema, {
        to: "x",
        flow: { prepared_flow: true, steps: [{ to: "y", To: "z" }] },
      });
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownArgumentError);
      expect((error as UnknownArgumentError).details).toMatchObject({
        path: "flow.steps[0].To",
        suggestion: "to",
      });
    }
    expect(() => parseToolArguments("t", schema, { to: "x", Flow: 1 })).toThrow(/did you mean `flow`/);
  });

  it("names the field and the rule of any other mismatch, cutting the value short", () => {
    expect(() => parseToolArguments("t", schema, {})).toThrow(InvalidInputError);
    try {
      parseToolArguments("t", schema, { to: "a".repeat(10_000) });
    } catch (error) {
      expect((error as InvalidInputError).details).toMatchObject({ path: "to" });
      expect((error as InvalidInputError).message.length).toBeLessThan(300);
    }
    expect(parseToolArguments("t", schema, { to: "x", dry_run: true })).toEqual({ to: "x", dry_run: true });
  });

  it("says a missing required argument is required, naming it and what it takes, anywhere", () => {
    const missing = (args: unknown) => {
      try {
        parseToolArguments("t", schema, args);
      } catch (error) {
        return error as InvalidInputError;
      }
      throw new Error("parsed");
    };
    for (const args of [{}, undefined, { dry_run: true }]) {
      expect(missing(args).message).toBe("`to` is required by t (expected string). Nothing was done.");
      expect(missing(args).details).toEqual({
        tool: "t",
        path: "to",
        rule: "expected string",
        missing: true,
      });
    }
    expect(missing({ to: "x", flow: { prepared_flow: true, steps: [{}] } }).message).toMatch(
      /^`flow\.steps\[0\]\.to` is required by t \(expected string\)/,
    );
    // A value of the wrong type is not missing: it is shown.
    expect(missing({ to: null }).message).toBe(
      "Invalid `to` of t (got null): expected string, received null. Nothing was done.",
    );
    const union = z.strictObject({ flow: z.union([z.strictObject({ a: z.string() }), z.string()]) });
    expect(() => parseToolArguments("t", union, {})).toThrow(
      "`flow` is required by t (expected object or string). Nothing was done.",
    );
  });

  it("never throws anything but its two errors, whatever the input", () => {
    fc.assert(
      fc.property(fc.anything(), (args) => {
        try {
          parseToolArguments("t", schema, args);
        } catch (error) {
          expect(error instanceof UnknownArgumentError || error instanceof InvalidInputError).toBe(true);
        }
      }),
    );
  });
});
