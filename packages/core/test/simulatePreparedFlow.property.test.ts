// Every flow shape (with call, intent, preparedAt, expiresAt, and prepare*'s own step shapes) round-trips through
// JSON and parsePreparedFlow, and formatPreparedFlow renders every valid flow, with or without a simulation,
// without throwing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPreparedFlow, parsePreparedFlow, type SimulatePreparedFlowReturnType } from "../src/index.js";
import { address, preparedFlow } from "./support/preparedFlowArbitrary.js";

const signed = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });

describe("prepared flows (property)", () => {
  it("parsePreparedFlow(JSON.parse(JSON.stringify(flow))) round-trips every flow shape", () => {
    fc.assert(
      fc.property(preparedFlow, (flow) => {
        expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
      }),
      { numRuns: 500 },
    );
  });

  it("formatPreparedFlow renders every valid flow, with or without a simulation", () => {
    fc.assert(
      fc.property(preparedFlow, fc.boolean(), address, signed, (flow, withSimulation, other, delta) => {
        const parsed = parsePreparedFlow(JSON.parse(JSON.stringify(flow)));
        const failed = withSimulation && delta < 0n ? 0 : null;
        const simulation: SimulatePreparedFlowReturnType = {
          success: failed === null,
          chainId: 42220,
          account: parsed.from,
          blockNumber: "7",
          failedStep: failed,
          steps: parsed.steps.map((step, index) => ({
            index,
            description: step.description,
            to: step.to,
            status: failed === null ? "success" : index === 0 ? "reverted" : "not-run",
            gasUsed: failed !== null && index > 0 ? null : "21000",
            effects: failed === null ? ["locks 1 CELO"] : [],
          })),
          balanceChanges: [
            {
              address: other,
              token: other,
              symbol: null,
              decimals: null,
              delta: delta.toString(),
              formatted: null,
            },
          ],
          allowanceChanges: [
            {
              token: other,
              symbol: null,
              owner: parsed.from,
              spender: other,
              before: null,
              after: { value: "0", formatted: null },
            },
          ],
          fee: parsed.fee
            ? {
                currency: parsed.fee.currency,
                token: other,
                decimals: 6,
                feeCurrency: parsed.fee.feeCurrency,
                gasUsed: "71000",
                baseFeePerGas: "25000000000",
                cost: "1775",
                formatted: "0.001775",
              }
            : {
                currency: "CELO",
                token: "0x471EcE3750Da237f93B8E339c536989b8978a438",
                decimals: 18,
                feeCurrency: null,
                gasUsed: "21000",
                baseFeePerGas: "25000000000",
                cost: "525000000000000",
                formatted: "0.000525",
              },
        };
        const text = formatPreparedFlow(parsed, withSimulation ? simulation : undefined);
        expect(text.split("\n").length).toBeGreaterThanOrEqual(parsed.steps.length + 3);
        expect(text).toContain(parsed.from);
      }),
      { numRuns: 500 },
    );
  });
});

describe("parsePreparedFlow and __proto__", () => {
  it("keeps a __proto__ key inside call args as a key (found by the round-trip property)", () => {
    const flow = JSON.parse(
      '{"preparedFlow":true,"chainId":42220,"from":"0x0000000000000000000000000000000000000001","summary":"","steps":[{"kind":"native","to":"0x0000000000000000000000000000000000000001","data":"0x","value":"0","description":"","call":{"contract":" ","functionName":" ","args":[{"__proto__":{"a":1}}]}}]}',
    );
    const parsed = parsePreparedFlow(flow);
    const arg = parsed.steps[0]!.call!.args[0] as Record<string, unknown>;
    expect(Object.keys(arg)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(arg)).toBe(Object.prototype);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(flow));
  });
});
