import fc from "fast-check";
import { maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { InvalidPreparedFlowError } from "../errors/preparedFlow.js";
import { parsePreparedFlow } from "./parsePreparedFlow.js";
import { toTransactionRequest } from "./toTransactionRequest.js";
import type { SerializedPreparedFlow } from "./types.js";

const A = "0x1111111111111111111111111111111111111111";
const USDM = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const valid = (): SerializedPreparedFlow => ({
  preparedFlow: true,
  chainId: 42220,
  from: A,
  summary: "Approve then deposit",
  steps: [
    { kind: "erc20", to: USDM, data: "0x095ea7b3", value: "0", description: "approve" },
    { kind: "contract", to: A, data: "0xd0e30db0", value: "1000", description: "deposit" },
  ],
});

const pathOf = (input: unknown): string => {
  try {
    parsePreparedFlow(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPreparedFlowError);
    return `${(error as InvalidPreparedFlowError).details.path}: ${(error as InvalidPreparedFlowError).details.rule}`;
  }
  throw new Error("accepted");
};

const mutate = (change: (flow: Record<string, unknown> & { steps: Record<string, unknown>[] }) => void) => {
  const flow = structuredClone(valid()) as unknown as Record<string, unknown> & {
    steps: Record<string, unknown>[];
  };
  change(flow);
  return flow;
};

describe("parsePreparedFlow", () => {
  it("accepts a valid flow, after a JSON round trip, and returns a clean copy", () => {
    const parsed = parsePreparedFlow(JSON.parse(JSON.stringify({ ...valid(), extra: 1 })));
    expect(parsed).toEqual(valid());
    expect("extra" in parsed).toBe(false);
    const lower = parsePreparedFlow(mutate((f) => (f.steps[0]!.to = USDM.toLowerCase())));
    expect(lower.steps[0]!.to).toBe(USDM);
  });

  it("names the bad path", () => {
    expect(pathOf(null)).toMatch(/^\(root\)/);
    expect(pathOf([])).toMatch(/^\(root\)/);
    expect(pathOf(mutate((f) => delete f.preparedFlow))).toMatch(/^preparedFlow/);
    expect(pathOf(mutate((f) => (f.chainId = 1)))).toBe("chainId: must be 42220 (got 1)");
    expect(pathOf(mutate((f) => (f.chainId = "42220")))).toMatch(/^chainId/);
    expect(pathOf(mutate((f) => (f.from = "0x12")))).toMatch(/^from: not an address/);
    expect(pathOf(mutate((f) => (f.summary = 3)))).toMatch(/^summary/);
    expect(pathOf(mutate((f) => (f.steps = [])))).toBe("steps: must not be empty");
    expect(pathOf(mutate((f) => (f.steps = {} as never)))).toMatch(/^steps: not an array/);
    expect(pathOf(mutate((f) => (f.steps[1]!.data = "0xzz")))).toMatch(/^steps\[1\]\.data: not hex/);
    expect(pathOf(mutate((f) => (f.steps[1]!.data = "0x123")))).toMatch(/^steps\[1\]\.data: not hex/);
    expect(pathOf(mutate((f) => (f.steps[1]!.data = 5)))).toMatch(/^steps\[1\]\.data: not hex/);
    expect(pathOf(mutate((f) => (f.steps[0]!.value = "-1")))).toMatch(/^steps\[0\]\.value/);
    expect(pathOf(mutate((f) => (f.steps[0]!.value = "1.5")))).toMatch(/^steps\[0\]\.value/);
    expect(pathOf(mutate((f) => (f.steps[0]!.value = "01")))).toMatch(/^steps\[0\]\.value/);
    expect(pathOf(mutate((f) => (f.steps[0]!.value = 0)))).toMatch(/^steps\[0\]\.value/);
    expect(pathOf(mutate((f) => (f.steps[0]!.value = (maxUint256 + 1n).toString())))).toMatch(/uint256/);
    expect(pathOf(mutate((f) => (f.steps[0]!.kind = "swap")))).toMatch(/^steps\[0\]\.kind/);
    expect(pathOf(mutate((f) => (f.steps[0]!.to = USDM.replace("765DE", "765de"))))).toMatch(/checksum/);
    expect(pathOf(mutate((f) => delete f.steps[0]!.description))).toMatch(/^steps\[0\]\.description/);
    expect(pathOf(mutate((f) => (f.steps[1] = "step" as never)))).toMatch(/^steps\[1\]: not an object/);
  });

  it("accepts every well-formed flow and rejects any single corruption (property)", () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const);
    const step = fc.record({
      kind: fc.constantFrom("native", "erc20", "contract"),
      to: address,
      data: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const),
      value: fc.bigInt({ min: 0n, max: maxUint256 }).map(String),
      description: fc.string(),
    });
    const flow = fc.record({
      preparedFlow: fc.constant(true as const),
      chainId: fc.constant(42220 as const),
      from: address,
      summary: fc.string(),
      steps: fc.array(step, { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(flow, (input) => {
        const parsed = parsePreparedFlow(JSON.parse(JSON.stringify(input)));
        expect(parsed.steps.length).toBe(input.steps.length);
        parsed.steps.forEach((s, i) => {
          expect(s.to.toLowerCase()).toBe(input.steps[i]!.to);
          expect(toTransactionRequest(s).value).toBe(BigInt(input.steps[i]!.value));
        });
      }),
    );
    fc.assert(
      fc.property(
        flow,
        fc.nat(),
        fc.constantFrom("to", "data", "value", "kind", "description"),
        fc.constantFrom(null, 1, "x", "0xg", -1),
        (input, index, field, bad) => {
          const i = index % input.steps.length;
          const corrupted = structuredClone(input) as unknown as { steps: Record<string, unknown>[] };
          corrupted.steps[i]![field] = bad;
          if (field === "description" && typeof bad === "string") return; // any string description is valid
          expect(() => parsePreparedFlow(corrupted)).toThrow(new RegExp(`steps\\[${i}\\]\\.${field}`));
        },
      ),
    );
  });
});

describe("toTransactionRequest", () => {
  it("gives viem-ready requests", () => {
    expect(toTransactionRequest(valid().steps[1]!)).toEqual({ to: A, data: "0xd0e30db0", value: 1000n });
    expect(() => toTransactionRequest({ ...valid().steps[0]!, value: "1e3" })).toThrow(
      InvalidPreparedFlowError,
    );
  });
});
