import * as core from "@preflow/core";
import { describe, expect, it } from "vitest";
import { checkFeeCurrencyWithCore, parseFeeCurrency } from "../src/config/parseFeeCurrency.js";
import { readToolServerConfigFromEnv } from "../src/config/readToolServerConfigFromEnv.js";
import { InvalidToolServerConfigError } from "../src/errors/config.js";

const refused = (run: () => unknown): InvalidToolServerConfigError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidToolServerConfigError);
    return error as InvalidToolServerConfigError;
  }
  throw new Error("accepted");
};

describe("FEE_CURRENCY", () => {
  it("is read from the environment (empty: unset) and defaults to CELO", () => {
    expect(readToolServerConfigFromEnv({ FEE_CURRENCY: " USDm " }).feeCurrency).toBe("USDm");
    expect(readToolServerConfigFromEnv({ FEE_CURRENCY: "" }).feeCurrency).toBeUndefined();
    expect(parseFeeCurrency(undefined)).toBe("CELO");
    expect(parseFeeCurrency("celo")).toBe("CELO");
    expect(parseFeeCurrency("auto")).toBe("auto");
    expect(parseFeeCurrency("USD₮")).toBe("USD₮");
    expect(parseFeeCurrency(core.FEE_CURRENCY_OF_TOKEN.USDC)).toBe(core.FEE_CURRENCY_OF_TOKEN.USDC);
  });

  it("refuses a malformed value at start, without core, naming the variable and the rule", () => {
    expect(refused(() => parseFeeCurrency(`0x${"00".repeat(20)}`)).message).toMatch(
      /^Invalid FEE_CURRENCY \(got "0x0{40}"\): the zero address is not a fee currency/,
    );
    expect(refused(() => parseFeeCurrency("0x1234")).message).toMatch(/0x followed by 40 hex digits/);
    expect(refused(() => parseFeeCurrency("US Dollar")).details).toMatchObject({
      variable: "FEE_CURRENCY",
      value: '"US Dollar"',
    });
  });

  it("refuses with core's rule, once core is loaded, a token that cannot pay gas or USDC's token address", () => {
    for (const ok of ["CELO", "auto", "USDm", "cUSD", "USDC", "USDT", core.FEE_CURRENCY_OF_TOKEN.USDT])
      expect(() => checkFeeCurrencyWithCore(core, ok)).not.toThrow();
    expect(refused(() => checkFeeCurrencyWithCore(core, "WETH")).message).toMatch(
      /^Invalid FEE_CURRENCY \(got "WETH"\): WETH has no fee currency/,
    );
    expect(refused(() => checkFeeCurrencyWithCore(core, core.TOKENS.USDC.address)).message).toMatch(
      /USDC pays gas through its adapter 0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B/,
    );
    expect(refused(() => checkFeeCurrencyWithCore(core, "DOGE")).details.variable).toBe("FEE_CURRENCY");
  });
});
