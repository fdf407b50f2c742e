// Properties of `feeCurrency: { auto: [...] }` ("auto" among some currencies only): its parser (strict keys, a
// non-empty list of currencies that pay gas, each once, aliases made canonical, refused before any I/O with
// InvalidFeeCurrencyError naming the field) and the planner's choice from the node's answers (no network: the
// planner's settle is a pure function of them): CELO is never chosen unless listed, however much CELO the account
// holds, and when no candidate can pay, the error names each candidate and no other currency.
import fc from "fast-check";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../src/config/resolveConfig.js";
import { type FeeCurrencyCandidate, resolveFeeCurrencyInput } from "../src/fees/feeCurrencies.js";
import { planFee } from "../src/fees/planFee.js";
import {
  FEE_CURRENCY_OF_TOKEN,
  InsufficientBalanceError,
  InvalidFeeCurrencyError,
  TOKENS,
} from "../src/index.js";
import { feeCurrencyLensAnswer } from "./support/feeCurrencyLensAnswer.js";

const FROM: Address = "0x1111111111111111111111111111111111111111";
const STABLES = Object.keys(FEE_CURRENCY_OF_TOKEN) as (keyof typeof FEE_CURRENCY_OF_TOKEN)[];
const CANDIDATES: ("CELO" | (typeof STABLES)[number])[] = ["CELO", ...STABLES];
/** A candidate as a caller may write it: its symbol, one of its aliases, or (a stable) its fee-currency address. */
const spelled = (symbol: (typeof CANDIDATES)[number]) =>
  fc
    .constantFrom(
      symbol,
      ...TOKENS[symbol].aliases,
      ...(symbol === "CELO"
        ? []
        : [FEE_CURRENCY_OF_TOKEN[symbol], FEE_CURRENCY_OF_TOKEN[symbol].toLowerCase()]),
    )
    .map((written) => ({ symbol, written }));

describe("feeCurrency { auto: [...] }", () => {
  it("a list of distinct candidates (symbols or aliases) resolves to their canonical symbols, in order", () => {
    fc.assert(
      fc.property(
        fc
          .shuffledSubarray(CANDIDATES, { minLength: 1 })
          .chain((symbols) => fc.tuple(...symbols.map(spelled))),
        (list) => {
          const resolved = resolveFeeCurrencyInput({ auto: list.map((c) => c.written) });
          expect(resolved).toEqual({ kind: "auto", among: list.map((c) => c.symbol) });
          // the client's option accepts it too, kept as a frozen canonical copy
          const config = resolveConfig(
            { feeCurrency: { auto: list.map((c) => c.written) as FeeCurrencyCandidate[] } },
            { env: {} },
          );
          expect(config.feeCurrency).toEqual({ auto: list.map((c) => c.symbol) });
          expect(Object.isFrozen(config.feeCurrency)).toBe(true);
        },
      ),
    );
  });

  it("any other object is refused with InvalidFeeCurrencyError naming the field; never another error", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            auto: fc.array(fc.oneof(fc.constantFrom(...CANDIDATES, "cUSD", "WETH", "auto"), fc.anything())),
          }),
          fc.record({ auto: fc.anything() }),
          fc.dictionary(fc.string(), fc.anything()),
          fc.record({ auto: fc.constant(["USDT"]), extra: fc.anything() }),
          fc.object(),
        ),
        fc.constantFrom("feeCurrency", "client feeCurrency"),
        (value, field) => {
          // a client's option is accepted exactly when a call's is
          let config: unknown;
          try {
            resolveConfig({ feeCurrency: value as never }, { env: {} });
          } catch (error) {
            config = error;
          }
          let resolved: ReturnType<typeof resolveFeeCurrencyInput> | undefined;
          try {
            resolved = resolveFeeCurrencyInput(value, field);
          } catch (error) {
            expect(config).toBeInstanceOf(InvalidFeeCurrencyError);
            expect(error).toBeInstanceOf(InvalidFeeCurrencyError);
            expect((error as InvalidFeeCurrencyError).details.field).toMatch(
              new RegExp(`^${field}(\\.auto(\\[\\d+\\])?)?$`),
            );
            return;
          }
          expect(config).toBeUndefined();
          // accepted: exactly `{ auto: list }` with a non-empty list of distinct candidates
          expect(Object.keys(value)).toEqual(["auto"]);
          expect(resolved.kind).toBe("auto");
          const among = resolved.kind === "auto" ? (resolved.among ?? []) : [];
          expect(among.length).toBeGreaterThan(0);
          expect(new Set(among).size).toBe(among.length);
          for (const symbol of among) expect(CANDIDATES).toContain(symbol);
        },
      ),
    );
  });

  it("names the rule: empty, repeated, not a fee currency, an unknown key", () => {
    const rule = (value: unknown) => {
      try {
        resolveFeeCurrencyInput(value);
      } catch (error) {
        return `${(error as InvalidFeeCurrencyError).details.field}: ${(error as Error).message}`;
      }
      throw new Error("accepted");
    };
    expect(rule({ auto: [] })).toMatch(/^feeCurrency\.auto: .*the list is empty/);
    expect(rule({ auto: ["USDm", "cUSD"] })).toMatch(/^feeCurrency\.auto\[1\]: .*USDm is listed twice/);
    expect(rule({ auto: ["USDT", "WETH"] })).toMatch(
      /^feeCurrency\.auto\[1\]: .*not a currency that pays gas/,
    );
    expect(rule({ auto: ["USDT"], exclude: ["CELO"] })).toMatch(/^feeCurrency: .*unknown key "exclude"/);
    expect(rule({ auto: "USDT" })).toMatch(/^feeCurrency\.auto: .*expected a list/);
  });
});

