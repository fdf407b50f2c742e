import { InvalidAmountError, RpcError, TransactionNotFoundError } from "@preflow/core";
import fc from "fast-check";
import { HttpRequestError, TimeoutError } from "viem";
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
