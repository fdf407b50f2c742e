import { InvalidContractCallError } from "@preflow/core";
import fc from "fast-check";
import { decodeFunctionData, encodeFunctionData, maxUint256, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { coerceAbiArgs, parseJsonAbi as parseWith } from "../src/tools/coerceAbiArgs.js";

const parseJsonAbi = (abi: readonly unknown[]) => parseWith({ parseAbi, InvalidContractCallError }, abi);

const abi = parseAbi([
  "function deposit(address token, uint256 amount)",
  "function many(uint64[] amounts, int128 delta)",
  "struct Order { address to; uint256 amount; bytes memo; }",
  "function place(Order order, Order[2] pair)",
  "function deposit(uint256 amount)",
]);
const token = "0x765DE816845861e75A25fCA122bb6898B8B1282a";

describe("coerceAbiArgs", () => {
  it("round-trips any uint256 given as a decimal string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (amount) => {
        const args = coerceAbiArgs(abi, "deposit", [token, amount.toString()]);
        const data = encodeFunctionData({ abi, functionName: "deposit", args: args as never });
        expect(decodeFunctionData({ abi, data }).args).toEqual([token, amount]);
      }),
    );
  });

  it("picks the overload by argument count and walks arrays, signed ints and tuples", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { maxLength: 5 }),
        fc.bigInt({ min: -(2n ** 127n), max: 2n ** 127n - 1n }),
        (amounts, delta) => {
          const args = coerceAbiArgs(abi, "many", [amounts.map(String), delta.toString()]);
          expect(args).toEqual([amounts, delta]);
        },
      ),
    );
    expect(coerceAbiArgs(abi, "deposit", ["7"])).toEqual([7n]);
    expect(coerceAbiArgs(abi, "deposit", [7])).toEqual([7n]);
    const order = { to: token, amount: "5", memo: "0x" };
    expect(coerceAbiArgs(abi, "place", [order, [order, [token, "6", "0x"]]])).toEqual([
      { to: token, amount: 5n, memo: "0x" },
      [{ to: token, amount: 5n, memo: "0x" }, [token, 6n, "0x"]],
    ]);
  });

  it("leaves what it cannot read for viem to reject", () => {
    expect(coerceAbiArgs(abi, "deposit", [token, "1.5"])).toEqual([token, "1.5"]);
    expect(coerceAbiArgs(abi, "missing", ["1"])).toEqual(["1"]);
  });
});

describe("parseJsonAbi", () => {
  it("accepts JSON items and human-readable signatures, and names the field otherwise", () => {
    expect(parseJsonAbi(["function deposit(uint256 amount)"])).toEqual(
      parseAbi(["function deposit(uint256 amount)"]),
    );
    expect(parseJsonAbi(abi as never)).toBe(abi);
    expect(() => parseJsonAbi(["function ("])).toThrow(InvalidContractCallError);
    // The entry that does not parse is named by index and text, whatever else the ABI holds.
    const named = (abi: string[]) => {
      try {
        parseJsonAbi(abi);
      } catch (error) {
        return error as InstanceType<typeof InvalidContractCallError>;
      }
      throw new Error("parsed");
    };
    const broken = named(["function a()", "function deposit(address token, uint256 amount"]);
    expect(broken.details.field).toBe("abi[1]");
    expect(broken.message).toContain(
      'entry 1 ("function deposit(address token, uint256 amount") could not be parsed as a human-readable ABI signature (Unknown signature)',
    );
    const type = named(["struct Order { address to; }", "function place(Order o)", "function f(uint257 x)"]);
    expect(type.details.field).toBe("abi[2]");
    expect(type.message).toContain('Type "uint257" is not a valid ABI type');
    expect(named(["function f(Foo x)"]).details.field).toBe("abi[0]");
    expect(named([`function f(${"uint8 a, ".repeat(500)}`]).message.length).toBeLessThan(500);
    // Only the structs themselves failing leaves the whole ABI named.
    expect(named(["struct S { Nope n; }", "function f(S s)"]).details.field).toBe("abi");
    // Whatever the signatures: an ABI, or this error naming the ABI or one of its entries (property).
    const signature = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("function a()", "event E(uint256 x)", "struct S { uint8 a; }", "function g(S s)"),
    );
    fc.assert(
      fc.property(fc.array(signature, { minLength: 1, maxLength: 6 }), (abi) => {
        try {
          parseJsonAbi(abi);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidContractCallError);
          const field = String((error as InstanceType<typeof InvalidContractCallError>).details.field);
          const index = /^abi\[(\d+)\]$/.exec(field)?.[1];
          expect(field === "abi" || (index !== undefined && Number(index) < abi.length), field).toBe(true);
        }
      }),
    );
    expect(() => parseJsonAbi([1, 2])).toThrow(/`abi`/);
  });
});
