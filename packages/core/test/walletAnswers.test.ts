// The wallet answer readers take untrusted values: never a throw, never a malformed value accepted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callsStatusCode, quantity } from "../src/actions/wallet/walletAnswers.js";

describe("wallet answer readers", () => {
  it("quantity reads hex and safe integers exactly and nothing else", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        expect(quantity(`0x${n.toString(16)}`)).toBe(n.toString());
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = quantity(value);
        if (read !== undefined) expect(read).toMatch(/^\d+$/);
      }),
    );
    for (const bad of ["0x", "12", "0xg1", `0x${"f".repeat(65)}`, -1, 1.5, Number.NaN, null, {}]) {
      expect(quantity(bad)).toBeUndefined();
    }
  });

  it("callsStatusCode accepts the ERC-5792 codes (and v1 strings) only", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const code = callsStatusCode(value);
        if (code !== undefined) expect(code >= 100 && code < 700).toBe(true);
      }),
    );
    expect(callsStatusCode(200)).toBe(200);
    expect(callsStatusCode("CONFIRMED")).toBe(200);
    expect(callsStatusCode("PENDING")).toBe(100);
    for (const bad of [99, 700, 200.5, "200", null, undefined]) expect(callsStatusCode(bad)).toBeUndefined();
  });
});
