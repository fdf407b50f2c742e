// Properties of Uniswap v4's UniversalRouter input encoder/decoder, its intent read-back and its policy decoders
// (no network): what is encoded decodes to the same swap, every byte of garbage and every wrong length is refused
// without throwing, and a Permit2 approval is an approval of exactly its amount for its spender.
import fc from "fast-check";
import {
  type Address,
  concatHex,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint128,
  zeroAddress,
} from "viem";
import { describe, expect, it } from "vitest";
import {
  decodeUniswapV4Swap,
  encodeUniswapV4Swap,
  PERMIT2_ADDRESS,
  permit2Abi,
  TOKENS,
  UNISWAP_V4_ADDRESSES,
  type UniswapV4ExactInputSingle,
  uniswapV4Protocol,
  universalRouterAbi,
} from "../src/index.js";
import { decodePermit2Approve, decodeUniswapV4UniversalRouter } from "../src/protocols/uniswap-v4/decoder.js";
import { readUniswapV4Swap } from "../src/protocols/uniswap-v4/definition.js";
import { uniswapV4CandidateRoutes } from "../src/protocols/uniswap-v4/venue.js";

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(`0x${Buffer.from(bytes).toString("hex")}`));
/** Two distinct nonzero currencies in v4's order. */
const currencies = fc
  .tuple(address, address)
  .filter(([a, b]) => a !== b && BigInt(a) > 2n && BigInt(b) > 2n)
  .map(([a, b]): [Address, Address] => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]));
const amount = fc.bigInt({ min: 1n, max: maxUint128 });
const recipient = fc.option(
  address.filter((a) => BigInt(a) > 2n),
  { nil: undefined },
);
const swap: fc.Arbitrary<UniswapV4ExactInputSingle> = fc.record({
  poolKey: fc.record({
    currency0: fc.constant(zeroAddress),
    currency1: fc.constant(zeroAddress),
    fee: fc.integer({ min: 0, max: 0xffffff }),
    tickSpacing: fc.integer({ min: -(2 ** 23), max: 2 ** 23 - 1 }),
    hooks: fc.constant(zeroAddress),
  }),
  zeroForOne: fc.boolean(),
  amountIn: amount,
  minAmountOut: fc.bigInt({ min: 0n, max: maxUint128 }),
  recipient,
});
const swapWithCurrencies: fc.Arbitrary<UniswapV4ExactInputSingle> = fc
  .tuple(swap, currencies)
  .map(([s, [currency0, currency1]]) => ({ ...s, poolKey: { ...s.poolKey, currency0, currency1 } }));
const hex = (min: number, max: number) =>
  fc
    .uint8Array({ minLength: min, maxLength: max })
    .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);

describe("Uniswap v4 swap input", () => {
  it("decode(encode(swap)) is the swap, and the command is V4_SWAP", () => {
    fc.assert(
      fc.property(swapWithCurrencies, (s) => {
        const { commands, inputs } = encodeUniswapV4Swap(s);
        expect(commands).toBe("0x10");
        expect(inputs).toHaveLength(1);
        expect(decodeUniswapV4Swap(commands, inputs)).toEqual(s);
      }),
    );
  });

  it("refuses a wrong length: any bytes appended or cut from the input", () => {
    fc.assert(
      fc.property(swapWithCurrencies, hex(1, 64), fc.integer({ min: 1, max: 64 }), (s, extra, cut) => {
        const { commands, inputs } = encodeUniswapV4Swap(s);
        expect(decodeUniswapV4Swap(commands, [concatHex([inputs[0]!, extra])])).toBeUndefined();
        expect(decodeUniswapV4Swap(commands, [inputs[0]!.slice(0, -2 * cut) as Hex])).toBeUndefined();
        expect(decodeUniswapV4Swap(`${commands}00`, inputs)).toBeUndefined();
        expect(decodeUniswapV4Swap(commands, [...inputs, inputs[0]!])).toBeUndefined();
      }),
    );
  });

  it("a flipped byte gives back the same swap or nothing, never something that decodes to another command", () => {
    fc.assert(
      fc.property(swapWithCurrencies, fc.nat(), fc.integer({ min: 1, max: 255 }), (s, at, xor) => {
        const { commands, inputs } = encodeUniswapV4Swap(s);
        const bytes = Buffer.from(inputs[0]!.slice(2), "hex");
        const index = at % bytes.length;
        bytes[index] = bytes[index]! ^ xor;
        const decoded = decodeUniswapV4Swap(commands, [`0x${bytes.toString("hex")}` as Hex]);
        if (decoded) {
          // Still a canonical swap of the same shape: encoding it again gives exactly the edited bytes.
          expect(encodeUniswapV4Swap(decoded).inputs[0]).toBe(`0x${bytes.toString("hex")}`);
        }
      }),
    );
  });

  it("never throws on garbage", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (commands, inputs) => {
        expect(() => decodeUniswapV4Swap(commands, inputs)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(hex(0, 600), (bytes) => {
        expect(decodeUniswapV4Swap("0x10", [bytes])).toBeUndefined();
      }),
    );
  });

  it("routes: one hookless pool per tier, currencies ordered, none above 128-bit amounts", () => {
    fc.assert(
      fc.property(
        currencies,
        fc.boolean(),
        fc.bigInt({ min: 1n, max: 2n ** 200n }),
        ([a, b], flip, amountIn) => {
          const [tokenIn, tokenOut] = flip ? [b, a] : [a, b];
          const routes = uniswapV4CandidateRoutes(tokenIn, tokenOut, amountIn);
          if (amountIn > maxUint128) {
            expect(routes).toEqual([]);
            return;
          }
          expect(routes.map((route) => [route.poolKey.fee, route.poolKey.tickSpacing])).toEqual([
            [100, 1],
            [500, 10],
            [3000, 60],
            [10000, 200],
          ]);
          for (const route of routes) {
            expect(BigInt(route.poolKey.currency0) < BigInt(route.poolKey.currency1)).toBe(true);
            expect(route.zeroForOne ? route.poolKey.currency0 : route.poolKey.currency1).toBe(tokenIn);
          }
        },
      ),
    );
  });
});

