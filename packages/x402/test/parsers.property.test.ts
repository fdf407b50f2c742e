// Property tests of the parsers of untrusted or caller input: parsePaymentRequiredHeader never throws anything
// but InvalidPaymentRequiredError on garbage and round-trips what the reference encoder writes; parseX402Limits
// accepts exactly the registry's symbols and decimals and refuses everything else with an SdkError.
import { SdkError } from "@preflow/errors";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  InvalidPaymentRequiredError,
  parsePaymentRequiredHeader,
  parseX402Limits,
  X402_PAYABLE_TOKENS,
} from "../src/index.js";

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as const);
const requirement = fc.record({
  scheme: fc.constantFrom("exact", "upto"),
  network: fc.constantFrom("eip155:42220", "eip155:8453", "solana:mainnet"),
  asset: fc.oneof(
    fc.constantFrom(X402_PAYABLE_TOKENS.USDC.address, X402_PAYABLE_TOKENS.USDT.address),
    address,
  ),
  amount: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String),
  payTo: address,
  maxTimeoutSeconds: fc.integer({ min: 1, max: 86_400 }),
  extra: fc.constant({ name: "USDC", version: "2" }),
});
const paymentRequired = fc.record({
  x402Version: fc.constant(2),
  resource: fc.record({
    url: fc.webUrl(),
    description: fc.string(),
    mimeType: fc.constant("application/json"),
  }),
  accepts: fc.array(requirement, { minLength: 1, maxLength: 5 }),
});

const expectTyped = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPaymentRequiredError);
  }
};

describe("parsePaymentRequiredHeader", () => {
  it("never throws anything but InvalidPaymentRequiredError on arbitrary strings and values", () => {
    fc.assert(fc.property(fc.anything(), (value) => expectTyped(() => parsePaymentRequiredHeader(value))));
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (value) =>
        expectTyped(() => parsePaymentRequiredHeader(value)),
      ),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (json) =>
        expectTyped(() =>
          parsePaymentRequiredHeader(btoa(unescape(encodeURIComponent(JSON.stringify(json))))),
        ),
      ),
    );
  });

  it("keeps exactly the exact/eip155:42220/registry-token requirements with a positive amount, from the reference encoding", () => {
    fc.assert(
      fc.property(paymentRequired, (value) => {
        const header = encodePaymentRequiredHeader(value as unknown as PaymentRequired);
        const payable = value.accepts.filter(
          (r) =>
            r.scheme === "exact" &&
            r.network === "eip155:42220" &&
            [X402_PAYABLE_TOKENS.USDC.address, X402_PAYABLE_TOKENS.USDT.address].includes(r.asset as never) &&
            BigInt(r.amount) > 0n,
        );
        if (payable.length === 0) {
          expect(() => parsePaymentRequiredHeader(header)).toThrow(InvalidPaymentRequiredError);
          return;
        }
        const parsed = parsePaymentRequiredHeader(header);
        expect(parsed.payable.map((p) => p.requirements)).toEqual(payable);
        for (const p of parsed.payable) expect(p.amount).toBe(BigInt(p.requirements.amount));
      }),
    );
  });

  it("refuses a header one character off the base64 alphabet or cut short", () => {
    const value = {
      x402Version: 2,
      resource: { url: "https://api.example.com/q" },
      accepts: [
        {
          scheme: "exact",
          network: "eip155:42220",
          asset: X402_PAYABLE_TOKENS.USDC.address,
          amount: "10000",
          payTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
          maxTimeoutSeconds: 60,
          extra: {},
        },
      ],
    };
    const header = encodePaymentRequiredHeader(value as unknown as PaymentRequired);
    expect(parsePaymentRequiredHeader(header).payable).toHaveLength(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: header.length - 1 }), (cut) => {
        expectTyped(() => parsePaymentRequiredHeader(header.slice(0, cut)));
        expectTyped(() => parsePaymentRequiredHeader(`${header.slice(0, cut)}!${header.slice(cut + 1)}`));
      }),
    );
  });
});

describe("parseX402Limits", () => {
  it("converts human decimals at the registry's 6 decimals and refuses more digits", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.constantFrom("USDC", "USDT"),
        (units, symbol) => {
          const human = `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, "0")}`;
          expect(parseX402Limits({ perPayment: { [symbol]: human } }).perPayment.get(symbol)).toBe(units);
          expect(() => parseX402Limits({ perPayment: { [symbol]: `${human}1` } })).toThrow(SdkError);
        },
      ),
    );
  });

  it("refuses unknown keys, unknown symbols and malformed allow-lists with an SdkError naming the field", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        try {
          parseX402Limits(value);
        } catch (error) {
          expect(error).toBeInstanceOf(SdkError);
        }
      }),
    );
    const error = (limits: unknown) => {
      try {
        parseX402Limits(limits);
      } catch (e) {
        return (e as SdkError).details;
      }
      return undefined;
    };
    expect(error({ perPayment: { USDC: "1" }, perDya: {} })).toMatchObject({
      field: "limits",
      value: expect.stringContaining("perDya"),
    });
    expect(error({ perPayment: { USDm: "1" } })).toMatchObject({
      field: "limits.perPayment",
      value: expect.stringContaining("USDm"),
    });
    expect(error({ perPayment: { USDC: "1" }, payTo: ["0x12"] })).toMatchObject({ field: "limits.payTo[0]" });
    expect(error({ perPayment: { USDC: "1" }, hosts: ["http://x"] })).toMatchObject({
      field: "limits.hosts[0]",
    });
    expect(
      parseX402Limits({ perPayment: { USDC: "1" }, hosts: ["api.example.com", "127.0.0.1:8080"] }).hosts
        ?.size,
    ).toBe(2);
  });
});
