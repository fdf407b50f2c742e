// Every gas currency the chain lists (issue 45): USA₮ (in the registry, paid through its adapter at its mainnet
// address), XAU₮0 (not in the registry: its token, symbol and decimals read from the chain) and a currency added to
// the devnet's FeeCurrencyDirectory while it runs, listed and usable by address with no code change.
import {
  addFeeCurrency,
  DEVNET_FEE_CURRENCIES,
  DEVNET_TOKENS,
  devnetTokenAbi,
  type FaultProxy,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createWalletClient, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  FEE_CURRENCY_OF_TOKEN,
  InvalidFeeCurrencyError,
  TOKENS,
} from "../src/index.js";
import { celoReader } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

const balanceOf = (token: `0x${string}`, holder: `0x${string}`) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

describe("getFeeCurrencies lists every currency the directory lists", () => {
  it("USA₮ from the registry, XAU₮0 from the chain, its adapter's token included, in 1 request", async () => {
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus();
    proxy.reset();
    const currencies = await client.network.getFeeCurrencies();
    expect(proxy.requests).toBe(1);
    const listed = currencies.map((c) => c.symbol);
    expect(listed.slice(0, 7)).toEqual(["USDm", "EURm", "BRLm", "USDC", "USDT", "USAT", "XAUt0"]);
    expect(currencies.find((c) => c.symbol === "USAT")).toEqual({
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USAT,
      symbol: "USAT",
      registry: true,
      token: TOKENS.USAT.address,
      adapter: "0x0357EE22278c922e1D36cFe6b899269b161880C4",
      decimals: 6,
      rate: { numerator: DEVNET_FEE_CURRENCIES.USAT.rateNumerator, denominator: 10n ** 24n },
      intrinsicGas: 50_000n,
    });
    expect(currencies.find((c) => c.feeCurrency === DEVNET_FEE_CURRENCIES.XAUt0.feeCurrency)).toEqual({
      feeCurrency: "0x857BF24e29da0773687E804a743c2E421a394C16",
      symbol: "XAUt0",
      registry: false,
      token: DEVNET_TOKENS.XAUt0.address,
      adapter: "0x857BF24e29da0773687E804a743c2E421a394C16",
      decimals: 6,
      rate: { numerator: DEVNET_FEE_CURRENCIES.XAUt0.rateNumerator, denominator: 10n ** 24n },
      intrinsicGas: 50_000n,
    });
  });
});

describe("paying gas in USA₮", () => {
  it("an account holding only USA₮ and USDm sends USDm paying gas in USA₮ through its adapter (0x7b)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USAT", "20");
    await devnet.fund(account.address, "USDm", "5");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus();
    proxy.reset();
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "2", {
      feeCurrency: "USA₮",
    });
    expect(proxy.requests).toBe(1);
    expect(flow.fee).toMatchObject({ currency: "USAT", feeCurrency: FEE_CURRENCY_OF_TOKEN.USAT });
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const tx = await reader.getTransaction({ hash: result.steps[0]!.hash! });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency).toBe(FEE_CURRENCY_OF_TOKEN.USAT.toLowerCase());
    expect(await balanceOf(TOKENS.USDm.address, recipient)).toBe(parseUnits("2", 18));
    const paid = parseUnits("20", 6) - (await balanceOf(TOKENS.USAT.address, account.address));
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(flow.fee!.max));
    expect(result.steps[0]!.feePaid).toEqual({
      feeCurrency: FEE_CURRENCY_OF_TOKEN.USAT,
      amount: paid.toString(),
    });
  });

  it('{ auto: ["USDT", "USAT", "USDC"] } (MiniPay\'s stables) picks USA₮ when it is the one held', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USAT", "10");
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const flow = await client.transaction.prepareSend(account.address, account.address, "USAT", "1", {
      feeCurrency: { auto: ["USDT", "USAT", "USDC"] },
    });
    expect(flow.fee?.currency).toBe("USAT");
    expect(flow.steps[0]!.feeCurrency).toBe(FEE_CURRENCY_OF_TOKEN.USAT);
  });
});

