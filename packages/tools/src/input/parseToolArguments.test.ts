import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { InvalidInputError, UnknownArgumentError } from "../errors/input.js";
import { nearestKey } from "./nearestKey.js";
import { parseToolArguments } from "./parseToolArguments.js";

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
