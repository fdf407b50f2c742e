// The ErrorType table of test/support/errorTypes.ts can fail: at compile time (a class missing from an entry, or
// one too many, does not type-check) and at run time (an error outside the operation's ErrorType fails).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ChainMismatchError,
  type GetStatusErrorType,
  InvalidAddressError,
  InvalidArgumentError,
  RequestAbortedError,
  RpcError,
  RpcRateLimitedError,
  UnknownTokenError,
} from "../src/index.js";
import { ERROR_TYPES, errorTypeOf, expectInErrorType, operationOf } from "./support/errorTypes.js";

describe("the ErrorType table", () => {
  it("checks each entry against its union at compile time, both ways", () => {
    const exact = errorTypeOf<GetStatusErrorType>()([
      InvalidArgumentError,
      ChainMismatchError,
      RpcError,
      RpcRateLimitedError,
      RequestAbortedError,
    ]);
    expect(exact).toHaveLength(5);
    // @ts-expect-error a member of the union (RequestAbortedError) has no class in the entry
    errorTypeOf<GetStatusErrorType>()([
      InvalidArgumentError,
      ChainMismatchError,
      RpcError,
      RpcRateLimitedError,
    ]);
    // @ts-expect-error UnknownTokenError is not in GetStatusErrorType
    errorTypeOf<GetStatusErrorType>()([
      InvalidArgumentError,
      ChainMismatchError,
      RpcError,
      RpcRateLimitedError,
      RequestAbortedError,
      UnknownTokenError,
    ]);
  });

  it("accepts an error of the operation's ErrorType and refuses one outside it", () => {
    expectInErrorType("getBalance", new InvalidAddressError({ field: "owner", value: "0x12" } as never));
    expect(() =>
      expectInErrorType("getStatus", new InvalidAddressError({ field: "owner", value: "0x12" } as never)),
    ).toThrow(/getStatus threw InvalidAddressError, which is not in its ErrorType/);
    expect(() => expectInErrorType("getStatus", new Error("plain"))).toThrow();
    expect(() => expectInErrorType("noSuchOperation", new Error("x"))).toThrow(/no ErrorType entry/);
  });

  it("maps rows to operations: actions, client members, unknown names", () => {
    expect(operationOf("prepareSend")).toBe("prepareSend");
    expect(operationOf("client.token.getBalance")).toBe("getBalance");
    expect(operationOf("client.aave.getPositions")).toBe("getAavePositions");
    expect(operationOf("client.staking.prepareVote")).toBe("prepareStakingVote");
    expect(operationOf("client.governance.prepareVote")).toBe("prepareGovernanceVote");
    expect(operationOf("client.rpc.ensureChain")).toBeUndefined();
  });

  it("has an entry for every action whose ErrorType @preflow/core exports", () => {
    // `XErrorType` of action `x`, wherever src declares one; the parts other unions are built from are not actions.
    const PARTS = [
      "celoStakingRead",
      "reputationRead",
      "celoStakingAction",
      "celoGovernanceAction",
      "aaveLending",
      "fee",
      "tokenCall",
    ];
    const src = fileURLToPath(new URL("../src/", import.meta.url));
    const text = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => readFileSync(join(src, file), "utf8"))
      .join("\n");
    const exported = [...text.matchAll(/^export type (\w+)ErrorType\b/gm)]
      .map(([, name]) => `${name![0]!.toLowerCase()}${name!.slice(1)}`)
      .filter((name) => !PARTS.includes(name));
    expect(exported.length).toBeGreaterThanOrEqual(40);
    expect(exported.filter((name) => !(name in ERROR_TYPES))).toEqual([]);
  });
});
