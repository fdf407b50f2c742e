// Properties of the eth_simulateV1 answer parser (rpc/simulateV1.ts; untrusted bytes) and of Celo's fee rule as the
// planner and the simulation share it (fees/feeRule.ts): the simulation's debit of a step never exceeds the
// pre-debit of the caps the planner signs it with.
import fc from "fast-check";
import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { feeModel } from "../src/actions/transaction/simulatePreparedFlowFee.js";
import { RpcError } from "../src/errors/rpc.js";
import { feeUnitOf, preDebitOf, signedFeeCaps, toFeeCurrency, toTokenUnits } from "../src/fees/feeRule.js";
import { parseSimulation, type SimCall, simulateV1Request } from "../src/rpc/simulateV1.js";

const RPC = "http://127.0.0.1:1/v2/abcdefghij0123456789xyz";
const quantity = (value: bigint) => `0x${value.toString(16)}`;
const word = (...values: bigint[]) =>
  `0x${values.map((v) => v.toString(16).padStart(64, "0")).join("")}` as const;
const read = (returnData: `0x${string}`): SimCall => ({
  status: "success",
  gasUsed: 0n,
  returnData,
  logs: [],
});
const reverted: SimCall = { status: "reverted", gasUsed: 0n, returnData: "0x", logs: [] };

const callArbitrary = fc.record({
  status: fc.constantFrom("0x1", "0x0"),
  gasUsed: fc.bigInt({ min: 0n, max: 2n ** 64n }).map(quantity),
  returnData: fc.uint8Array({ maxLength: 40 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
  logs: fc.array(
    fc.record({
      address: fc
        .uint8Array({ minLength: 20, maxLength: 20 })
        .map((b) => `0x${Buffer.from(b).toString("hex")}`),
      topics: fc.array(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
        { maxLength: 4 },
      ),
      data: fc.uint8Array({ maxLength: 64 }).map((b) => `0x${Buffer.from(b).toString("hex")}`),
    }),
    { maxLength: 3 },
  ),
});

describe("parseSimulation (eth_simulateV1's answer)", () => {
  it("a well-formed block of n calls parses to n calls, each as the node said", () => {
    fc.assert(
      fc.property(
        fc.array(callArbitrary, { maxLength: 6 }),
        fc.bigInt({ min: 0n, max: 2n ** 40n }),
        (calls, n) => {
          const block = parseSimulation([{ number: quantity(n), calls }], calls.length, RPC);
          expect(block.number).toBe(n);
          expect(block.calls.map((c) => c.status)).toEqual(
            calls.map((c) => (c.status === "0x1" ? "success" : "reverted")),
          );
          expect(block.calls.map((c) => c.gasUsed)).toEqual(calls.map((c) => BigInt(c.gasUsed)));
          // the wrong count is refused, never padded or cut
          expect(() => parseSimulation([{ number: quantity(n), calls }], calls.length + 1, RPC)).toThrow(
            RpcError,
          );
        },
      ),
    );
  });

  it("garbage never throws anything but an RpcError, and never names the endpoint's secret path", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.array(fc.anything(), { maxLength: 2 })),
        fc.nat(4),
        (raw, expected) => {
          try {
            const block = parseSimulation(raw, expected, RPC);
            expect(block.calls).toHaveLength(expected);
          } catch (error) {
            expect(error).toBeInstanceOf(RpcError);
            expect((error as Error).message).not.toContain("abcdefghij0123456789xyz");
          }
        },
      ),
    );
  });

  it("the request runs the calls as one block on the latest state, without the node's fee checks", () => {
    const request = simulateV1Request([{ to: "0x01" }], { traceTransfers: true, time: 16n });
    expect(request).toEqual({
      method: "eth_simulateV1",
      params: [
        {
          blockStateCalls: [{ blockOverrides: { time: "0x10" }, calls: [{ to: "0x01" }] }],
          traceTransfers: true,
          validation: false,
        },
        "latest",
      ],
    });
  });
});

describe("Celo's fee rule, shared by the planner and the simulation", () => {
  const FEE_CURRENCY: Address = "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B";
  it("a step's simulated debit never exceeds the pre-debit of the caps the planner signs it with", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 21_000n, max: 5_000_000n }), // gas used
        fc.bigInt({ min: 1n, max: 100_000n }), // intrinsic gas (0: the directory does not list it)
        fc.bigInt({ min: 1n, max: 10n ** 12n }), // CELO base fee
        fc.bigInt({ min: 0n, max: 10n ** 10n }), // CELO tip
        fc.bigInt({ min: 1n, max: 10n ** 30n }), // rate numerator
        fc.bigInt({ min: 1n, max: 10n ** 30n }), // rate denominator
        fc.constantFrom(6, 18), // token decimals
        fc.boolean(), // a 6-decimal token's adapter: Circle's (adaptedToken / upscaleFactor) or Celo's
        (used, intrinsicGas, base, tip, numerator, denominator, decimals, circle) => {
          const rate = { numerator, denominator };
          const unit = feeUnitOf(decimals);
          // what the planner signs: gas with headroom and the currency's intrinsic gas, 2 x base + tip
          const gas = used + intrinsicGas;
          const caps = signedFeeCaps(toFeeCurrency(base, rate), toFeeCurrency(tip, rate));
          const preDebit = preDebitOf({ gas, maxFeePerGas: caps.maxFeePerGas, unit });
          expect(preDebit).toBe(toTokenUnits(gas * caps.maxFeePerGas, unit));
          const model = feeModel({
            pricing: {
              kind: "currency",
              feeCurrency: FEE_CURRENCY,
              token: { address: FEE_CURRENCY, symbol: "T", decimals } as never,
              caps: { gas, ...caps },
            },
            reads: [
              read(word(0n, intrinsicGas)),
              read(word(numerator, denominator)),
              decimals === 18 || circle ? reverted : read(word(1n)), // Celo's getAdaptedToken()
              decimals === 18 || circle ? reverted : read(word(unit)), // Celo's digitDifference()
              read(word(BigInt(decimals))),
              decimals === 18 || !circle ? reverted : read(word(1n)), // Circle's adaptedToken()
              decimals === 18 || !circle ? reverted : read(word(unit)), // Circle's upscaleFactor()
              read(word(preDebit)),
            ],
            baseFee: base,
            tipQuote: undefined,
          });
          expect(model.debitOf(used)).toBeLessThanOrEqual(preDebit);
          expect(model.preDebitOf(used, 0n)).toBe(preDebit);
          expect(model.balance).toBe(preDebit);
        },
      ),
    );
  });

  it("in CELO the pre-debit is gas x base fee plus the value sent, and each step debits gas x base fee", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        (used, base, value) => {
          const model = feeModel({
            pricing: { kind: "celo" },
            reads: [reverted],
            baseFee: base,
            tipQuote: undefined,
          });
          expect(model.balance).toBeUndefined();
          expect(model.debitOf(used)).toBe(used * base);
          expect(model.preDebitOf(used, value)).toBe(used * base + value);
        },
      ),
    );
  });
});
