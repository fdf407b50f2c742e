import fc from "fast-check";
import { formatUnits, maxUint256, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../src/amounts/parseAmount.js";
import { InvalidAmountError } from "../src/errors/amount.js";
import { SdkError } from "../src/errors/base.js";

const rule = (amount: unknown, decimals = 18, allowZero = false): string => {
  try {
    parseAmount(amount, { decimals, allowZero, token: "USDm" });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidAmountError);
    expect(error).toBeInstanceOf(SdkError);
    return String((error as InvalidAmountError).details.rule);
  }
  throw new Error(`accepted ${String(amount)}`);
};

describe("parseAmount", () => {
  it("converts plain decimals exactly", () => {
    expect(parseAmount("1", { decimals: 18 })).toBe(10n ** 18n);
    expect(parseAmount("1.5", { decimals: 6 })).toBe(1_500_000n);
    expect(parseAmount("0.000001", { decimals: 6 })).toBe(1n);
    expect(parseAmount("007.10", { decimals: 6 })).toBe(7_100_000n);
    expect(parseAmount("0.1", { decimals: 18 })).toBe(100_000_000_000_000_000n);
    expect(parseAmount("0", { decimals: 6, allowZero: true })).toBe(0n);
  });

  it("rejects each bad form with a rule that says why", () => {
    expect(rule("-1")).toMatch(/negative/);
    expect(rule("0")).toMatch(/greater than zero/);
    expect(rule("0.000")).toMatch(/greater than zero/);
    expect(rule("abc")).toMatch(/plain decimal/);
    expect(rule("1e18")).toMatch(/exponent/);
    expect(rule("1.5E3")).toMatch(/exponent/);
    expect(rule("0x10")).toMatch(/hex/);
    expect(rule("1.0000001", 6)).toMatch(/7 fraction digits, more than the token's 6/);
    expect(rule((maxUint256 + 1n).toString(), 0)).toMatch(/uint256/);
    expect(rule("")).toMatch(/empty/);
    expect(rule(" 1")).toMatch(/whitespace/);
    expect(rule(".5")).toMatch(/0\.5/);
    expect(rule("5.")).toMatch(/decimal point/);
    expect(rule("1,000")).toMatch(/plain decimal/);
    expect(rule("+1")).toMatch(/plain decimal/);
    expect(rule("١")).toMatch(/plain decimal/); // Arabic-Indic digit one
    expect(rule(1.5)).toMatch(/decimal string, not number/);
    expect(rule(10n)).toMatch(/not bigint/);
    expect(rule(null)).toMatch(/not null/);
    expect(rule("Infinity")).toMatch(/plain decimal/);
    expect(rule("NaN")).toMatch(/plain decimal/);
  });

  it("accepts exactly max uint256 and nothing above", () => {
    expect(parseAmount(maxUint256.toString(), { decimals: 0 })).toBe(maxUint256);
    expect(parseAmount(formatUnits(maxUint256, 18), { decimals: 18 })).toBe(maxUint256);
    expect(rule(formatUnits(maxUint256 + 1n, 18), 18)).toMatch(/uint256/);
  });

  it("round-trips with formatUnits for every value and decimals (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: maxUint256 }),
        fc.integer({ min: 0, max: 36 }),
        (value, decimals) => {
          const text = formatUnits(value, decimals);
          expect(parseAmount(text, { decimals })).toBe(value);
        },
      ),
    );
  });

  it("agrees with viem parseUnits on valid inputs (property)", () => {
    const decimalString = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 18 }),
      )
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));
    fc.assert(
      fc.property(decimalString, (text) => {
        const viem = parseUnits(text, 18);
        if (viem === 0n) expect(() => parseAmount(text, { decimals: 18 })).toThrow(InvalidAmountError);
        else expect(parseAmount(text, { decimals: 18 })).toBe(viem);
      }),
    );
  });

  it("never throws anything but InvalidAmountError and never returns a non-positive value (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.anything()),
        fc.integer({ min: 0, max: 30 }),
        (input, decimals) => {
          try {
            const value = parseAmount(input, { decimals });
            expect(value > 0n && value <= maxUint256).toBe(true);
            expect(typeof input).toBe("string");
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidAmountError);
          }
        },
      ),
    );
  });
});
