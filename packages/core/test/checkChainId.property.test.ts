// The one chain check (rpc/checkChainId.ts) on untrusted eth_chainId answers: 42220 in any form a node, a wallet
// or viem gives passes; another chain id is ChainMismatchError (the endpoint redacted); anything else is the
// caller's malformed-answer error, never another throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChainMismatchError, checkChainId } from "../src/index.js";

const ENDPOINT = "https://rpc.example/v2/abcdefghij0123456789xyz";
class Malformed extends Error {}
const malformed = (reason: string) => new Malformed(reason);

describe("checkChainId", () => {
  it("passes 42220 as a hex quantity, a decimal string, a number or a bigint", () => {
    for (const answer of ["0xa4ec", "0xA4EC", "42220", 42220, 42220n]) {
      expect(() => checkChainId(answer, ENDPOINT, malformed)).not.toThrow();
    }
  });

  it("another chain is ChainMismatchError with the endpoint redacted; garbage is the caller's error", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat({ max: 2 ** 40 }).map((id) => `0x${id.toString(16)}`),
          fc.nat(),
          fc.bigInt({ min: 0n, max: 2n ** 70n }),
          fc.string(),
          fc.anything(),
        ),
        (answer) => {
          try {
            checkChainId(answer, ENDPOINT, malformed);
            expect([42220, "0xa4ec", 42220n, "42220"]).toContainEqual(answer);
          } catch (error) {
            if (error instanceof ChainMismatchError) {
              expect(error.details.actual).not.toBe(42220);
              expect(error.message).not.toContain("abcdefghij0123456789xyz");
            } else expect(error).toBeInstanceOf(Malformed);
          }
        },
      ),
    );
  });

  it('a label such as "(the wallet)" is named as it is', () => {
    expect(() => checkChainId("0x1", "(the wallet)", malformed)).toThrow(
      /endpoint \(the wallet\) serves chain 1/,
    );
  });
});
