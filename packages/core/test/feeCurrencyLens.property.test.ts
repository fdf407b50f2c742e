// The fee-currency lens's answer is untrusted bytes from a node: its decoder returns what the lens read, in order,
// or throws RpcError (never another error, never a prefix or an answer with trailing bytes); a token's own
// answers (symbol, decimals, rate, balance) that are garbage become `null`, never an error for the whole list.
import fc from "fast-check";
import { type Address, encodeAbiParameters, getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { feeCurrencyLensAbi } from "../src/fees/feeCurrencyLens.generated.js";
import { decodeFeeCurrencyLens } from "../src/fees/feeCurrencyReads.js";
import { FEE_CURRENCY_OF_TOKEN, RpcError, TOKENS } from "../src/index.js";
import { feeCurrencyLensAnswer, type LensEntry } from "./support/feeCurrencyLensAnswer.js";

const URL = "http://127.0.0.1:1";
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const entry: fc.Arbitrary<LensEntry> = fc.record({
  feeCurrency: fc.oneof(address, fc.constantFrom(...(Object.values(FEE_CURRENCY_OF_TOKEN) as Address[]))),
  token: address,
  intrinsicGas: maybe(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })),
  rate: maybe(
    fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })),
  ),
  symbol: maybe(fc.string({ maxLength: 40 })),
  decimals: maybe(fc.integer({ min: 0, max: 255 })),
  balance: maybe(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })),
});

function outcome(answer: unknown): "decoded" | "refused" {
  try {
    decodeFeeCurrencyLens(answer, URL);
    return "decoded";
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return "refused";
  }
}

describe("decodeFeeCurrencyLens", () => {
  it("reads back what the lens encoded, the registry's words for a currency it lists", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const decoded = decodeFeeCurrencyLens(feeCurrencyLensAnswer(entries), URL);
        expect(decoded).toHaveLength(entries.length);
        decoded.forEach((currency, i) => {
          const e = entries[i]!;
          const listed = Object.entries(FEE_CURRENCY_OF_TOKEN).find(
            ([, fee]) => fee.toLowerCase() === e.feeCurrency.toLowerCase(),
          );
          const token = listed ? TOKENS[listed[0] as keyof typeof TOKENS] : undefined;
          expect(currency.feeCurrency).toBe(e.feeCurrency);
          expect(currency.registry).toBe(token !== undefined);
          expect(currency.token).toBe(token?.address ?? e.token);
          expect(currency.balance).toBe(e.balance ?? null);
          expect(currency.intrinsicGas).toBe(e.intrinsicGas ? e.intrinsicGas : null);
          const [n, d] = e.rate ?? [0n, 0n];
          expect(currency.rate).toEqual(n > 0n && d > 0n ? { numerator: n, denominator: d } : null);
          if (token) {
            expect(currency.symbol).toBe(token.symbol);
            expect(currency.decimals).toBe(token.decimals);
          } else {
            const shown = e.symbol && e.symbol.length <= 32 && !/\p{C}/u.test(e.symbol) ? e.symbol : null;
            expect(currency.symbol).toBe(shown);
            expect(currency.decimals).toBe(
              e.decimals !== null && e.decimals !== undefined && e.decimals <= 36 ? e.decimals : null,
            );
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a cut or extended answer and any garbage with RpcError, never another error", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (entries, bytes, cut) => {
          const whole = feeCurrencyLensAnswer(entries);
          const changed = cut ? whole.slice(0, whole.length - 2 * bytes) : `${whole}${"00".repeat(bytes)}`;
          expect(outcome(changed)).toBe("refused");
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.uint8Array({ maxLength: 600 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
        ),
        (garbage) => {
          outcome(garbage);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a token's garbage answers are null, never an error for the list", () => {
    const outputs = feeCurrencyLensAbi.find((item) => item.name === "currencies")!.outputs;
    const bytes = fc.uint8Array({ maxLength: 200 }).map((b) => `0x${Buffer.from(b).toString("hex")}` as Hex);
    fc.assert(
      fc.property(
        address,
        address,
        fc.array(fc.record({ success: fc.boolean(), returnData: bytes }), { minLength: 5, maxLength: 5 }),
        (feeCurrency, token, reads) => {
          const answer = encodeAbiParameters(outputs, [[{ feeCurrency, token, reads }]]);
          const [currency] = decodeFeeCurrencyLens(answer, URL);
          expect(currency!.feeCurrency).toBe(feeCurrency);
          if (currency!.decimals !== null) expect(currency!.decimals).toBeLessThanOrEqual(36);
          if (currency!.symbol !== null) expect(currency!.symbol.length).toBeLessThanOrEqual(32);
        },
      ),
      { numRuns: 500 },
    );
  });
});
