// readDelegation reads an EOA's code (untrusted bytes from the RPC): it never throws, accepts only the exact
// 23-byte designator of the simple 7702 account as "simple-7702", and reads any other 23-byte designator's
// delegate; anything else (other lengths, other prefixes, garbage) is a conflict without a delegate.
import fc from "fast-check";
import { getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { SIMPLE_7702_ACCOUNT_ADDRESS } from "../src/index.js";
import { readDelegation } from "../src/internal/accountState.js";

const hexBytes = (min: number, max: number) =>
  fc
    .uint8Array({ minLength: min, maxLength: max })
    .map((bytes) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}` as Hex);

describe("readDelegation", () => {
  it("empty code: no delegation; the simple 7702 designator in any case: simple-7702", () => {
    expect(readDelegation("0x")).toBe("none");
    const designator = `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2)}` as Hex;
    expect(readDelegation(designator)).toBe("simple-7702");
    expect(readDelegation(designator.toLowerCase() as Hex)).toBe("simple-7702");
    expect(readDelegation(designator.toUpperCase().replace("0X", "0x") as Hex)).toBe("simple-7702");
  });

  it("any other 20-byte delegate is read back exactly", () => {
    fc.assert(
      fc.property(hexBytes(20, 20), (delegate) => {
        fc.pre(delegate.toLowerCase() !== SIMPLE_7702_ACCOUNT_ADDRESS.toLowerCase());
        expect(readDelegation(`0xef0100${delegate.slice(2)}` as Hex)).toEqual({
          delegate: getAddress(delegate),
        });
      }),
    );
  });

  it("never throws; a wrong length or prefix is never taken for a delegation", () => {
    fc.assert(
      fc.property(hexBytes(1, 64), (code) => {
        const read = readDelegation(code);
        const isDesignator = code.length === 48 && code.toLowerCase().startsWith("0xef0100");
        if (!isDesignator) expect(read).toEqual({ delegate: null });
      }),
    );
    for (const garbage of ["0xef0100", `0xef0100${"11".repeat(21)}`, `0xef0100${"11".repeat(19)}`, "0xzz"]) {
      expect(readDelegation(garbage as Hex)).toEqual({ delegate: null });
    }
  });
});
