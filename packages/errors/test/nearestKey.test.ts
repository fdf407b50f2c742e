import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestKey } from "../src/nearestKey.js";

describe("nearestKey", () => {
  it("finds the same key in another casing or separator style, or a close misspelling", () => {
    expect(nearestKey("dryRun", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("DRY-RUN", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("dry_rn", ["to", "dry_run"])).toBe("dry_run");
    expect(nearestKey("sginal", ["owner", "token", "signal"])).toBe("signal");
    expect(nearestKey("slipageBps", ["slippageBps", "deadlineSeconds", "signal"])).toBe("slippageBps");
  });

  it("says nothing when no key is close", () => {
    expect(nearestKey("simulate", ["to", "dry_run"])).toBeNull();
    expect(nearestKey("privateKey", ["owner", "signal"])).toBeNull();
    expect(nearestKey("x", [])).toBeNull();
  });

  it("never throws, and only ever answers one of the valid keys", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (key, valid) => {
        const near = nearestKey(key, valid);
        expect(near === null || valid.includes(near)).toBe(true);
      }),
    );
  });
});