const ok = (value: unknown) => ({ success: true, returnData: "0x01" as Hex, value });
const quantity = (value: bigint) => `0x${value.toString(16)}`;

describe('the planner with "auto" among some currencies', () => {
  it("never picks an unlisted currency (CELO above all, whatever CELO the account holds); a refusal names only the candidates", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(STABLES, { minLength: 1 }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), {
          minLength: STABLES.length,
          maxLength: STABLES.length,
        }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }), // CELO balance: from none to plenty
        fc.bigInt({ min: 21_000n, max: 2_000_000n }), // gas used
        fc.bigInt({ min: 1n, max: 10n ** 11n }), // base fee, wei
        fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }), // rate numerator (denominator 1e18)
        fc.boolean(), // CELO listed too
        (stables, balances, celo, gasUsed, base, numerator, withCelo) => {
          const among: FeeCurrencyCandidate[] = withCelo ? ["CELO", ...stables] : stables;
          const sketch = [{ to: FROM, data: "0xa9059cbb" as Hex }];
          const plan = planFee({ kind: "auto", among }, { from: FROM, alternatives: [sketch] });
          // one read (the CELO balance) and one lens call: each candidate's token, config, rate and balance
          expect(plan.reads).toHaveLength(1);
          expect(plan.calls).toHaveLength(4);
          const reads = [ok(celo)];
          const answers = [
            quantity(base + 1n),
            quantity(1n),
            feeCurrencyLensAnswer(
              stables.map((symbol, i) => ({
                feeCurrency: FEE_CURRENCY_OF_TOKEN[symbol],
                token: TOKENS[symbol].address,
                intrinsicGas: 50_000n,
                rate: [numerator, 10n ** 18n],
                balance: balances[i]!,
              })),
            ),
            [
              {
                number: "0x1",
                calls: [{ status: "0x1", gasUsed: quantity(gasUsed), returnData: "0x", logs: [] }],
              },
            ],
          ];
          // what CELO would need: the step's gas limit (simulated + 40 %) at 2 x base fee + tip
          const celoMax = ((gasUsed * 140n + 99n) / 100n) * (2n * base + 1n);
          let settled: ReturnType<typeof plan.settle>;
          try {
            settled = plan.settle(reads, answers, { steps: sketch }, "http://127.0.0.1:1");
          } catch (error) {
            expect(error).toBeInstanceOf(InsufficientBalanceError);
            const message = (error as Error).message;
            const named = (error as InsufficientBalanceError).details.candidates as { token: string }[];
            expect(named.map((c) => c.token)).toEqual(among);
            for (const symbol of among) expect(message).toContain(`${symbol}: have`);
            if (!withCelo) expect(message).not.toMatch(/CELO/);
            // nothing could pay: CELO (when listed) and every stable fall short
            if (withCelo) expect(celo).toBeLessThan(celoMax);
            return;
          }
          if (settled.kind === "celo") {
            expect(withCelo).toBe(true);
            expect(settled.max).toBe(celoMax);
            expect(celo).toBeGreaterThanOrEqual(celoMax);
            return;
          }
          expect(stables).toContain(settled.token.symbol);
          const index = stables.indexOf(settled.token.symbol as (typeof stables)[number]);
          expect(balances[index]).toBeGreaterThanOrEqual(settled.max);
          expect(settled.fee.feeCurrency).toBe(FEE_CURRENCY_OF_TOKEN[stables[index]!]);
          // CELO pays first when listed and it can
          if (withCelo) expect(celo).toBeLessThan(celoMax);
        },
      ),
    );
  });
});
