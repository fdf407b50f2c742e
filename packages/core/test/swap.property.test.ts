// Properties of the Uniswap path encoder/decoder and of the minimum-output arithmetic (no network).
import fc from "fast-check";
import { getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import {
  computeMinAmountOut,
  decodeUniswapPath,
  encodeUniswapPath,
  InvalidArgumentError,
  NoRouteError,
  SdkError,
  TOKENS,
  ZeroQuoteError,
} from "../src/index.js";
import { uniswapCandidateRoutes } from "../src/protocols/uniswap-v3/venue.js";

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`));
const fee = fc.integer({ min: 0, max: 0xffffff });
const route = fc.integer({ min: 1, max: 5 }).chain((hops) =>
  fc.record({
    tokens: fc.array(address, { minLength: hops + 1, maxLength: hops + 1 }),
    fees: fc.array(fee, { minLength: hops, maxLength: hops }),
  }),
);
const hex = (min: number, max: number) =>
  fc
    .uint8Array({ minLength: min, maxLength: max })
    .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);

describe("Uniswap path", () => {
  it("decode(encode(route)) is the route, and the path is 20 + 23 × hops bytes", () => {
    fc.assert(
      fc.property(route, (r) => {
        const path = encodeUniswapPath(r);
        expect((path.length - 2) / 2).toBe(20 + 23 * r.fees.length);
        expect(decodeUniswapPath(path)).toEqual(r);
      }),
    );
  });

  it("encode(decode(bytes)) gives back any well-sized path; every other length is refused without throwing", () => {
    fc.assert(
      fc.property(hex(0, 200), (bytes) => {
        const size = (bytes.length - 2) / 2;
        const decoded = decodeUniswapPath(bytes);
        if (size >= 43 && (size - 20) % 23 === 0) {
          expect(decoded).toBeDefined();
          expect(encodeUniswapPath(decoded!)).toBe(bytes.toLowerCase());
        } else {
          expect(decoded).toBeUndefined();
        }
      }),
    );
  });

  it("never throws on garbage", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => decodeUniswapPath(value)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => decodeUniswapPath(text)).not.toThrow();
        expect(decodeUniswapPath(`0x${text}`)).toSatisfy(
          (out: unknown) => out === undefined || typeof out === "object",
        );
      }),
    );
    expect(decodeUniswapPath(`0x${"zz".repeat(43)}`)).toBeUndefined();
    expect(decodeUniswapPath(`0x${"00".repeat(43)}0`)).toBeUndefined();
  });

  it("refuses bad routes with InvalidArgumentError naming the field", () => {
    const [a, b] = [TOKENS.USDC.address, TOKENS.USDm.address];
    const cases: [unknown, string][] = [
      [{ tokens: [a], fees: [] }, "route"],
      [{ tokens: [a, b], fees: [100, 100] }, "route"],
      [{ tokens: [a, "0x12"], fees: [100] }, "route.tokens[1]"],
      [{ tokens: [a, b], fees: [2 ** 24] }, "route.fees[0]"],
      [{ tokens: [a, b], fees: [1.5] }, "route.fees[0]"],
      [{ tokens: [a, b], fees: [-1] }, "route.fees[0]"],
    ];
    for (const [input, field] of cases) {
      const error = (() => {
        try {
          encodeUniswapPath(input as never);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).details.field).toBe(field);
    }
  });

  it("candidate routes: the pair at 4 fee tiers, then 16 two-hop paths per intermediate other than the pair", () => {
    const usdcUsdm = uniswapCandidateRoutes(TOKENS.USDC.address, TOKENS.USDm.address);
    expect(usdcUsdm).toHaveLength(4 + 16); // only CELO is left as an intermediate
    expect(usdcUsdm.slice(0, 4).map((r) => r.fees)).toEqual([[100], [500], [3000], [10000]]);
    expect(uniswapCandidateRoutes(TOKENS.USDT.address, TOKENS.EURm.address)).toHaveLength(4 + 3 * 16);
  });
});

describe("computeMinAmountOut", () => {
  const amount = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
  const bps = fc.integer({ min: 0, max: 10_000 });

  it("is floor(amountOut × (10000 − bps) / 10000): never above the tolerance, less than one unit below it", () => {
    fc.assert(
      fc.property(amount, bps, (amountOut, slippageBps) => {
        const min = computeMinAmountOut({ amountOut, slippageBps });
        const exact = amountOut * BigInt(10_000 - slippageBps);
        expect(min * 10_000n).toBeLessThanOrEqual(exact);
        expect((min + 1n) * 10_000n).toBeGreaterThan(exact);
        expect(min).toBeGreaterThanOrEqual(0n);
        expect(min).toBeLessThanOrEqual(amountOut);
      }),
    );
  });

  it("is the quote at 0 bps, 0 at 10000 bps, and never rises as the tolerance grows", () => {
    fc.assert(
      fc.property(amount, bps, bps, (amountOut, x, y) => {
        expect(computeMinAmountOut({ amountOut, slippageBps: 0 })).toBe(amountOut);
        expect(computeMinAmountOut({ amountOut, slippageBps: 10_000 })).toBe(0n);
        const [low, high] = x <= y ? [x, y] : [y, x];
        expect(computeMinAmountOut({ amountOut, slippageBps: high })).toBeLessThanOrEqual(
          computeMinAmountOut({ amountOut, slippageBps: low }),
        );
      }),
    );
  });

  it("refuses anything but an integer tolerance in 0…10000 and a non-negative bigint", () => {
    for (const slippageBps of [-1, 10_001, 0.5, Number.NaN, "50"]) {
      expect(() => computeMinAmountOut({ amountOut: 1n, slippageBps: slippageBps as number })).toThrow(
        InvalidArgumentError,
      );
    }
    for (const amountOut of [-1n, 1, "1"]) {
      expect(() => computeMinAmountOut({ amountOut: amountOut as bigint, slippageBps: 50 })).toThrow(
        InvalidArgumentError,
      );
    }
  });
});

describe("swap errors", () => {
  it("extend SdkError with stable codes, JSON-safe details and a message that says what to do", () => {
    const noRoute = new NoRouteError({
      tokenIn: "BRLm",
      tokenOut: "USDT",
      tokenInAddress: TOKENS.BRLm.address,
      tokenOutAddress: TOKENS.USDT.address,
      venues: ["uniswap", "mento"],
    });
    const zero = new ZeroQuoteError({
      tokenIn: "USDm",
      tokenOut: "USDC",
      amountIn: "0.000001",
      venues: ["mento"],
    });
    for (const [error, code, name] of [
      [noRoute, "NO_ROUTE", "NoRouteError"],
      [zero, "ZERO_QUOTE", "ZeroQuoteError"],
    ] as const) {
      expect(error).toBeInstanceOf(SdkError);
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name, code, details: error.details });
    }
    expect(zero.message).toBe("Selling 0.000001 USDm for USDC on mento gives 0 USDC. Raise the amount.");
  });
});