describe("a currency the registry does not know, named by address", () => {
  it("XAU₮0 through its adapter: prepared with its token read from the chain in the prepare's 1 request, sent as 0x7b", async () => {
    const xaut = DEVNET_FEE_CURRENCIES.XAUt0;
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "XAUt0", "1");
    await devnet.fund(account.address, "USDm", "5");
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus();
    proxy.reset();
    const flow = await client.transaction.prepareSend(account.address, account.address, "USDm", "1", {
      feeCurrency: xaut.feeCurrency,
    });
    expect(proxy.requests).toBe(1);
    expect(flow.fee).toMatchObject({ currency: "XAUt0", feeCurrency: xaut.feeCurrency });
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const paid = parseUnits("1", 6) - (await balanceOf(xaut.token, account.address));
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(flow.fee!.max));
  });

  it('plain "auto" and an { auto } list naming its address cover it: with no CELO and all its USDm sent, XAU₮0 pays, read in the prepare\'s 1 request', async () => {
    const xaut = DEVNET_FEE_CURRENCIES.XAUt0;
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "XAUt0", "1");
    await devnet.fund(account.address, "USDm", "1");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await client.network.getStatus();
    proxy.reset();
    // the whole USDm balance is sent, so USDm cannot pay the fee too: XAU₮0, which preflow does not list, is left
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "1", {
      feeCurrency: "auto",
    });
    expect(proxy.requests).toBe(1);
    expect(flow.fee).toMatchObject({ currency: "XAUt0", feeCurrency: xaut.feeCurrency });
    // an { auto } list may name it by address too (a registry currency's address becomes its symbol)
    proxy.reset();
    const listed = await client.transaction.prepareSend(account.address, recipient, "USDm", "1", {
      feeCurrency: { auto: [FEE_CURRENCY_OF_TOKEN.USDm, xaut.feeCurrency.toLowerCase() as `0x${string}`] },
    });
    expect(proxy.requests).toBe(1);
    expect(listed.fee).toMatchObject({ currency: "XAUt0", feeCurrency: xaut.feeCurrency });
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    expect(await balanceOf(TOKENS.USDm.address, recipient)).toBe(parseUnits("1", 18));
    expect(await balanceOf(xaut.token, account.address)).toBeLessThan(parseUnits("1", 6));
  });

  it("a currency added to the directory while the devnet runs is listed and pays gas, with no code change", async () => {
    const address = await addFeeCurrency(devnet, {
      address: "0x00000000000000000000000000000000de7a0b45",
      name: "Issue 45 Peso",
      symbol: "I45P",
    });
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const added = (await client.network.getFeeCurrencies()).find(
      (c) => c.feeCurrency.toLowerCase() === address.toLowerCase(),
    );
    expect(added).toMatchObject({
      symbol: "I45P",
      registry: false,
      token: address,
      adapter: null,
      decimals: 18,
    });
    expect(added?.rate?.numerator).toBe(3n * 10n ** 23n);

    const account = privateKeyToAccount(generatePrivateKey());
    const minter = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(minter.address, "CELO", "1");
    const mint = createWalletClient({ account: minter, chain: reader.chain, transport: http(devnet.rpcUrl) });
    await reader.waitForTransactionReceipt({
      hash: await mint.writeContract({
        address,
        abi: devnetTokenAbi,
        functionName: "mint",
        args: [account.address, parseUnits("10", 18)],
      }),
    });
    await devnet.fund(account.address, "USDm", "3");
    const flow = await client.transaction.prepareSend(account.address, minter.address, "USDm", "1", {
      feeCurrency: address,
    });
    expect(flow.fee).toMatchObject({ currency: "I45P", feeCurrency: address });
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    const result = await executePreparedFlow(wallet, { flow, account });
    expect(result.status).toBe("success");
    const tx = await reader.getTransaction({ hash: result.steps[0]!.hash! });
    expect(tx.type).toBe("cip64");
    expect(await balanceOf(TOKENS.USDm.address, minter.address)).toBe(parseUnits("1", 18));
    const paid = parseUnits("10", 18) - (await balanceOf(address, account.address));
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(flow.fee!.max));
  });

  it("an address the directory does not list is refused before anything is signed", async () => {
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDm", "5");
    const refusal = await client.transaction
      .prepareSend(account.address, account.address, "USDm", "1", {
        feeCurrency: "0x00000000000000000000000000000000de7a0b46",
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidFeeCurrencyError);
  });
});
