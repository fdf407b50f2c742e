// Fee currencies on the devnet (Celo's FeeCurrencyDirectory stand-in, Celo's FeeCurrencyAdapter at USDC's and
// USD₮'s adapters, Celo's StableToken for the Mento stables): getFeeCurrencies in one HTTP request, and a
// fee-currency choice refused before any request when the input alone decides.
import { DEVNET_FEE_CURRENCIES, type FaultProxy, setFeeCurrencyRate, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveFeeCurrencyInput } from "../src/fees/feeCurrencies.js";
import {
  createSdkClient,
  FEE_CURRENCY_OF_TOKEN,
  getFeeCurrencies,
  InvalidFeeCurrencyError,
  TOKENS,
} from "../src/index.js";

const devnet = useDevnet();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

describe("getFeeCurrencies", () => {
  it("lists the directory's currencies with symbol, token, adapter, rate and intrinsic gas, in one HTTP request", async () => {
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus(); // the chain check is done once per client
    proxy.reset();
    const currencies = await client.network.getFeeCurrencies();
    expect(proxy.requests).toBe(1);
    expect(currencies.map((c) => c.symbol)).toEqual(["USDm", "EURm", "BRLm", "USDC", "USDT"]);
    const usdc = currencies.find((c) => c.symbol === "USDC")!;
    expect(usdc).toEqual({
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC,
      symbol: "USDC",
      token: TOKENS.USDC.address,
      adapter: DEVNET_FEE_CURRENCIES.USDC.feeCurrency,
      decimals: 6,
      rate: { numerator: DEVNET_FEE_CURRENCIES.USDC.rateNumerator, denominator: 10n ** 24n },
      intrinsicGas: 50_000n,
    });
    const usdm = currencies.find((c) => c.symbol === "USDm")!;
    expect(usdm.adapter).toBeNull();
    expect(usdm.feeCurrency).toBe(TOKENS.USDm.address);
  });

  it("reports an invalid rate as null (the node refuses that currency meanwhile)", async () => {
    await setFeeCurrencyRate(devnet, { currency: "BRLm", numerator: 0n, denominator: 0n });
    try {
      const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
      const brl = (await getFeeCurrencies(client)).find((c) => c.symbol === "BRLm");
      expect(brl?.rate).toBeNull();
      expect(brl?.intrinsicGas).toBe(50_000n);
    } finally {
      await setFeeCurrencyRate(devnet, {
        currency: "BRLm",
        numerator: DEVNET_FEE_CURRENCIES.BRLm.rateNumerator,
      });
    }
  });
});

describe("a fee-currency choice", () => {
  it("resolves CELO, auto, symbols (the adapter for USDC and USDT) and addresses", () => {
    expect(resolveFeeCurrencyInput(undefined)).toEqual({ kind: "celo" });
    expect(resolveFeeCurrencyInput("CELO")).toEqual({ kind: "celo" });
    expect(resolveFeeCurrencyInput("auto")).toEqual({ kind: "auto" });
    expect(resolveFeeCurrencyInput("USDC")).toMatchObject({
      kind: "currency",
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC,
    });
    expect(resolveFeeCurrencyInput("cUSD")).toMatchObject({
      kind: "currency",
      feeCurrency: TOKENS.USDm.address,
    });
    expect(resolveFeeCurrencyInput(FEE_CURRENCY_OF_TOKEN.USDT)).toMatchObject({ token: TOKENS.USDT });
  });

  it("refuses the zero address, CELO's token, WETH, USDC's token address and other shapes, naming the rule", () => {
    const refused = (value: unknown) => {
      try {
        resolveFeeCurrencyInput(value);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidFeeCurrencyError);
        return (error as InvalidFeeCurrencyError).message;
      }
      throw new Error(`accepted ${String(value)}`);
    };
    expect(refused(`0x${"00".repeat(20)}`)).toMatch(/zero address is not a fee currency/);
    expect(refused(TOKENS.CELO.address)).toMatch(/CELO is paid without a fee currency/);
    expect(refused("WETH")).toMatch(/WETH has no fee currency/);
    expect(refused(TOKENS.USDC.address)).toMatch(
      /USDC pays gas through its adapter 0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B/,
    );
    expect(refused("DOGE")).toMatch(/not "CELO", "auto", an address or a token symbol/);
    expect(refused(42)).toMatch(/expected "CELO", "auto"/);
    expect(refused("0x1234")).toMatch(/not an address/);
  });
});
