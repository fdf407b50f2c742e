// Properties of the fee-currency parsers and of the fee planner's arithmetic (no network: the planner's settle is
// a pure function of the node's answers, given here as the JSON a node returns).
import fc from "fast-check";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../src/config/resolveConfig.js";
import { resolveFeeCurrencyInput } from "../src/fees/feeCurrencies.js";
import { planFee } from "../src/fees/planFee.js";
import { FEE_CURRENCY_OF_TOKEN, InvalidFeeCurrencyError, SdkError, TOKENS } from "../src/index.js";
import { feeCurrencyLensAnswer } from "./support/feeCurrencyLensAnswer.js";

const FROM: Address = "0x1111111111111111111111111111111111111111";
const quantity = (value: bigint) => `0x${value.toString(16)}`;
const ok = (value: unknown) => ({ success: true, returnData: "0x01" as Hex, value });

describe("feeCurrency input", () => {
  it("any value resolves or fails with InvalidFeeCurrencyError naming the field; never another error", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            "CELO",
            "auto",
            "USDm",
            "USDC",
            "USDT",
            "cUSD",
            "WETH",
            ...Object.values(FEE_CURRENCY_OF_TOKEN),
          ),
          fc.uint8Array({ minLength: 0, maxLength: 24 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
          // the `{ auto: [...] }` form: good and bad lists, other keys
          fc.record({
            auto: fc.array(fc.oneof(fc.constantFrom("CELO", "USDT", "USDC", "cUSD", "WETH"), fc.anything())),
          }),
          fc.dictionary(fc.constantFrom("auto", "among", "exclude"), fc.anything()),
          fc.anything(),
        ),
        fc.constantFrom("feeCurrency", "client feeCurrency"),
        (value, field) => {
          try {
            const resolved = resolveFeeCurrencyInput(value, field);
            if (resolved.kind === "currency") expect(BigInt(resolved.feeCurrency)).not.toBe(0n);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidFeeCurrencyError);
            // the field itself, or the part of an `{ auto: [...] }` list that is wrong
            const named = String((error as InvalidFeeCurrencyError).details.field);
            expect(named === field || named.startsWith(`${field}.auto`)).toBe(true);
          }
        },
      ),
    );
  });

  it("a client's feeCurrency is accepted exactly when a call's would be", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom("USDC", "auto", "CELO", "WETH", TOKENS.USDC.address)),
        (value) => {
          let call: unknown;
          let config: unknown;
          try {
            resolveFeeCurrencyInput(value);
          } catch (error) {
            call = error;
          }
          try {
            resolveConfig({ feeCurrency: value }, { env: {} });
          } catch (error) {
            config = error;
          }
          expect(config === undefined).toBe(call === undefined);
          if (config) expect(config).toBeInstanceOf(SdkError);
        },
      ),
    );
  });
});

describe("the fee of an N-step flow", () => {
  const stepGas = fc.bigInt({ min: 21_000n, max: 3_000_000n });
  it("gas, max and estimated follow the rules for any prices, rates, decimals and steps", () => {
    fc.assert(
      fc.property(
        fc.array(stepGas, { minLength: 1, maxLength: 4 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }), // base fee, wei
        fc.bigInt({ min: 0n, max: 10n ** 10n }), // tip, wei
        fc.bigInt({ min: 1n, max: 10n ** 30n }), // rate numerator
        fc.bigInt({ min: 1n, max: 10n ** 30n }), // rate denominator
        fc.constantFrom("USDm", "USDC"),
        (used, base, tip, numerator, denominator, symbol) => {
          const token = TOKENS[symbol as "USDm" | "USDC"];
          const feeCurrency = FEE_CURRENCY_OF_TOKEN[symbol as "USDm" | "USDC"] as Address;
          const sketch = used.map((_, i) => ({ to: FROM, data: `0x0000000${i}` as Hex }));
          const plan = planFee(
            { kind: "currency", feeCurrency, token },
            { from: FROM, alternatives: [sketch] },
          );
          const reads = [ok(0n)]; // CELO
          const answers = [
            quantity(base + tip),
            quantity(tip),
            feeCurrencyLensAnswer([
              {
                feeCurrency,
                token: token.address,
                intrinsicGas: 50_000n,
                rate: [numerator, denominator],
                balance: 2n ** 255n, // always enough
              },
            ]),
            [
              {
                number: "0x1",
                calls: used.map((gas) => ({
                  status: "0x1",
                  gasUsed: quantity(gas),
                  returnData: "0x",
                  logs: [],
                })),
              },
            ],
          ];
          const settled = plan.settle(reads, answers, { steps: sketch }, "http://127.0.0.1:1");
          if (settled.kind !== "currency") throw new Error("expected a currency");
          const { fee } = settled;
          let most = 0n;
          for (const gas of used) if (gas > most) most = gas;
          expect(BigInt(fee.gas)).toBe((most * 140n + 99n) / 100n + 50_000n);
          const convert = (x: bigint) => (x * numerator) / denominator;
          expect(BigInt(fee.maxPriorityFeePerGas)).toBe(convert(tip));
          expect(BigInt(fee.maxFeePerGas)).toBe(2n * convert(base) + convert(tip));
          const unit = 10n ** BigInt(18 - token.decimals);
          const perStep = (BigInt(fee.gas) * BigInt(fee.maxFeePerGas) + unit - 1n) / unit;
          expect(BigInt(fee.max)).toBe(BigInt(used.length) * perStep);
          expect(BigInt(fee.estimated)).toBeLessThanOrEqual(BigInt(fee.max));
          expect(settled.max).toBe(BigInt(fee.max));
        },
      ),
    );
  });

  it("the steps are matched to their sketch in order, an approval already in place left out", () => {
    const approve = { to: TOKENS.USDC.address, data: "0x095ea7b3aa" as Hex };
    const swap = { to: FROM, data: "0x5ae401dcbb" as Hex };
    const plan = planFee({ kind: "celo" }, { from: FROM, alternatives: [[approve, swap]] });
    const answers = (gas: [bigint, bigint]) => [
      "0x5",
      "0x1",
      [
        {
          number: "0x1",
          calls: gas.map((g) => ({ status: "0x1", gasUsed: quantity(g), returnData: "0x", logs: [] })),
        },
      ],
    ];
    const both = plan.settle([ok(0n)], answers([50_000n, 200_000n]), { steps: [approve, swap] }, "x");
    const swapOnly = plan.settle([ok(0n)], answers([50_000n, 200_000n]), { steps: [swap] }, "x");
    expect(both.kind === "celo" && both.gas).toBe(280_000n);
    expect(both.max).toBe(2n * 280_000n * (2n * 4n + 1n));
    expect(swapOnly.max).toBe(280_000n * (2n * 4n + 1n));
  });
});
