// decodeRevertReason: Error(string), Panic with its meaning, the known custom errors (ERC-20, Uniswap, Mento, Aave),
// raw selectors for the rest; wrong lengths are not decoded; garbage never throws (property).
import fc from "fast-check";
import { encodeErrorResult, getAddress, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { decodeRevertReason } from "../src/index.js";

const A = getAddress("0x1111111111111111111111111111111111111111");
const error = (signature: string, args: unknown[] = []) => {
  const [, name, list] = /^(\w+)\((.*)\)$/.exec(signature)!;
  const types = list ? list.split(",") : [];
  return encodeErrorResult({
    abi: [{ type: "error", name, inputs: types.map((type, i) => ({ name: `a${i}`, type })) }],
    errorName: name,
    args,
  } as never);
};

describe("decodeRevertReason", () => {
  it("decodes Error(string) and Panic(uint256) with its meaning", () => {
    expect(
      decodeRevertReason(error("Error(string)", ["ERC20: transfer amount exceeds balance"])),
    ).toMatchObject({
      name: "Error",
      source: "solidity",
      selector: "0x08c379a0",
      args: ["ERC20: transfer amount exceeds balance"],
      message: 'Error("ERC20: transfer amount exceeds balance")',
    });
    expect(decodeRevertReason(error("Panic(uint256)", [0x11n])).message).toBe(
      "Panic(0x11): arithmetic overflow or underflow",
    );
    expect(decodeRevertReason(error("Panic(uint256)", [0x32n])).message).toBe(
      "Panic(0x32): array index out of bounds",
    );
    expect(decodeRevertReason(error("Panic(uint256)", [0x99n])).message).toBe(
      "Panic(0x99): unknown panic code",
    );
  });

  it("decodes the ERC-20, Uniswap, Mento and Aave errors preflow knows", () => {
    expect(
      decodeRevertReason(error("ERC20InsufficientBalance(address,uint256,uint256)", [A, 5n, 7n])),
    ).toMatchObject({
      name: "ERC20InsufficientBalance",
      source: "erc20",
      selector: "0xe450d38c",
      args: [A, "5", "7"],
      message: `ERC20InsufficientBalance(sender: ${A}, balance: 5, needed: 7) [ERC-20]`,
    });
    expect(
      decodeRevertReason(error("ERC20InsufficientAllowance(address,uint256,uint256)", [A, 0n, 9n])).name,
    ).toBe("ERC20InsufficientAllowance");
    expect(decodeRevertReason(error("V3TooLittleReceived()"))).toMatchObject({
      name: "V3TooLittleReceived",
      source: "uniswap",
    });
    expect(decodeRevertReason(error("Error(string)", ["STF"]))).toMatchObject({
      source: "uniswap",
      message:
        'Error("STF"): Uniswap: the token transfer from the sender failed (allowance or balance too low)',
    });
    expect(decodeRevertReason(error("Error(string)", ["Too little received"])).source).toBe("uniswap");
    expect(decodeRevertReason(error("Expired()"))).toMatchObject({
      name: "Expired",
      source: "mento",
      message: "Expired() [Mento]",
    });
    expect(decodeRevertReason(error("InsufficientOutputAmount()")).source).toBe("mento");
    expect(decodeRevertReason(error("NotEnoughAvailableUserBalance()"))).toMatchObject({
      source: "aave-v3",
      selector: "0x47bc4b2c",
    });
    // Aave v3.0–v3.3 string codes: only when the call went to Aave (a bare number is ambiguous).
    expect(decodeRevertReason(error("Error(string)", ["26"])).message).toBe('Error("26")');
    expect(decodeRevertReason(error("Error(string)", ["26"]), { protocol: "aave-v3" })).toMatchObject({
      source: "aave-v3",
      message: 'Error("26"): Aave v3 INVALID_AMOUNT: amount must be greater than 0',
    });
  });

  it("reports anything else with its raw selector; no data; wrong lengths are not decoded", () => {
    expect(decodeRevertReason("0xdeadbeef")).toEqual({
      name: null,
      source: null,
      selector: "0xdeadbeef",
      args: [],
      message: "unknown error 0xdeadbeef (4 bytes of data)",
      data: "0xdeadbeef",
    });
    expect(decodeRevertReason("0x").message).toBe("reverted without a reason");
    expect(decodeRevertReason("0x0102")).toMatchObject({
      selector: null,
      message: "reverted with 2 bytes of data",
    });
    const good = error("ERC20InsufficientBalance(address,uint256,uint256)", [A, 5n, 7n]);
    expect(decodeRevertReason(`${good}00`).name).toBeNull(); // a trailing byte
    expect(decodeRevertReason(good.slice(0, -2)).name).toBeNull(); // one byte short
    // An address word with dirty upper bytes is not a canonical address.
    expect(decodeRevertReason(`${good.slice(0, 10)}ff${good.slice(12)}`).name).toBeNull();
    expect(decodeRevertReason("0xabc").message).toBe("reverted with data that is not hex bytes");
    expect(decodeRevertReason(42).data).toBe("0x");
    expect(decodeRevertReason(`0x${"ab".repeat(5000)}`).data).toHaveLength(2 + 4096);
  });

  it("never throws on garbage, and its result is JSON-safe (property)", () => {
    const garbage = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`),
      // known selectors followed by random bytes
      fc
        .tuple(
          fc.constantFrom("08c379a0", "4e487b71", "e450d38c", "fb8f41b2", "db42144d", "47bc4b2c", "203d82d8"),
          fc.uint8Array({ maxLength: 200 }),
        )
        .map(([selector, bytes]) => `0x${selector}${Buffer.from(bytes).toString("hex")}`),
      fc.string(),
      fc.anything(),
    );
    fc.assert(
      fc.property(garbage, fc.boolean(), (data, aave) => {
        const reason = decodeRevertReason(data, { protocol: aave ? "aave-v3" : undefined });
        expect(typeof reason.message).toBe("string");
        expect(JSON.parse(JSON.stringify(reason))).toEqual(reason);
      }),
      { numRuns: 2000 },
    );
  });

  it("decodes what it encodes (property)", () => {
    const word = fc.bigInt({ min: 0n, max: maxUint256 });
    const addr = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((b) => getAddress(`0x${Buffer.from(b).toString("hex")}`));
    fc.assert(
      fc.property(addr, word, word, fc.string(), (who, x, y, text) => {
        const balance = decodeRevertReason(
          error("ERC20InsufficientBalance(address,uint256,uint256)", [who, x, y]) as Hex,
        );
        expect(balance.args).toEqual([who, x.toString(), y.toString()]);
        const message = decodeRevertReason(error("Error(string)", [text]));
        expect(message.name).toBe("Error");
      }),
      { numRuns: 300 },
    );
  });
});
