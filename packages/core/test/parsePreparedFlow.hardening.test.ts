// parsePreparedFlow on hostile input (issue 14, defect 6): whatever the input is or does, the only error is
// InvalidPreparedFlowError, with a short message; sparse and oversized step lists are refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  InvalidPreparedFlowError,
  MAX_PREPARED_FLOW_STEPS,
  parsePreparedFlow,
  type SerializedPreparedFlow,
} from "../src/index.js";

const A = "0x1111111111111111111111111111111111111111";
const USDM = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const step = { kind: "erc20", to: USDM, data: "0x095ea7b3", value: "0", description: "approve" } as const;
const valid = (): SerializedPreparedFlow => ({
  preparedFlow: true,
  chainId: 42220,
  from: A,
  summary: "Approve",
  steps: [{ ...step }],
});

/** The error parsePreparedFlow throws for `input` (failing the test if it accepts it). */
function refusal(input: unknown): InvalidPreparedFlowError {
  try {
    parsePreparedFlow(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPreparedFlowError);
    const typed = error as InvalidPreparedFlowError;
    expect(typed.code).toBe("INVALID_PREPARED_FLOW");
    expect(typed.message.length).toBeLessThan(300);
    return typed;
  }
  throw new Error("accepted");
}

const withChainId = (chainId: unknown) => ({ ...valid(), chainId });

describe("parsePreparedFlow on hostile input", () => {
  it("a bigint, circular, 10^4-deep or 1 MB chainId: typed error, short preview", () => {
    expect(refusal(withChainId(42220n)).message).toContain("42220n");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(refusal(withChainId(circular)).details.path).toBe("chainId");
    let deep: unknown = 42220;
    for (let index = 0; index < 10_000; index++) deep = [deep];
    expect(refusal(withChainId(deep)).details.path).toBe("chainId");
    const huge = refusal(withChainId("4".repeat(1_000_000)));
    expect(huge.details.path).toBe("chainId");
    expect(huge.message).toMatch(/\.\.\./);
  });

  it("a throwing toJSON or getter, a throwing or revoked proxy: typed error naming the field", () => {
    expect(
      refusal(
        withChainId({
          toJSON() {
            throw new Error("boom");
          },
        }),
      ).details.path,
    ).toBe("chainId");
    const getter = valid() as unknown as Record<string, unknown>;
    Object.defineProperty(getter, "chainId", {
      enumerable: true,
      get() {
        throw new RangeError("getter");
      },
    });
    expect(refusal(getter).details.path).toBe("chainId");
    const trap = () => {
      throw new TypeError("trap");
    };
    expect(refusal(new Proxy({}, { ownKeys: trap })).details.path).toBe("(root)");
    expect(refusal(new Proxy(valid(), { get: trap })).details.path).toBe("preparedFlow");
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(refusal(revoked.proxy).details.path).toBe("(root)");
    expect(refusal({ ...valid(), steps: new Proxy([step], { get: trap }) }).details.path).toBe("steps");
    expect(refusal({ ...valid(), steps: [new Proxy({ ...step }, { ownKeys: trap })] }).details.path).toBe(
      "steps[0]",
    );
    expect(refusal({ ...valid(), chainId: new Proxy({}, { get: trap, ownKeys: trap }) }).details.path).toBe(
      "chainId",
    );
  });

  it("reads every field once (a getter cannot change a value between the check and the copy)", () => {
    let reads = 0;
    const flow = valid() as unknown as Record<string, unknown>;
    Object.defineProperty(flow, "from", {
      enumerable: true,
      get() {
        reads++;
        return reads === 1 ? A : "not an address";
      },
    });
    expect(parsePreparedFlow(flow).from).toBe(A);
    expect(reads).toBe(1);
  });

  it("sparse step arrays are refused", () => {
    const sparse = refusal({ ...valid(), steps: new Array(3) });
    expect(`${sparse.details.path}: ${sparse.details.rule}`).toBe("steps[0]: missing (a sparse array)");
    // biome-ignore lint/suspicious/noSparseArray: the case under test
    const holes = [step, , step];
    expect(refusal({ ...valid(), steps: holes }).details.path).toBe("steps[1]");
  });

  it(`at most ${MAX_PREPARED_FLOW_STEPS} steps`, () => {
    const steps = (count: number) => Array.from({ length: count }, () => ({ ...step }));
    expect(parsePreparedFlow({ ...valid(), steps: steps(MAX_PREPARED_FLOW_STEPS) }).steps).toHaveLength(256);
    const over = refusal({ ...valid(), steps: steps(MAX_PREPARED_FLOW_STEPS + 1) });
    expect(over.details.path).toBe("steps");
    expect(over.details.rule).toMatch(/more than 256/);
    const claimed = refusal({ ...valid(), steps: { length: 1e9 } });
    expect(claimed.details.path).toBe("steps");
  });

  it("long keys and values are cut short in the path and message", () => {
    const key = "k".repeat(100_000);
    const error = refusal({ ...valid(), [key]: 1 });
    expect(String(error.details.path).length).toBeLessThanOrEqual(40);
    expect(refusal({ ...valid(), summary: "s".repeat(20_000) }).details.path).toBe("summary");
    expect(refusal({ ...valid(), preparedAt: { blockNumber: "9".repeat(100_000) } }).details.rule).toBe(
      "beyond uint256",
    );
  });

  it("never throws anything but InvalidPreparedFlowError (fast-check, any value)", () => {
    const hostile = fc.oneof(
      fc.anything({
        withBigInt: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true,
      }),
      fc.record({
        preparedFlow: fc.oneof(fc.constant(true), fc.anything()),
        chainId: fc.oneof(fc.constant(42220), fc.anything({ withBigInt: true })),
        from: fc.oneof(fc.constant(A), fc.string()),
        summary: fc.oneof(fc.string(), fc.anything()),
        steps: fc.oneof(
          fc.array(fc.oneof(fc.constant(step), fc.anything({ withBigInt: true })), { maxLength: 4 }),
          fc.anything({ withSparseArray: true }),
        ),
      }),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        try {
          parsePreparedFlow(input);
        } catch (error) {
          if (!(error instanceof InvalidPreparedFlowError)) throw error;
          expect(error.message.length).toBeLessThan(300);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("valid flows round-trip through JSON unchanged (fast-check)", () => {
    const hex = fc
      .uint8Array({ maxLength: 64 })
      .map((bytes) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`);
    const flows = fc.record({
      summary: fc.string({ maxLength: 200 }),
      steps: fc.array(
        fc.record({
          kind: fc.constantFrom("native", "erc20", "contract"),
          to: fc.constantFrom(A, USDM),
          data: hex,
          value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String),
          description: fc.string({ maxLength: 100 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    });
    fc.assert(
      fc.property(flows, ({ summary, steps }) => {
        const flow = { preparedFlow: true, chainId: 42220, from: A, summary, steps };
        expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
      }),
    );
  });
});
