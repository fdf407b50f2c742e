import { InvalidContractCallError } from "@preflow/core";
import fc from "fast-check";
import { decodeFunctionData, encodeFunctionData, maxUint256, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { coerceAbiArgs, parseJsonAbi as parseWith } from "./coerceAbiArgs.js";

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
    expect(() => parseJsonAbi([1, 2])).toThrow(/`abi`/);
  });
});
