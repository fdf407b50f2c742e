// GoodDollar's policy decoder and its intents, property-based: the decoder never throws on garbage, accepts only
// the exact claim() / swapIn(...) encodings to the Celo addresses on the G$/USDm exchange, and reads back what was
// encoded; a claim or reserve swap flow parses and its intent check holds exactly for the calldata it describes.
import fc from "fast-check";
import { type Address, encodeFunctionData, getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import {
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  goodDollarBrokerAbi,
  goodDollarProtocol,
  goodDollarUbiSchemeAbi,
  parsePreparedFlow,
  TOKENS,
} from "../src/index.js";

const decode = goodDollarProtocol.decoders![0]!;
const hexBytes = (max: number) =>
  fc.uint8Array({ maxLength: max }).map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => getAddress(`0x${Buffer.from(b).toString("hex")}`));
const target = fc.constantFrom<Address>(GOODDOLLAR_ADDRESSES.ubiScheme, GOODDOLLAR_ADDRESSES.broker);
const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const FROM = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const swapIn = (
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
  min: bigint,
  provider: Address = GOODDOLLAR_ADDRESSES.exchangeProvider,
) =>
  encodeFunctionData({
    abi: goodDollarBrokerAbi,
    functionName: "swapIn",
    args: [provider, GOODDOLLAR_CUSD_EXCHANGE_ID, tokenIn, tokenOut, amountIn, min],
  });

describe("GoodDollar decoder", () => {
  it("never throws on garbage to its contracts, selector or not", () => {
    fc.assert(
      fc.property(
        target,
        hexBytes(400),
        fc.constantFrom("", "4e71d92d", "ddbbe850"),
        (to, data, selector) => {
          const step = {
            index: 0,
            to,
            data: `0x${selector}${data.slice(2)}` as Hex,
            value: 0n,
            from: FROM as Address,
          };
          expect(() => decode(step)).not.toThrow();
        },
      ),
    );
  });

  it("reads a swapIn back exactly and refuses any other length, provider or target", () => {
    fc.assert(
      fc.property(
        address,
        address,
        uint,
        uint,
        fc.integer({ min: 1, max: 64 }),
        (a, b, amountIn, min, cut) => {
          const data = swapIn(a, b, amountIn, min);
          const effects = decode({ index: 2, to: GOODDOLLAR_ADDRESSES.broker, data, value: 0n, from: FROM });
          expect(effects).toEqual([
            expect.objectContaining({ kind: "call", known: true, step: 2 }),
            {
              kind: "pull",
              step: 2,
              token: a.toLowerCase(),
              spender: GOODDOLLAR_ADDRESSES.broker,
              amount: amountIn,
            },
            expect.objectContaining({ kind: "deliver", to: FROM }),
          ]);
          expect(
            decode({
              index: 0,
              to: GOODDOLLAR_ADDRESSES.broker,
              data: data.slice(0, -cut * 2) as Hex,
              value: 0n,
            }),
          ).toBeUndefined();
          expect(
            decode({
              index: 0,
              to: GOODDOLLAR_ADDRESSES.broker,
              data: `${data}${"00".repeat(cut)}`,
              value: 0n,
            }),
          ).toBeUndefined();
          expect(decode({ index: 0, to: GOODDOLLAR_ADDRESSES.ubiScheme, data, value: 0n })).toBeUndefined();
          expect(
            decode({
              index: 0,
              to: GOODDOLLAR_ADDRESSES.broker,
              data: swapIn(a, b, amountIn, min, b),
              value: 0n,
            }),
          ).toBeUndefined();
        },
      ),
    );
  });

  it("recognises claim() only with no arguments, to the UBIScheme", () => {
    const claim = encodeFunctionData({ abi: goodDollarUbiSchemeAbi, functionName: "claim" });
    expect(decode({ index: 0, to: GOODDOLLAR_ADDRESSES.ubiScheme, data: claim, value: 0n })).toEqual([
      expect.objectContaining({ kind: "call", known: true, label: "GoodDollar UBI claim" }),
    ]);
    fc.assert(
      fc.property(
        hexBytes(64).filter((h) => h.length > 2),
        (extra) => {
          expect(
            decode({
              index: 0,
              to: GOODDOLLAR_ADDRESSES.ubiScheme,
              data: `${claim}${extra.slice(2)}`,
              value: 0n,
            }),
          ).toBeUndefined();
        },
      ),
    );
    expect(decode({ index: 0, to: GOODDOLLAR_ADDRESSES.broker, data: claim, value: 0n })).toBeUndefined();
  });
});

describe("GoodDollar simulation sentences", () => {
  it("never throw on arbitrary logs at its contracts", () => {
    const describe = goodDollarProtocol.simulation!.describeLogs!;
    const log = fc.record({
      address: target,
      topics: fc.array(hexBytes(32), { maxLength: 5 }),
      data: hexBytes(300),
    });
    fc.assert(
      fc.property(fc.array(log, { maxLength: 4 }), (logs) => {
        const run = () =>
          describe({ step: 0, account: FROM, to: GOODDOLLAR_ADDRESSES.broker, data: "0x", logs, reads: [] });
        expect(run).not.toThrow();
        expect(Array.isArray(run())).toBe(true);
      }),
    );
  });
});

describe("GoodDollar intents", () => {
  const flowOf = (data: Hex, to: Address, intent: Record<string, unknown>) => ({
    preparedFlow: true,
    chainId: 42220,
    from: FROM,
    summary: "s",
    steps: [{ kind: "contract", to, data, value: "0", description: "d" }],
    intent,
  });

  it("a reserve swap's intent holds exactly for the calldata it describes", () => {
    const gd = TOKENS["G$"].address;
    const usdm = TOKENS.USDm.address;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n }),
        (amountIn, min, delta) => {
          const data = swapIn(usdm, gd, amountIn, min);
          const intent = {
            kind: "goodDollarReserveSwap",
            tokenIn: usdm,
            tokenOut: gd,
            amountIn: String(amountIn),
            minAmountOut: String(min),
          };
          expect(() => parsePreparedFlow(flowOf(data, GOODDOLLAR_ADDRESSES.broker, intent))).not.toThrow();
          const lying = { ...intent, minAmountOut: String(min + delta) };
          expect(() => parsePreparedFlow(flowOf(data, GOODDOLLAR_ADDRESSES.broker, lying))).toThrow(
            /calldata/,
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it("a claim's intent needs the UBIScheme's claim() as its last step", () => {
    const claim = encodeFunctionData({ abi: goodDollarUbiSchemeAbi, functionName: "claim" });
    const intent = { kind: "goodDollarClaim", entitlement: "1" };
    expect(() => parsePreparedFlow(flowOf(claim, GOODDOLLAR_ADDRESSES.ubiScheme, intent))).not.toThrow();
    expect(() => parsePreparedFlow(flowOf(claim, GOODDOLLAR_ADDRESSES.broker, intent))).toThrow(/claim/);
    expect(() =>
      parsePreparedFlow(flowOf(claim, GOODDOLLAR_ADDRESSES.ubiScheme, { ...intent, extra: 1 })),
    ).toThrow();
  });
});
