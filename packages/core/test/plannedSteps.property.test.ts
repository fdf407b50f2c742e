// Properties of the planned-steps reader (fees/plannedSteps.ts), which parses the untrusted answer of the fee
// plan's `eth_simulateV1` of steps planned on chain (the staking and governance prepares): a well-formed answer
// gives back the planned calls and each one's gas as a transaction of it (21,000 + calldata + the gas measured
// around the call less a cold access); garbage, a non-canonical encoding, too many calls or flow steps that are
// not exactly the planned calls throw only `StepsNotPlannedError` or the `RpcError` of a malformed answer.
import fc from "fast-check";
import { type Address, concat, encodeAbiParameters, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { RpcError } from "../src/errors/rpc.js";
import { calldataGas } from "../src/fees/feeRule.js";
import {
  MAX_PLANNED_STEPS,
  type PlannedStep,
  plannedFeeSketch,
  StepsNotPlannedError,
} from "../src/fees/plannedSteps.js";

const RPC = "http://127.0.0.1:1/";
const FROM: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TAG: Hex = "0x0000000000000000000000000000000000000000000000000000000000000000736466";
const hex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString("hex")}`;
const sketch = plannedFeeSketch(FROM, "0x6080");
const CALLS = [
  { type: "tuple[]", components: [{ type: "address" }, { type: "uint256" }, { type: "bytes" }] },
] as const;

const stepArbitrary: fc.Arbitrary<PlannedStep> = fc.record({
  to: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => hex(b) as Address),
  value: fc.bigInt({ min: 0n, max: 2n ** 96n }),
  data: fc.uint8Array({ minLength: 4, maxLength: 100 }).map(hex),
});

/** The node's answer: the planner's call returning `steps`, then a `run` per slot (`gas[k]` measured). */
function answerOf(steps: readonly PlannedStep[], gas: readonly bigint[], planned?: Hex): unknown {
  const blob = encodeAbiParameters(CALLS, [steps.map((s) => [s.to, s.value, s.data] as const)]);
  const plan = planned ?? encodeAbiParameters([{ type: "bytes" }], [blob]);
  const runs = Array.from({ length: MAX_PLANNED_STEPS }, (_, k) => ({
    status: "0x1",
    gasUsed: "0x5208",
    returnData: encodeAbiParameters([{ type: "uint256" }], [k < steps.length ? (gas[k] ?? 0n) : 0n]),
    logs: [],
  }));
  return [
    {
      number: "0x10",
      baseFeePerGas: "0x1",
      calls: [{ status: "0x1", gasUsed: "0x1", returnData: plan, logs: [] }, ...runs],
    },
  ];
}

/** The flow's steps for `steps`: the same calls, tagged, value as a decimal string. */
const flowOf = (steps: readonly PlannedStep[]) =>
  steps.map((s) => ({ to: s.to, data: concat([s.data, TAG]), value: s.value.toString() }));

describe("plannedFeeSketch", () => {
  it("places the step runner at the account and asks for one plan and MAX_PLANNED_STEPS runs", () => {
    const [request] = sketch.call.params as [
      { blockStateCalls: { stateOverrides: object; calls: unknown[] }[] },
    ];
    const block = request.blockStateCalls[0]!;
    expect(Object.keys(block.stateOverrides)).toEqual([FROM]);
    expect(block.calls).toHaveLength(1 + MAX_PLANNED_STEPS);
  });

  it("reads the planned calls and each one's gas as a transaction of it", () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { maxLength: MAX_PLANNED_STEPS }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 7n }), {
          minLength: MAX_PLANNED_STEPS,
          maxLength: MAX_PLANNED_STEPS,
        }),
        (steps, gas) => {
          const read = sketch.read(answerOf(steps, gas), RPC, flowOf(steps));
          expect(read.sketch.map((s) => ({ ...s, to: s.to.toLowerCase() }))).toEqual(steps);
          read.calls.forEach((call, k) => {
            const measured = gas[k]! > 2_600n ? gas[k]! - 2_600n : 0n;
            expect(call.status).toBe("success");
            expect(call.gasUsed).toBe(21_000n + calldataGas(steps[k]!.data) + measured);
          });
        },
      ),
    );
  });

  it("refuses flow steps that are not exactly the planned calls", () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: MAX_PLANNED_STEPS }),
        fc.nat(),
        fc.constantFrom("data", "to", "value", "count"),
        (steps, at, change) => {
          const flow = flowOf(steps);
          const k = at % flow.length;
          const step = flow[k]!;
          if (change === "data")
            flow[k] = {
              ...step,
              data: `0x${step.data.slice(2, 4) === "ff" ? "00" : "ff"}${step.data.slice(4)}`,
            };
          else if (change === "to") flow[k] = { ...step, to: FROM === step.to ? steps[0]!.to : FROM };
          else if (change === "value") flow[k] = { ...step, value: (BigInt(step.value) + 1n).toString() };
          else flow.pop();
          if (change === "to" && flow[k]!.to.toLowerCase() === steps[k]!.to.toLowerCase()) return;
          expect(() => sketch.read(answerOf(steps, []), RPC, flow)).toThrow(StepsNotPlannedError);
        },
      ),
    );
  });

  it("throws only StepsNotPlannedError or RpcError on garbage, a wrong length or too many calls", () => {
    const only = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error instanceof StepsNotPlannedError || error instanceof RpcError).toBe(true);
        return;
      }
    };
    fc.assert(fc.property(fc.anything(), (answer) => only(() => sketch.read(answer, RPC, []))));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) =>
        only(() => sketch.read(answerOf([], [], hex(bytes)), RPC, [])),
      ),
    );
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 3 }), (steps) => {
        const blob = encodeAbiParameters(CALLS, [steps.map((s) => [s.to, s.value, s.data] as const)]);
        // one byte past the canonical encoding: not accepted
        const long = encodeAbiParameters([{ type: "bytes" }], [concat([blob, "0x00"])]);
        expect(() => sketch.read(answerOf(steps, [], long), RPC, flowOf(steps))).toThrow(
          StepsNotPlannedError,
        );
      }),
    );
    const many = Array.from({ length: MAX_PLANNED_STEPS + 1 }, () => ({
      to: FROM,
      value: 0n,
      data: "0x12345678" as Hex,
    }));
    expect(() => sketch.read(answerOf(many, []), RPC, flowOf(many))).toThrow(StepsNotPlannedError);
    // a planner that reverted, a run that reverted: not planned / the step's own revert
    const reverted = answerOf([], []) as [{ calls: { status: string }[] }];
    reverted[0].calls[0]!.status = "0x0";
    expect(() => sketch.read(reverted, RPC, [])).toThrow(StepsNotPlannedError);
    const steps = [many[0]!];
    const runReverted = answerOf(steps, [1n]) as [{ calls: { status: string; returnData: string }[] }];
    runReverted[0].calls[1] = { ...runReverted[0].calls[1]!, status: "0x0", returnData: "0x08c379a0" };
    expect(sketch.read(runReverted, RPC, flowOf(steps)).calls[0]).toMatchObject({
      status: "reverted",
      returnData: "0x08c379a0",
    });
  });
});
