import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRecord } from "../src/isRecord.js";
import { parseRetryAfter } from "../src/parseRetryAfter.js";
import { typeName } from "../src/typeName.js";

describe("typeName and isRecord", () => {
  it("typeName never throws, not on a revoked proxy", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(() => Array.isArray(proxy)).toThrow(TypeError);
    expect(typeName(proxy)).toBe("a revoked proxy");
    expect(typeName(new Proxy([], {}))).toBe("an array");
  });

  it("name null, arrays and the rest by typeof", () => {
    expect([null, [], {}, "s", 1, 1n, undefined, () => 1].map(typeName)).toEqual([
      "null",
      "an array",
      "object",
      "string",
      "number",
      "bigint",
      "undefined",
      "function",
    ]);
    expect([null, [], {}, new Map(), "s", 1].map(isRecord)).toEqual([false, false, true, true, false, false]);
  });

  it("never throw, and agree with each other", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isRecord(value)).toBe(typeName(value) === "object");
      }),
    );
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-26T07:00:00Z");

  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("3", now)).toBe(3_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 26 Nov 2026 07:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 06:00:00 GMT", now)).toBe(0); // in the past: no wait
  });

  it("is undefined when absent or unreadable", () => {
    for (const value of [null, undefined, "", "-5", "1.5", "soon", "0x10", "1e3", "9".repeat(400)])
      expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it("never throws and never answers a negative or non-finite wait", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat().map(String),
          fc.date().map((d) => d.toUTCString()),
        ),
        (value) => {
          const wait = parseRetryAfter(value, now);
          if (wait !== undefined) expect(Number.isFinite(wait) && wait >= 0).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), (seconds) => {
        expect(parseRetryAfter(String(seconds), now)).toBe(seconds * 1000);
      }),
    );
  });
});
