// The strict decoder of read results (issue 14, defect 4), on its own: exact canonical ABI encodings only, a typed
// RpcError for anything else, never an untyped throw.
import fc from "fast-check";
import { encodeAbiParameters, erc20Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { decodeFunctionResultStrict, RpcError } from "../src/index.js";

const target = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const rpcUrl = "https://rpc.example/v2/0123456789abcdef0123456789abcdef";
const tupleAbi = [
  {
    type: "function",
    name: "pairs",
    stateMutability: "view",
    inputs: [],
    outputs: [
      { name: "who", type: "address[]" },
      { name: "data", type: "bytes" },
      { name: "flag", type: "bool" },
      {
        name: "tuple",
        type: "tuple",
        components: [
          { name: "n", type: "uint8" },
          { name: "s", type: "string" },
        ],
      },
    ],
  },
] as const;

const hexOf = (bytes: Uint8Array): Hex =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
const decodeBalance = (data: unknown) =>
  decodeFunctionResultStrict({ abi: erc20Abi, functionName: "balanceOf", data, target, rpcUrl });
const decodePairs = (data: unknown) =>
  decodeFunctionResultStrict({ abi: tupleAbi, functionName: "pairs", data, target, rpcUrl });

/** The outcome of a decode: the value, or the RpcError (anything else fails the test). */
function outcome(decode: () => unknown): { ok: true; value: unknown } | { ok: false; error: RpcError } {
  try {
    return { ok: true, value: decode() };
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    return { ok: false, error };
  }
}

const pairsValue = fc.record({
  who: fc.array(fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hexOf), { maxLength: 4 }),
  data: fc.uint8Array({ maxLength: 80 }).map(hexOf),
  flag: fc.boolean(),
  n: fc.integer({ min: 0, max: 255 }),
  s: fc.string({ maxLength: 40 }),
});
const encodePairs = (v: { who: Hex[]; data: Hex; flag: boolean; n: number; s: string }) =>
  encodeAbiParameters(tupleAbi[0].outputs, [v.who, v.data, v.flag, { n: v.n, s: v.s }]);

describe("decodeFunctionResultStrict", () => {
  it("a uint256 must be exactly 32 bytes; the error names the function, the contract, and hides the key", () => {
    expect(decodeBalance(`0x${"00".repeat(31)}2a`)).toBe(42n);
    for (const data of [
      `0x${"ff".repeat(40)}`,
      `0x${"00".repeat(31)}`,
      "0x",
      "0xzz",
      42,
      null,
      `0x${"0".repeat(63)}`,
    ]) {
      const result = outcome(() => decodeBalance(data));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.message).toContain(`balanceOf at ${target}`);
        expect(result.error.message).not.toContain("0123456789abcdef0123456789abcdef");
      }
    }
  });

  it("accepts every canonical encoding and returns what was encoded (fast-check)", () => {
    fc.assert(
      fc.property(pairsValue, (v) => {
        const [who, data, flag, tuple] = decodePairs(encodePairs(v)) as unknown as [
          Hex[],
          Hex,
          boolean,
          { n: number; s: string },
        ];
        expect(who.map((a) => a.toLowerCase())).toEqual(v.who);
        expect(data).toBe(v.data);
        expect(flag).toBe(v.flag);
        expect(tuple).toEqual({ n: v.n, s: v.s });
      }),
    );
  });

  it("never accepts a wrong length: any bytes appended or removed are refused (fast-check)", () => {
    fc.assert(
      fc.property(
        pairsValue,
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.boolean(),
        (v, extra, append) => {
          const canonical = encodePairs(v);
          const size = (canonical.length - 2) / 2;
          const cut = Math.max(0, size - extra.length);
          const data = append
            ? `${canonical}${hexOf(extra).slice(2)}`
            : `0x${canonical.slice(2, 2 + cut * 2)}`;
          expect(outcome(() => decodePairs(data)).ok).toBe(false);
        },
      ),
    );
  });

  it("never throws anything but RpcError on garbage, and accepts garbage only when it is canonical (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 400 }).map(hexOf), fc.anything({ withBigInt: true })),
        (data) => {
          const pairs = outcome(() => decodePairs(data));
          if (pairs.ok) expect(typeof data === "string" && (data.length - 2) % 64 === 0).toBe(true);
          const balance = outcome(() => decodeBalance(data));
          if (balance.ok) expect((data as string).length).toBe(66);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("refuses dirty padding and out-of-bounds offsets", () => {
    const canonical = encodePairs({ who: [], data: "0x12", flag: true, n: 7, s: "x" });
    const dirtyBool = `0x${canonical.slice(2, 2 + 64 * 2)}${"0".repeat(62)}02${canonical.slice(2 + 64 * 3)}`;
    expect(outcome(() => decodePairs(dirtyBool)).ok).toBe(false);
    const farOffset = `0x${"00".repeat(31)}ff${canonical.slice(2 + 64)}`;
    expect(outcome(() => decodePairs(farOffset)).ok).toBe(false);
    const addressAbi = [
      {
        type: "function",
        name: "owner",
        stateMutability: "view",
        inputs: [],
        outputs: [{ type: "address" }],
      },
    ] as const;
    const dirtyAddress = `0x${"01"}${"00".repeat(11)}${"22".repeat(20)}`;
    expect(
      outcome(() =>
        decodeFunctionResultStrict({
          abi: addressAbi,
          functionName: "owner",
          data: dirtyAddress,
          target,
          rpcUrl,
        }),
      ).ok,
    ).toBe(false);
  });
});
