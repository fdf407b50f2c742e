// `resume` is untrusted input (a stored result, parsed back from JSON): whatever it is, executePreparedFlow refuses
// it with InvalidArgumentError before any request, or accepts it; a result it could have produced is accepted, and
// one whose steps do not fit the flow is refused. No network: the client's transport fails every request.
import fc from "fast-check";
import { createClient, custom } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { parseResume } from "../src/actions/transaction/executePreparedFlow/checkParameters.js";
import {
  type ExecutedStep,
  executePreparedFlow,
  InvalidArgumentError,
  type SerializedPreparedFlow,
} from "../src/index.js";

const account = privateKeyToAccount(`0x${"42".repeat(32)}`);
const USDM = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const flow: SerializedPreparedFlow = {
  preparedFlow: true,
  chainId: 42220,
  from: account.address,
  summary: "two steps",
  steps: [
    { kind: "erc20", to: USDM, data: "0x095ea7b3", value: "0", description: "approve" },
    { kind: "native", to: USDM, data: "0x", value: "1", description: "send" },
  ],
};
let requests = 0;
const offline = createClient({
  transport: custom({
    request: async () => {
      requests++;
      throw new Error("no network in this test");
    },
  }),
});

const hash = fc.stringMatching(/^0x[0-9a-f]{64}$/) as fc.Arbitrary<`0x${string}`>;
/** A step as an execution could have reported it. */
const executedStep = (index: number): fc.Arbitrary<ExecutedStep> =>
  fc
    .oneof(
      fc.record({
        status: fc.constantFrom("success" as const, "reverted" as const, "pending" as const),
        hash,
        sent: fc.constantFrom(true, "unknown" as const),
        nonce: fc.nat(),
      }),
      fc.record({
        status: fc.constantFrom("failed" as const, "skipped" as const),
        hash: fc.option(hash, { nil: null }),
        sent: fc.constant(false),
      }),
    )
    .map((fields) => ({ index, description: "step", to: flow.steps[index]?.to as `0x${string}`, ...fields }));

describe("resume: untrusted input", () => {
  it("any value is refused with InvalidArgumentError before any request (or accepted)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.record({ steps: fc.array(fc.anything(), { maxLength: 3 }) })),
        async (resume) => {
          requests = 0;
          const error = await executePreparedFlow(offline, { account, flow, resume: resume as never }).then(
            () => undefined,
            (caught: unknown) => caught,
          );
          // Accepted input goes on to the chain check, which fails here as an RpcError; refused input never gets there.
          if (error instanceof InvalidArgumentError) {
            expect(requests).toBe(0);
            expect(error.message.length).toBeLessThan(600);
          } else {
            expect((error as { code?: unknown })?.code).toBe("RPC_ERROR");
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a result an execution could have produced is accepted as it is, also through JSON", () => {
    fc.assert(
      fc.property(fc.tuple(executedStep(0), executedStep(1)), (steps) => {
        const parsed = parseResume(JSON.parse(JSON.stringify({ from: flow.from, steps })), flow);
        expect(parsed.map((step) => [step.hash, step.status])).toEqual(
          steps.map((step) => [step.hash, step.status]),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("the same steps against another flow's `to`, or one step short, are refused", () => {
    fc.assert(
      fc.property(fc.tuple(executedStep(0), executedStep(1)), (steps) => {
        const moved = steps.map((step) => ({ ...step, to: account.address }));
        expect(() => parseResume({ steps: moved }, flow)).toThrow(/resume\.steps\[0\]\.to/);
        expect(() => parseResume({ steps: steps.slice(1) }, flow)).toThrow(InvalidArgumentError);
      }),
      { numRuns: 100 },
    );
  });
});
