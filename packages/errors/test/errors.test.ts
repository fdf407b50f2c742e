import { describe, expect, it } from "vitest";
import { InvalidArgumentError } from "../src/InvalidArgumentError.js";
import { RequestAbortedError } from "../src/RequestAbortedError.js";
import { SdkError } from "../src/SdkError.js";

describe("the base errors", () => {
  it.each([
    [
      new InvalidArgumentError({ field: "parameters", value: "sginal", rule: "unknown key" }),
      "InvalidArgumentError",
      "INVALID_ARGUMENT",
    ],
    [
      new RequestAbortedError({ method: "eth_getTransactionByHash", reason: new Error("stop") }),
      "RequestAbortedError",
      "REQUEST_ABORTED",
    ],
    [new SdkError({ code: "MINE", message: "mine" }), "SdkError", "MINE"],
  ] as const)("%s has a stable name and code and extends SdkError", (error, name, code) => {
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name,
      code,
      message: error.message,
      details: { ...error.details },
    });
  });

  it("InvalidArgumentError names the field, a cut preview of the value and the rule", () => {
    const error = new InvalidArgumentError({
      field: "amount",
      value: "x".repeat(500),
      rule: "must be decimal",
    });
    expect(error.message).toMatch(/^Invalid `amount` \(got "x+\.\.\.\): must be decimal\.$/);
    expect(error.details.value.length).toBe(120);
  });

  it("RequestAbortedError tells a time-out from the caller's abort and redacts the reason", () => {
    const timeout = new RequestAbortedError({
      method: "eth_call",
      reason: new DOMException("no answer within 5 ms", "TimeoutError"),
    });
    expect(timeout.timedOut).toBe(true);
    expect(timeout.message).toContain("no answer within 5 ms");
    const aborted = new RequestAbortedError({
      method: "eth_call",
      reason: new Error("https://rpc.example/?apikey=s3cret gone"),
    });
    expect(aborted.timedOut).toBe(false);
    expect(aborted.message).not.toContain("s3cret");
    expect(new RequestAbortedError({ method: "m", reason: undefined }).details.reason).toBe("aborted");
  });
});
