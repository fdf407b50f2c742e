import { InvalidAmountError, RpcError, TransactionNotFoundError } from "@preflow/core";
import { NODE_IMPLEMENTATIONS, type NodeErrorKind, nodeError } from "@preflow/devnet";
import fc from "fast-check";
import { HttpRequestError, RpcRequestError, TimeoutError } from "viem";
import { describe, expect, it } from "vitest";
import { PolicyViolationError } from "../src/errors/policy.js";
import { describeError } from "../src/server/formatError.js";

describe("describeError", () => {
  it("serialises our errors with their code and details", () => {
    const notFound = describeError(new TransactionNotFoundError({ hash: `0x${"ab".repeat(32)}` }));
    expect(notFound).toMatchObject({ code: "TRANSACTION_NOT_FOUND", name: "TransactionNotFoundError" });
    const policy = describeError(
      new PolicyViolationError({ violations: [{ rule: "allow.recipients", step: 0, message: "no" }] }),
    );
    expect(policy.details).toEqual({ violations: [{ rule: "allow.recipients", step: 0, message: "no" }] });
    expect(describeError(new InvalidAmountError({ field: "amount", value: "x", rule: "bad" })).code).toBe(
      "INVALID_AMOUNT",
    );
    expect(describeError(new RpcError({ rpcUrl: "u", method: "eth_call", reason: "down" })).code).toBe(
      "RPC_ERROR",
    );
  });

  it("reports viem transport failures anywhere in the cause chain as RPC_ERROR", () => {
    const http = new HttpRequestError({
      url: "http://127.0.0.1:1",
      status: 503,
      details: "Service Unavailable",
    });
    expect(describeError(http)).toMatchObject({ code: "RPC_ERROR", details: { status: 503 } });
    const wrapped = Object.assign(new Error("outer"), {
      cause: new TimeoutError({ body: {}, url: "http://x" }),
    });
    expect(describeError(wrapped).code).toBe("RPC_ERROR");
  });

  it.each(NODE_IMPLEMENTATIONS)(
    "a refusal in %s's words is about the transaction, not the endpoint (by code)",
    (node) => {
      const kinds: NodeErrorKind[] = [
        "nonceTooLow",
        "alreadyKnown",
        "replacementUnderpriced",
        "underpriced",
        "insufficientFunds",
        "feeCapBelowBaseFee",
        "feeCurrencyUnregistered",
        "feeCurrencyInsufficientBalance",
        "executionReverted",
        "simulateNonceTooLow",
        "simulateInsufficientFunds",
        "simulateBaseFeeTooLow",
      ];
      for (const kind of kinds) {
        const answer = nodeError(node, kind, {
          address: "0x00000000000000000000000000000000000000a1",
          feeCurrency: "0x0357EE22278c922e1D36cFe6b899269b161880C4",
          revertData: "0x08c379a0",
        });
        const error = new RpcRequestError({ body: {}, url: "http://127.0.0.1:1", error: answer });
        expect({ kind, code: describeError(error).code }).not.toEqual({ kind, code: "RPC_ERROR" });
      }
      // an endpoint's own failure stays one
      const down = new RpcRequestError({
        body: {},
        url: "http://127.0.0.1:1",
        error: { code: -32005, message: "limit exceeded" },
      });
      expect(describeError(down).code).toBe("RPC_ERROR");
    },
  );

  it("never throws: unknown values, throwing getters, cycles, bigints", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("gotcha");
        },
      },
    );
    expect(describeError(hostile)).toMatchObject({ code: "UNEXPECTED_ERROR" });
    const cyclic: Record<string, unknown> = {
      code: "X",
      toJSON: () => ({ code: "X", message: "m", details: cyclic }),
    };
    cyclic.self = cyclic;
    expect(() => JSON.stringify(describeError(cyclic))).not.toThrow();
    expect(
      describeError({
        code: "X",
        toJSON: () => {
          throw new Error("no");
        },
        message: "m",
      }).code,
    ).toBe("X");
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const described = describeError(value);
        expect(typeof described.code).toBe("string");
        expect(typeof described.message).toBe("string");
        expect(() => JSON.stringify(described)).not.toThrow();
      }),
    );
  });
});
