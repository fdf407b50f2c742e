// cip64FeePaid reads a receipt as the node returns it (untrusted JSON): it never throws, and answers only for a
// well-formed 0x7b receipt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cip64FeePaid } from "../src/index.js";

const USDM = "0x765DE816845861e75A25fCA122bb6898B8B1282a";

describe("cip64FeePaid", () => {
  it("never throws on any value, and answers undefined for what is not a 0x7b receipt", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => cip64FeePaid(value)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(
        fc.record({ type: fc.string(), feeCurrency: fc.anything(), gasUsed: fc.anything() }),
        (value) => {
          const fee = cip64FeePaid(value);
          if (fee !== undefined) expect(value.type).toBe("0x7b");
        },
      ),
    );
    expect(cip64FeePaid({ type: "0x2", gasUsed: "0x1", effectiveGasPrice: "0x1" })).toBeUndefined();
  });

  it("reads base fee and tip of an 18-decimal fee currency from the receipt", () => {
    expect(
      cip64FeePaid({
        type: "0x7b",
        feeCurrency: USDM.toLowerCase(),
        gasUsed: "0x5208",
        effectiveGasPrice: "0x3b9aca00",
        baseFee: "0x3b9aca00",
      }),
    ).toEqual({ feeCurrency: USDM, amount: (21_000n * 1_000_000_000n).toString() });
  });
});
