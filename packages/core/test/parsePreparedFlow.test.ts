import fc from "fast-check";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { InvalidPreparedFlowError } from "../src/errors/preparedFlow.js";
import { parsePreparedFlow } from "../src/flow/parsePreparedFlow.js";
import { toTransactionRequest } from "../src/flow/toTransactionRequest.js";
import type { FlowIntent, JsonValue, PreparedStepKind, SerializedPreparedFlow } from "../src/flow/types.js";
import { SWAP_VENUES } from "../src/protocols/registry.js";
import { carryingStep, fitSwapIntent, preparedFlow } from "./support/preparedFlowArbitrary.js";

const A = "0x1111111111111111111111111111111111111111";
const USDM = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const B = "0x2222222222222222222222222222222222222222";
/** USDm `approve(A, 1)`, with an attribution-style suffix (the decoder reads past it). */
const APPROVE_A_1 =
  `${encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [A, 1n] })}abcdef` as Hex;
const valid = (): SerializedPreparedFlow => ({
  preparedFlow: true,
  chainId: 42220,
  from: A,
  summary: "Approve then deposit",
  steps: [
    { kind: "erc20", to: USDM, data: APPROVE_A_1, value: "0", description: "approve" },
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
  it("accepts a valid flow after a JSON round trip, and refuses unknown fields (not dropped)", () => {
    const parsed = parsePreparedFlow(JSON.parse(JSON.stringify(valid())));
    expect(parsed).toEqual(valid());
    expect(pathOf({ ...valid(), extra: 1 })).toBe("extra: unknown field");
    expect(pathOf(mutate((f) => (f.steps[0]!.extra = 1)))).toBe("steps[0].extra: unknown field");
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

  it("checks call, intent, preparedAt and expiresAt when present", () => {
    const call = { contract: "USDm", functionName: "approve", args: [A, "1"] };
    const withAll = mutate((f) => {
      f.steps[0]!.call = call;
      f.intent = { kind: "approve", token: USDM, spender: A, amount: "1" };
      f.preparedAt = { blockNumber: "123" };
      f.expiresAt = "1767225600";
    });
    expect(parsePreparedFlow(withAll)).toMatchObject({
      preparedAt: { blockNumber: "123" },
      expiresAt: "1767225600",
    });
    expect(pathOf({ ...withAll, intent: { kind: "mint" } })).toMatch(/^intent\.kind: must be one of/);
    expect(pathOf({ ...withAll, intent: { kind: "send", token: USDM, to: A, amount: "1.5" } })).toMatch(
      /^intent\.amount/,
    );
    expect(pathOf({ ...withAll, intent: { kind: "send", token: USDM, to: A, amount: "1", x: 1 } })).toBe(
      "intent.x: unknown field",
    );
    expect(
      pathOf({ ...withAll, intent: { kind: "supply", protocol: "aave-v2", token: USDM, amount: "1" } }),
    ).toMatch(/^intent\.protocol/);
    expect(pathOf({ ...withAll, preparedAt: { blockNumber: 12 } })).toMatch(/^preparedAt\.blockNumber/);
    expect(pathOf({ ...withAll, preparedAt: { blockNumber: "1", at: 2 } })).toBe(
      "preparedAt.at: unknown field",
    );
    expect(pathOf({ ...withAll, expiresAt: "-1" })).toMatch(/^expiresAt/);
    expect(pathOf(mutate((f) => (f.steps[0]!.call = { ...call, args: "x" })))).toMatch(
      /^steps\[0\]\.call\.args/,
    );
    expect(pathOf(mutate((f) => (f.steps[0]!.call = { ...call, contract: "" })))).toMatch(
      /^steps\[0\]\.call\.contract/,
    );
    expect(pathOf(mutate((f) => (f.steps[0]!.call = { ...call, args: [Number.NaN] })))).toMatch(
      /call\.args\[0\]/,
    );
  });

  it("refuses a call or an intent that says something the calldata does not do (hand-edited flows)", () => {
    const call = { contract: "USDm", functionName: "approve", args: [A, "1"] };
    const consistent = mutate((f) => {
      f.steps[0]!.call = call;
      f.intent = { kind: "approve", token: USDM, spender: A, amount: "1" };
    });
    expect(parsePreparedFlow(consistent).steps[0]!.call).toEqual(call);
    // The calldata edited to approve B for everything; call and intent still say A and 1.
    const unlimited = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [B, maxUint256] });
    expect(
      pathOf({ ...consistent, steps: [{ ...consistent.steps[0], data: unlimited }, consistent.steps[1]] }),
    ).toBe(`steps[0].call: says approve("${A}", "1") but the calldata is approve("${B}", "${maxUint256}")`);
    // The call edited instead (the calldata is untouched).
    expect(pathOf(mutate((f) => (f.steps[0]!.call = { ...call, args: [B, "1"] })))).toMatch(
      /^steps\[0\]\.call: says approve\("0x2222/,
    );
    expect(pathOf(mutate((f) => (f.steps[0]!.call = { ...call, functionName: "transfer" })))).toMatch(
      /^steps\[0\]\.call: says transfer/,
    );
    // The intent edited: no step makes that approval, or that send.
    expect(
      pathOf({ ...consistent, intent: { kind: "approve", token: USDM, spender: B, amount: "1" } }),
    ).toMatch(/^intent: says an approval of 1 of 0x765DE816845861e75A25fCA122bb6898B8B1282a for 0x2222/);
    expect(pathOf({ ...consistent, intent: { kind: "send", token: USDM, to: A, amount: "1" } })).toMatch(
      /^intent: says a send/,
    );
    expect(
      pathOf({ ...consistent, intent: { kind: "contractCall", to: B, functionName: "deposit" } }),
    ).toMatch(/^intent: says a call to 0x2222/);
    expect(
      pathOf({ ...consistent, intent: { kind: "supply", protocol: "aave-v3", token: USDM, amount: "1" } }),
    ).toMatch(/^intent: says an Aave supply/);
    // A swap whose intent names another recipient, a higher minimum or another deadline than its router call.
    const swapIntent: FlowIntent = {
      kind: "swap",
      venue: "uniswap",
      tokenIn: USDM,
      tokenOut: A,
      amountIn: "100",
      expectedAmountOut: "99",
      minAmountOut: "98",
      deadline: "1767225600",
      route: [],
      recipient: A,
    };
    const swap = { ...valid(), steps: [carryingStep(swapIntent, A)], intent: swapIntent };
    expect(parsePreparedFlow(swap).intent).toEqual(swapIntent);
    for (const edit of [
      { recipient: B },
      { minAmountOut: "1" },
      { deadline: "1" },
      { amountIn: "1" },
      { tokenOut: B },
    ]) {
      expect(pathOf({ ...swap, intent: { ...swapIntent, ...edit } })).toMatch(
        /^intent: says a swap of .* but the calldata is multicall/,
      );
    }
    // A lending operation whose amount or account differs from the Pool call.
    const supply: FlowIntent = { kind: "supply", protocol: "aave-v3", token: USDM, amount: "5" };
    const lending = { ...valid(), steps: [carryingStep(supply, A)], intent: supply };
    expect(parsePreparedFlow(lending).intent).toEqual(supply);
    expect(pathOf({ ...lending, intent: { ...supply, amount: "6" } })).toMatch(/^intent: says supply 6 of/);
    expect(pathOf({ ...lending, from: B })).toMatch(/^intent: says supply 5 of .* for 0x2222/);
    // A call preflow cannot read back (a contract's own ABI) is not refused: nothing to compare it with.
    expect(
      parsePreparedFlow(
        mutate((f) => (f.steps[1]!.call = { contract: "Vault", functionName: "deposit", args: [] })),
      ),
    ).toBeDefined();
  });

  it("round-trips every flow shape with call, intent and preparedAt through JSON (property)", () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`));
    const uint = fc.bigInt({ min: 0n, max: maxUint256 }).map(String);
    const json: fc.Arbitrary<JsonValue> = fc
      .jsonValue({ maxDepth: 3 })
      .map((value) => JSON.parse(JSON.stringify(value)));
    const call = fc.record({
      contract: fc.string({ minLength: 1 }),
      functionName: fc.string({ minLength: 1 }),
      args: fc.array(json, { maxLength: 4 }),
    });
    const step = fc.record(
      {
        kind: fc.constantFrom("native", "erc20", "contract") as fc.Arbitrary<PreparedStepKind>,
        to: address,
        data: fc
          .uint8Array({ maxLength: 64 })
          .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const),
        value: uint,
        description: fc.string(),
        call,
      },
      { requiredKeys: ["kind", "to", "data", "value", "description"] },
    );
    const intent: fc.Arbitrary<FlowIntent> = fc.oneof(
      fc.record({ kind: fc.constant("send" as const), token: address, to: address, amount: uint }),
      fc.record({ kind: fc.constant("approve" as const), token: address, spender: address, amount: uint }),
      fc.record({
        kind: fc.constant("contractCall" as const),
        to: address,
        functionName: fc.string({ minLength: 1 }),
      }),
      fc
        .tuple(
          fc.record({
            kind: fc.constant("swap" as const),
            venue: fc.constantFrom(...SWAP_VENUES.map((entry) => entry.venue)),
            tokenIn: address,
            tokenOut: address,
            amountIn: uint,
            expectedAmountOut: uint,
            minAmountOut: uint,
            deadline: uint,
            route: fc.array(json, { maxLength: 4 }),
          }),
          // `recipient` is optional: flows of older versions have none.
          fc.option(address, { nil: undefined }),
        )
        .map(([intent, recipient]) =>
          fitSwapIntent(recipient === undefined ? intent : { ...intent, recipient }),
        ),
      fc.record({
        kind: fc.constantFrom("supply" as const, "withdraw" as const, "borrow" as const, "repay" as const),
        protocol: fc.constant("aave-v3" as const),
        token: address,
        amount: uint,
      }),
    );
    const base = fc.record(
      {
        preparedFlow: fc.constant(true as const),
        chainId: fc.constant(42220 as const),
        from: address,
        summary: fc.string(),
        steps: fc.array(step, { minLength: 1, maxLength: 4 }),
        preparedAt: fc.record({ blockNumber: uint }),
        expiresAt: uint,
      },
      { requiredKeys: ["preparedFlow", "chainId", "from", "summary", "steps"] },
    );
    // An intent is a claim about the calldata (parsePreparedFlow checks it): the flow gets a last step that
    // carries it out, encoded with the real ABIs.
    const flow: fc.Arbitrary<SerializedPreparedFlow> = fc
      .tuple(base, fc.option(intent, { nil: undefined }))
      .map(([flow, intent]) =>
        intent === undefined
          ? flow
          : { ...flow, steps: [...flow.steps, carryingStep(intent, flow.from)], intent },
      );
    fc.assert(
      fc.property(flow, (input) => {
        expect(parsePreparedFlow(JSON.parse(JSON.stringify(input)))).toEqual(input);
      }),
      { numRuns: 300 },
    );
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

describe("parsePreparedFlow parses a flow once", () => {
  it("returns a parsed flow as it is (frozen all the way down); a copy or the original input is parsed again", () => {
    const input = valid();
    const parsed = parsePreparedFlow(input);
    expect(parsed).not.toBe(input);
    expect(Object.isFrozen(input)).toBe(false);
    expect(parsePreparedFlow(parsed)).toBe(parsed);
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed.steps)).toBe(true);
    expect(Object.isFrozen(parsed.steps[0])).toBe(true);
    expect(() => {
      (parsed.steps[0] as { to: string }).to = B;
    }).toThrow(TypeError);
    expect(parsed.steps[0]!.to).toBe(USDM);
    // a copy is a new input: checked again, so a change in it cannot slip through as "already parsed"
    const copy = { ...parsed, steps: [{ ...parsed.steps[0]!, value: "-1" }] };
    expect(() => parsePreparedFlow(copy)).toThrow(InvalidPreparedFlowError);
    expect(parsePreparedFlow(input)).not.toBe(parsed);
  });

  it("any valid flow parsed twice is the same object, equal to the first parse", () => {
    fc.assert(
      fc.property(preparedFlow, (flow) => {
        const parsed = parsePreparedFlow(flow);
        expect(parsePreparedFlow(parsed)).toBe(parsed);
        expect(parsePreparedFlow(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
      }),
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
