import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approvalWaitMs } from "../src/approval/approvalWaitMs.js";

describe("approvalWaitMs", () => {
  it("is timeoutSeconds, bounded by the tool's deadline less a reserve to sign and send, never negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_600 }),
        fc.integer({ min: 100, max: 3_600_000 }),
        fc.integer({ min: -10_000, max: 3_600_000 }),
        (timeoutSeconds, boundMs, left) => {
          const now = 1_800_000_000_000;
          const wait = approvalWaitMs(timeoutSeconds, now + left, boundMs, now);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThanOrEqual(timeoutSeconds * 1_000);
          // The person's time ends before the tool must answer, with time left to sign and send.
          if (wait > 0) expect(now + wait).toBeLessThan(now + left);
        },
      ),
    );
    // The default bound (50 s, answer deadline 49 s away) and the policy's example (300 s): 44 s.
    expect(approvalWaitMs(300, 49_000, 50_000, 0)).toBe(44_000);
    expect(approvalWaitMs(3, 49_000, 50_000, 0)).toBe(3_000);
  });
});
