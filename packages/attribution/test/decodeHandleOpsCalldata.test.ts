import fc from "fast-check";
import { AbiFunction, Address } from "ox";
import { describe, expect, it } from "vitest";
import { appendSdkCalldataTag } from "../src/appendSdkCalldataTag.js";
import { decodeHandleOpsCalldata } from "../src/decodeHandleOpsCalldata.js";
import { decodeSmartAccountCalls } from "../src/decodeSmartAccountCalls.js";
import {
  executeBatch06Selector,
  executeBatch07Selector,
  executeBatch08Selector,
  executeSelector,
  handleOpsSelector,
} from "../src/internal/abi.js";
import { anyHex, hostileInput } from "./arbitraries.js";
import {
  encodeAccountCalls,
  encodeHandleOps,
  execute,
  executeBatch06,
  executeBatch07,
  executeBatch08,
  handleOps,
} from "./encoders.js";

const usdm = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const usdc = "0xcebA9300f2b948710d2653dD7B07f33A8B32118C";
const sender = "0x1111111111111111111111111111111111111111";
const beneficiary = "0x2222222222222222222222222222222222222222";

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => Address.checksum(`0x${Buffer.from(bytes).toString("hex")}`));
const call = fc.record({ to: address, value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), data: anyHex });

describe("selectors", () => {
  it("match the keccak of the signatures", () => {
    expect(AbiFunction.getSelector(handleOps)).toBe(handleOpsSelector);
    expect(handleOpsSelector).toBe("0x765e827f");
    expect(AbiFunction.getSelector(execute)).toBe(executeSelector);
    expect(executeSelector).toBe("0xb61d27f6");
    expect(AbiFunction.getSelector(executeBatch07)).toBe(executeBatch07Selector);
    expect(executeBatch07Selector).toBe("0x47e1da2a");
    expect(AbiFunction.getSelector(executeBatch06)).toBe(executeBatch06Selector);
    expect(AbiFunction.getSelector(executeBatch08)).toBe(executeBatch08Selector);
  });
});

