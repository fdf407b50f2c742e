import fc from "fast-check";
import {
  BaseError,
  ContractFunctionExecutionError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
} from "viem";
import { describe, expect, it } from "vitest";
import { describeValue } from "../src/describeValue.js";
import { RequestAbortedError } from "../src/RequestAbortedError.js";
import { summarizeError } from "../src/summarizeError.js";
import { withTimeout } from "../src/withTimeout.js";

describe("summarizeError on real viem errors", () => {
  const key = "k3y_SECRET_0123456789";
  const url = `http://127.0.0.1:1/v2/42220/rpc?apikey=${key}`;

  it("reads a 401 JSON-RPC refusal (status and code) and scrubs the URL", () => {
    const error = new RpcRequestError({
      body: { method: "pimlico_getUserOperationGasPrice" },
      error: { code: -32001, message: "Unauthorized: invalid or missing apikey" },
      status: 401,
      url,
    });
    const summary = summarizeError(error, [key]);
    expect(summary).toMatchObject({ status: 401, rpcCode: -32001, unreachable: false });
    expect(summary.reason).toBe("Unauthorized: invalid or missing apikey");
    expect(JSON.stringify(summary)).not.toContain(key);
  });

  it("treats a connection failure or a time-out as unreachable, without the key", () => {
    const error = new HttpRequestError({
      url,
      body: { method: "x" },
      cause: new Error(`fetch failed for ${url}`),
    });
    const summary = summarizeError(error, [key]);
    expect(summary.unreachable).toBe(true);
    expect(summary.status).toBeUndefined();
    expect(JSON.stringify(summary)).not.toContain(key);
    expect(summarizeError(new TimeoutError({ body: {}, url })).unreachable).toBe(true);
    expect(JSON.stringify(summarizeError(new TimeoutError({ body: {}, url }), [url]))).not.toContain(key);
  });

  it("keeps the innermost Details of a relayed viem message and finds the revert data", () => {
    const relayed =
      "RPC Request failed. URL: http://127.0.0.1:2 Request body: {} Details: UserOperation reverted during simulation with reason: 0xdb42144d00 Version: viem@2.57.20";
    const summary = summarizeError(
      new RpcRequestError({ body: {}, error: { code: -32521, message: relayed }, url }),
      [key],
    );
    expect(summary.rpcCode).toBe(-32521);
    expect(summary.reason).toBe("UserOperation reverted during simulation with reason: 0xdb42144d00");
    expect(summary.revertData).toBe("0xdb42144d00");
  });

  it("names what a bounded wait waited for and why, without the caller's advice, as unreachable", async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withTimeout(never, 5, undefined, "eth_getTransactionReceipt").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestAbortedError);
    const summary = summarizeError(error);
    expect(summary.reason).toBe("eth_getTransactionReceipt: TimeoutError: no answer within 5 ms");
    expect(summary.unreachable).toBe(true);
    expect(summary.rpcCode).toBeUndefined();
  });

  it("gives one line for contract errors and plain values, and never throws (property)", () => {
    const contract = new ContractFunctionExecutionError(new BaseError("execution reverted: nope"), {
      abi: [],
      functionName: "deposit",
    });
    expect(summarizeError(contract).reason).not.toContain("\n");
    expect(summarizeError(new Error("first line\nsecond")).reason).toBe("first line");
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const summary = summarizeError(value);
        expect(typeof summary.reason).toBe("string");
        expect(summary.reason.length).toBeLessThanOrEqual(400);
      }),
    );
  });
});

describe("describeValue", () => {
  it("shortens long values and handles odd ones", () => {
    expect(describeValue("x".repeat(500)).length).toBe(120);
    expect(describeValue("x".repeat(500), 80).length).toBe(80);
    expect(describeValue(1n)).toBe("1n");
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(() => 1)).toBe("a function");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe("[object Object]");
  });
});
