import fc from "fast-check";
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { InvalidAddressError } from "../src/errors/address.js";
import { UnknownTokenError } from "../src/errors/token.js";
import { TOKENS } from "../src/tokens/registry.js";
import { resolveToken } from "../src/tokens/resolveToken.js";
import { closest, editDistance } from "../src/tokens/suggest.js";

const suggestionsFor = (input: string): readonly string[] => {
  try {
    resolveToken(input);
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownTokenError);
    return (error as UnknownTokenError).suggestions;
  }
  throw new Error(`resolved ${input}`);
};

describe("TOKENS", () => {
  it("lists the chain-facts tokens with checksummed addresses and decimals", () => {
    expect(Object.keys(TOKENS)).toEqual([
      "CELO",
      "USDm",
      "EURm",
      "BRLm",
      "XOFm",
      "KESm",
      "USDC",
      "USDT",
      "USAT",
      "USDGLO",
      "WETH",
      "G$",
    ]);
    for (const info of Object.values(TOKENS)) {
      expect(getAddress(info.address)).toBe(info.address);
      expect([6, 18]).toContain(info.decimals);
    }
    expect(TOKENS.USDC.decimals).toBe(6);
    expect(TOKENS.USDT.decimals).toBe(6);
    expect(TOKENS.CELO.address).toBe("0x471EcE3750Da237f93B8E339c536989b8978a438");
    expect(Object.isFrozen(TOKENS) && Object.isFrozen(TOKENS.USDm)).toBe(true);
  });
});

describe("resolveToken", () => {
  it("resolves symbols case-insensitively, old tickers and listed addresses", () => {
    expect(resolveToken("USDm")).toBe(TOKENS.USDm);
    expect(resolveToken("usdm")).toBe(TOKENS.USDm);
    expect(resolveToken("cUSD")).toBe(TOKENS.USDm);
    expect(resolveToken("CEUR")).toBe(TOKENS.EURm);
    expect(resolveToken("creal")).toBe(TOKENS.BRLm);
    expect(resolveToken("eXOF")).toBe(TOKENS.XOFm);
    expect(resolveToken("cKES")).toBe(TOKENS.KESm);
    expect(resolveToken("USD₮")).toBe(TOKENS.USDT);
    expect(resolveToken("celo")).toBe(TOKENS.CELO);
    expect(resolveToken(TOKENS.USDC.address)).toBe(TOKENS.USDC);
    expect(resolveToken(TOKENS.USDC.address.toLowerCase())).toBe(TOKENS.USDC);
  });

  it("suggests up to three close symbols", () => {
    expect(suggestionsFor("USDN")).toEqual(expect.arrayContaining(["USDm"]));
    expect(suggestionsFor("USDN").length).toBeLessThanOrEqual(3);
    expect(suggestionsFor("cUSDD")).toEqual(["USDm"]);
    expect(suggestionsFor("CELLO")).toEqual(["CELO"]);
    expect(suggestionsFor("WTH")).toEqual(["WETH"]);
    expect(suggestionsFor("DOGECOINX")).toEqual([]);
    try {
      resolveToken("USDN");
    } catch (error) {
      expect((error as Error).message).toMatch(/Did you mean USDm/);
      expect((error as UnknownTokenError).code).toBe("UNKNOWN_TOKEN");
    }
  });

  it("rejects unlisted addresses and bad checksums", () => {
    expect(() => resolveToken("0x0000000000000000000000000000000000000001")).toThrow(UnknownTokenError);
    const bad = TOKENS.USDC.address.replace("ceb", "CEB");
    expect(() => resolveToken(bad)).toThrow(InvalidAddressError);
  });

  it("resolves every listed name in any case, and never throws anything else (property)", () => {
    const names = Object.values(TOKENS).flatMap((info) => [info.symbol, ...info.aliases, info.address]);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(fc.boolean(), { maxLength: 50 }), (name, flips) => {
        const mixed = [...name].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch.toLowerCase())).join("");
        const viaAddress = /^0x/.test(name);
        if (viaAddress)
          expect(resolveToken(mixed.toLowerCase()).address.toLowerCase()).toBe(name.toLowerCase());
        else expect(Object.values(TOKENS)).toContain(resolveToken(mixed));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (input) => {
        try {
          resolveToken(input);
        } catch (error) {
          expect(error instanceof UnknownTokenError || error instanceof InvalidAddressError).toBe(true);
          if (error instanceof UnknownTokenError) expect(error.suggestions.length).toBeLessThanOrEqual(3);
        }
      }),
    );
  });

  it("editDistance is a metric on small strings (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
    expect(closest("", ["USDm"])).toEqual([]);
  });
});