describe("Uniswap v4 read-back", () => {
  const execute = (s: UniswapV4ExactInputSingle, deadline: bigint) => {
    const { commands, inputs } = encodeUniswapV4Swap(s);
    return encodeFunctionData({
      abi: universalRouterAbi,
      functionName: "execute",
      args: [commands, inputs, deadline],
    });
  };

  it("the intent read-back gives the swap's tokens, amounts, recipient (the signer for TAKE_ALL) and deadline", () => {
    fc.assert(
      fc.property(
        swapWithCurrencies,
        address,
        fc.bigInt({ min: 0n, max: 2n ** 48n }),
        (s, from, deadline) => {
          const { commands, inputs } = encodeUniswapV4Swap(s);
          const fields = readUniswapV4Swap(
            { functionName: "execute", args: [commands, inputs, deadline.toString()] },
            { from },
          );
          const [sold, bought] = s.zeroForOne
            ? [s.poolKey.currency0, s.poolKey.currency1]
            : [s.poolKey.currency1, s.poolKey.currency0];
          expect(fields).toEqual({
            tokenIn: sold,
            tokenOut: bought,
            amountIn: s.amountIn.toString(),
            minAmountOut: s.minAmountOut.toString(),
            recipient: s.recipient ?? from,
            deadline: deadline.toString(),
          });
        },
      ),
    );
    expect(readUniswapV4Swap({ functionName: "execute", args: ["0x00", [], "1"] })).toBe(
      "the router call is not one exact-input v4 swap",
    );
  });

  it("the router decoder: a known call, a pull of the amount sold, a delivery to the recipient", () => {
    fc.assert(
      fc.property(swapWithCurrencies, address, (s, from) => {
        const data = execute(s, 1_900_000_000n);
        const effects = decodeUniswapV4UniversalRouter({
          index: 2,
          to: UNISWAP_V4_ADDRESSES.universalRouter,
          data,
          value: 0n,
          from,
        });
        const sold = s.zeroForOne ? s.poolKey.currency0 : s.poolKey.currency1;
        expect(effects).toEqual([
          expect.objectContaining({ kind: "call", step: 2, known: true }),
          {
            kind: "pull",
            step: 2,
            token: sold,
            spender: UNISWAP_V4_ADDRESSES.universalRouter,
            amount: s.amountIn,
          },
          { kind: "deliver", step: 2, to: s.recipient ?? from, label: "Uniswap v4 swap output" },
        ]);
        // Elsewhere, with value, or with a byte more: not recognised.
        const step = { index: 0, to: UNISWAP_V4_ADDRESSES.universalRouter, data, value: 0n };
        expect(decodeUniswapV4UniversalRouter({ ...step, to: PERMIT2_ADDRESS })).toBeUndefined();
        expect(decodeUniswapV4UniversalRouter({ ...step, value: 1n })).toBeUndefined();
        expect(decodeUniswapV4UniversalRouter({ ...step, data: `${data}00` })).toBeUndefined();
      }),
    );
  });

  it("the Permit2 decoder: an approval of exactly the amount for the spender, through Permit2", () => {
    fc.assert(
      fc.property(
        address,
        address,
        fc.bigInt({ min: 0n, max: 2n ** 160n - 1n }),
        fc.nat(2 ** 48 - 1),
        (token, spender, value, expiration) => {
          const data = encodeFunctionData({
            abi: permit2Abi,
            functionName: "approve",
            args: [token, spender, value, expiration],
          });
          const effects = decodePermit2Approve({ index: 1, to: PERMIT2_ADDRESS, data, value: 0n });
          expect(effects?.[1]).toEqual({
            kind: "approve",
            step: 1,
            token,
            spender,
            amount: value === 2n ** 160n - 1n ? 2n ** 256n - 1n : value,
            through: PERMIT2_ADDRESS,
          });
          expect(
            decodePermit2Approve({
              index: 1,
              to: PERMIT2_ADDRESS,
              data: data.slice(0, -2) as Hex,
              value: 0n,
            }),
          ).toBeUndefined();
          expect(
            decodePermit2Approve({ index: 1, to: TOKENS.USDC.address, data, value: 0n }),
          ).toBeUndefined();
        },
      ),
    );
  });

  it("every v4 decoder returns effects or undefined on garbage, and never throws", () => {
    const decoders = uniswapV4Protocol.decoders ?? [];
    expect(decoders).toHaveLength(2);
    const selectors = ["0x3593564c", "0x87517c45"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...selectors),
        hex(0, 400),
        fc.constantFrom(PERMIT2_ADDRESS, UNISWAP_V4_ADDRESSES.universalRouter),
        (selector, rest, to) => {
          for (const decode of decoders) {
            expect(() =>
              decode({ index: 0, to, data: concatHex([selector, rest]), value: 0n }),
            ).not.toThrow();
          }
        },
      ),
    );
  });
});
