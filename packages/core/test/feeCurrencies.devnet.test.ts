// Fee currencies on the devnet (Celo's FeeCurrencyDirectory stand-in, Celo's FeeCurrencyAdapter at USDC's and
// USD₮'s adapters, Celo's StableToken for the Mento stables): getFeeCurrencies in one HTTP request, and a
// fee-currency choice refused before any request when the input alone decides.
import { DEVNET_FEE_CURRENCIES, type FaultProxy, setFeeCurrencyRate, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createWalletClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveFeeCurrencyInput } from "../src/fees/feeCurrencies.js";
import {
  createSdkClient,
  executePreparedFlow,
  FEE_CURRENCY_OF_TOKEN,
  getFeeCurrencies,
  InsufficientBalanceError,
  InvalidFeeCurrencyError,
  parsePreparedFlow,
  TOKENS,
  toTransactionRequest,
} from "../src/index.js";
import { celoReader } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

describe("getFeeCurrencies", () => {
  it("lists the directory's currencies with symbol, token, adapter, rate and intrinsic gas (1 request: XAU₮0, which preflow does not list, read from the chain in the same call)", async () => {
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus(); // the chain check is done once per client
    proxy.reset();
    const currencies = await client.network.getFeeCurrencies();
    expect(proxy.requests).toBe(1);
    // the prebuilt directory's currencies first (a test may add one to the shared devnet: it comes after)
    expect(currencies.map((c) => c.symbol).slice(0, 7)).toEqual([
      "USDm",
      "EURm",
      "BRLm",
      "USDC",
      "USDT",
      "USAT",
      "XAUt0",
    ]);
    const usdc = currencies.find((c) => c.symbol === "USDC")!;
    expect(usdc).toEqual({
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC,
      symbol: "USDC",
      registry: true,
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

describe("prepareSend paying gas in a fee currency", () => {
  const reader = celoReader(devnet);
  const usdcOf = (holder: `0x${string}`) =>
    reader.readContract({
      address: TOKENS.USDC.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [holder],
    });

  it("0 CELO and 50 USDC: sends 10 USDC paying in USDC (one request to prepare; 0x7b through the adapter)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "50");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus(); // the chain check, once per client
    proxy.reset();
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDC", "10", {
      feeCurrency: "USDC",
    });
    expect(proxy.requests).toBe(1);
    expect(flow.steps[0]!.feeCurrency).toBe(FEE_CURRENCY_OF_TOKEN.USDC);
    expect(flow.fee).toMatchObject({ currency: "USDC", feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC });
    const fee = flow.fee!;
    expect(BigInt(fee.max)).toBeGreaterThanOrEqual(BigInt(fee.estimated));
    expect(BigInt(fee.gas)).toBeGreaterThan(50_000n + 21_000n);
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow); // survives JSON and the parser

    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const hash = await wallet.sendTransaction(toTransactionRequest(flow.steps[0]!, flow.fee));
    const receipt = await reader.waitForTransactionReceipt({ hash });
    const tx = await reader.getTransaction({ hash });
    expect(receipt.status).toBe("success");
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      FEE_CURRENCY_OF_TOKEN.USDC.toLowerCase(),
    );
    expect(await usdcOf(recipient)).toBe(parseUnits("10", 6));
    expect(await reader.getBalance({ address: account.address })).toBe(0n);
    const feePaid = parseUnits("40", 6) - (await usdcOf(account.address));
    expect(feePaid).toBeGreaterThan(0n);
    expect(feePaid).toBeLessThanOrEqual(BigInt(fee.max));
    // the estimate is the fee at the base fee when prepared (the node rounds each fee part up to a whole unit)
    expect(feePaid).toBeLessThanOrEqual(BigInt(fee.estimated) + 2n);
  });

  it("executePreparedFlow signs the step as 0x7b and reports the fee the token paid, <= fee.max", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "50");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDC", "10", {
      feeCurrency: "USDC",
    });
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const [step] = result.steps;
    const tx = await reader.getTransaction({ hash: step!.hash! });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      FEE_CURRENCY_OF_TOKEN.USDC.toLowerCase(),
    );
    expect(await usdcOf(recipient)).toBe(parseUnits("10", 6));
    expect(await reader.getBalance({ address: account.address })).toBe(0n);
    const debited = parseUnits("40", 6) - (await usdcOf(account.address));
    expect(step!.feePaid).toEqual({ feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC, amount: debited.toString() });
    expect(debited).toBeLessThanOrEqual(BigInt(flow.fee!.max));
  });

  it("refuses a send of the whole balance paying in the same token, naming amount, fee and balance", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "5");
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const refusal = await client.transaction
      .prepareSend(account.address, account.address, "USDC", "5", { feeCurrency: "USDC" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InsufficientBalanceError);
    expect((refusal as Error).message).toMatch(/have 5 USDC, need 5 \+ 0\.\d+ \(max fee\) USDC/);
  });

  it('"auto" pays in CELO when the account has CELO, else in the stable it holds most of', async () => {
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const stables = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(stables.address, "USDC", "3");
    await devnet.fund(stables.address, "USDm", "20");
    const auto = await client.transaction.prepareSend(stables.address, stables.address, "USDC", "1", {
      feeCurrency: "auto",
    });
    expect(auto.fee?.currency).toBe("USDm");
    expect(auto.steps[0]!.feeCurrency).toBe(TOKENS.USDm.address);
    const withCelo = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(withCelo.address, "CELO", "1");
    await devnet.fund(withCelo.address, "USDC", "3");
    const celoPaid = await client.transaction.prepareSend(withCelo.address, withCelo.address, "USDC", "1", {
      feeCurrency: "auto",
    });
    expect(celoPaid.fee).toBeUndefined();
    expect(celoPaid.steps[0]!.feeCurrency).toBeUndefined();
  });

  it("refuses WETH, the zero address and USDC's own address before any request", async () => {
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    proxy.reset();
    for (const feeCurrency of ["WETH", `0x${"00".repeat(20)}`, TOKENS.USDC.address])
      await expect(
        client.transaction.prepareSend(TOKENS.USDm.address, TOKENS.USDC.address, "USDC", "1", {
          feeCurrency,
        }),
      ).rejects.toBeInstanceOf(InvalidFeeCurrencyError);
    expect(proxy.requests).toBe(0);
  });
});