describe("decodeSmartAccountCalls", () => {
  it("decodes execute, with or without a suffix on userOp.callData", () => {
    const data = appendSdkCalldataTag("0xa9059cbb", ["myapp"]);
    const callData = AbiFunction.encodeData(execute, [usdm, 5n, data]);
    const expected = { function: "execute", calls: [{ target: usdm, value: 5n, data }] };
    expect(decodeSmartAccountCalls(callData)).toEqual(expected);
    expect(decodeSmartAccountCalls(appendSdkCalldataTag(callData, ["outer"]))).toEqual(expected);
  });

  it("decodes the three executeBatch forms", () => {
    const calls = [
      { target: usdm, value: 1n, data: "0x01" },
      { target: usdc, value: 0n, data: "0x" },
    ] as const;
    expect(
      decodeSmartAccountCalls(
        AbiFunction.encodeData(executeBatch07, [
          [usdm, usdc],
          [1n, 0n],
          ["0x01", "0x"],
        ]),
      ),
    ).toEqual({ function: "executeBatch", calls });
    expect(
      decodeSmartAccountCalls(AbiFunction.encodeData(executeBatch07, [[usdm, usdc], [], ["0x01", "0x"]])),
    ).toEqual({
      function: "executeBatch",
      calls: [{ ...calls[0], value: 0n }, calls[1]],
    });
    expect(
      decodeSmartAccountCalls(
        AbiFunction.encodeData(executeBatch06, [
          [usdm, usdc],
          ["0x01", "0x"],
        ]),
      ),
    ).toEqual({
      function: "executeBatch",
      calls: [{ ...calls[0], value: 0n }, calls[1]],
    });
    expect(
      decodeSmartAccountCalls(
        AbiFunction.encodeData(executeBatch08, [
          calls.map((entry) => ({ target: entry.target, value: entry.value, data: entry.data })),
        ]),
      ),
    ).toEqual({ function: "executeBatch", calls });
  });

  it("rejects a v0.7 batch with mismatched arrays, unknown selectors and short data", () => {
    expect(
      decodeSmartAccountCalls(AbiFunction.encodeData(executeBatch07, [[usdm, usdc], [1n], ["0x", "0x"]])),
    ).toBeNull();
    expect(
      decodeSmartAccountCalls(AbiFunction.encodeData(executeBatch07, [[usdm], [], ["0x", "0x"]])),
    ).toBeNull();
    expect(decodeSmartAccountCalls("0xa9059cbb")).toBeNull();
    expect(decodeSmartAccountCalls("0xb61d27")).toBeNull();
    expect(decodeSmartAccountCalls("0xb61d27f6")).toBeNull();
    expect(decodeSmartAccountCalls(`0xb61d27f6${"ff".repeat(96)}`)).toBeNull();
  });

  it("property: round-trips what SimpleAccount 0.7 encodes", () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 4 }), (calls) => {
        const decoded = decodeSmartAccountCalls(encodeAccountCalls(calls));
        expect(decoded?.function).toBe(calls.length === 1 ? "execute" : "executeBatch");
        expect(decoded?.calls).toEqual(
          calls.map((entry) => ({ target: entry.to, value: entry.value, data: entry.data })),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("property: never throws on garbage behind a known selector", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          executeSelector,
          executeBatch06Selector,
          executeBatch07Selector,
          executeBatch08Selector,
        ),
        hostileInput,
        (selector, rest) => {
          const input =
            typeof rest === "string" && rest.startsWith("0x") ? `${selector}${rest.slice(2)}` : rest;
          const decoded = decodeSmartAccountCalls(input as string);
          return decoded === null || Array.isArray(decoded.calls);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe("decodeHandleOpsCalldata", () => {
  it("decodes a bundle down to its inner calls", () => {
    const inner = [
      { to: usdm, value: 0n, data: appendSdkCalldataTag("0xa9059cbb", ["first"]) },
      { to: usdc, value: 0n, data: appendSdkCalldataTag("0x095ea7b3", ["second"]) },
    ] as const;
    const callData = encodeAccountCalls(inner);
    const other = AbiFunction.encodeData(AbiFunction.from("function foo()"));
    const input = encodeHandleOps(
      [
        { sender, nonce: 3n, callData },
        { sender: usdc, nonce: 0n, callData: other },
      ],
      beneficiary,
    );
    expect(decodeHandleOpsCalldata(input)).toEqual({
      beneficiary,
      userOperations: [
        {
          index: 0,
          sender,
          nonce: 3n,
          callData,
          function: "executeBatch",
          calls: inner.map((entry) => ({ target: entry.to, value: entry.value, data: entry.data })),
        },
        { index: 1, sender: usdc, nonce: 0n, callData: other, function: null, calls: null },
      ],
    });
  });

  it("returns checksummed addresses whatever the case of the input", () => {
    const input = encodeHandleOps(
      [{ sender: usdm.toLowerCase() as `0x${string}`, nonce: 0n, callData: "0x" }],
      beneficiary,
    );
    expect(decodeHandleOpsCalldata(input.toUpperCase().replace("0X", "0x"))?.userOperations[0]?.sender).toBe(
      usdm,
    );
  });

  it("returns null for other calls and garbage", () => {
    expect(decodeHandleOpsCalldata("0xa9059cbb")).toBeNull();
    expect(decodeHandleOpsCalldata("0x765e827f")).toBeNull();
    expect(decodeHandleOpsCalldata(`0x765e827f${"ff".repeat(64)}`)).toBeNull();
    expect(decodeHandleOpsCalldata(undefined as unknown as string)).toBeNull();
  });

  it("property: never throws on garbage behind the handleOps selector, nor on truncated bundles", () => {
    const bundle = encodeHandleOps(
      [{ sender, nonce: 1n, callData: encodeAccountCalls([{ to: usdm, value: 0n, data: "0x01" }]) }],
      beneficiary,
    );
    fc.assert(
      fc.property(hostileInput, fc.integer({ min: 0, max: bundle.length }), (rest, cut) => {
        const input =
          typeof rest === "string" && rest.startsWith("0x") ? `${handleOpsSelector}${rest.slice(2)}` : rest;
        const decoded = decodeHandleOpsCalldata(input as string);
        const truncated = decodeHandleOpsCalldata(bundle.slice(0, cut));
        return (
          (decoded === null || Array.isArray(decoded.userOperations)) &&
          (truncated === null || cut >= bundle.length - 64)
        );
      }),
      { numRuns: 20_000 },
    );
  });
});
