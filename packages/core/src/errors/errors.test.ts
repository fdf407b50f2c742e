import { AttributionError, normalizeAttributionTags } from "@preflow/attribution";
import { describe, expect, it } from "vitest";
import { describeValue } from "./base.js";
import * as errors from "./index.js";

describe("errors", () => {
  const samples = [
    new errors.InvalidAddressError("owner", "0x12"),
    new errors.InvalidAmountError({
      field: "amount",
      value: "-1",
      rule: "is negative",
      token: "USDm",
      decimals: 18,
    }),
    new errors.InsufficientBalanceError({
      owner: "0x1",
      token: "USDm",
      have: 1n,
      need: 2n,
      haveFormatted: "1",
      needFormatted: "2",
    }),
    new errors.InvalidArgumentError("hash", "0x", "must be 32 bytes"),
    new errors.ChainMismatchError({ expected: 42220, actual: 1, rpcUrl: "https://x.org/" }),
    new errors.InvalidConfigError({ option: "rpcUrl", rule: "must be http" }),
    new errors.UnknownOptionError("rpcURL", "rpcUrl", ["rpcUrl"]),
    new errors.InvalidContractCallError("args", "too few"),
    new errors.InvalidPreparedFlowError("steps[1].data", "not hex"),
    new errors.RpcError({ rpcUrl: "https://x.org/", method: "eth_call", reason: "boom", status: 503 }),
    new errors.TokenReadError({
      symbol: "USDm",
      address: "0x1",
      functionName: "balanceOf",
      reason: "reverted",
    }),
    new errors.UnknownTokenError("USDN", ["USDm"], ["USDm"]),
  ];

  it("all extend SdkError with a distinct stable code, a name and JSON-safe details", () => {
    const codes = new Set<string>();
    for (const error of samples) {
      expect(error).toBeInstanceOf(errors.SdkError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(error.code).toMatch(/^[A-Z_]+$/);
      codes.add(error.code);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({
        name: error.name,
        code: error.code,
        message: error.message,
      });
      expect(Object.isFrozen(error.details)).toBe(true);
    }
    expect(codes.size).toBe(samples.length);
  });

  it("SdkError is the one base class: attribution's errors are instances of it too", () => {
    const notFound = new errors.TransactionNotFoundError({ hash: "0x00" });
    expect(notFound).toBeInstanceOf(errors.SdkError);
    expect(notFound).toBeInstanceOf(AttributionError);
    expect(notFound.code).toBe("TRANSACTION_NOT_FOUND");
    expect(() => normalizeAttributionTags(["a b"])).toThrow(errors.SdkError);
    // ...while subclass checks stay exact.
    expect(notFound).not.toBeInstanceOf(errors.InvalidAmountError);
    expect(new Error("plain")).not.toBeInstanceOf(errors.SdkError);
    expect(samples[0]).toBeInstanceOf(errors.InvalidAddressError);
    expect(samples[0]).not.toBeInstanceOf(errors.InvalidAmountError);
  });

  it("messages name the field and the rule", () => {
    expect(samples[0]!.message).toMatch(/`owner`.*"0x12"/);
    expect(samples[1]!.message).toMatch(/`amount` of USDm.*"-1".*is negative/);
    expect(samples[2]!.message).toMatch(/have 1 USDm, need 2 USDm/);
    expect(samples[8]!.message).toBe("Invalid prepared flow at steps[1].data: not hex.");
    expect(samples[11]!.message).toMatch(/Did you mean USDm\?/);
  });

  it("describeValue shortens long values and handles odd ones", () => {
    expect(describeValue("x".repeat(500)).length).toBe(120);
    expect(describeValue(1n)).toBe("1n");
    expect(describeValue(undefined)).toBe("undefined");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe("[object Object]");
  });
});
