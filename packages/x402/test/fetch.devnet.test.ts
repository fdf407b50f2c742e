// createX402Fetch against the reference paywall (@x402/express) and the reference facilitator (@x402/evm's
// ExactEvmScheme settling on the devnet with Circle's USDC): paid within limits, refused before signing (the
// server sees no PAYMENT-SIGNATURE), perDay over several payments, and a signed payment that was never settled
// released only once the chain shows it unused after validBefore.

import { devnetChain } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import type { PaymentRequired } from "@x402/core/types";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createX402Fetch,
  InvalidPaymentRequiredError,
  X402_PAYABLE_TOKENS,
  X402FetchError,
  X402PaymentRefusedError,
} from "../src/index.js";
import { type RunningServer, referenceFacilitator, startBare402, startPaywall } from "./support/servers.js";

const devnet = useDevnet();
const reader = createPublicClient({ chain: devnetChain(devnet.rpcUrl), transport: http(devnet.rpcUrl) });
const { USDC, USDT, USAT } = X402_PAYABLE_TOKENS;
const balance = (token: Address, holder: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

let paywall: RunningServer;
const payTo = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  paywall = await startPaywall({
    facilitator: await referenceFacilitator(devnet),
    payTo,
    usdt: USDT.address,
    usat: USAT.address,
  });
});
afterAll(() => paywall.close());

async function payer(amount = "1") {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "USDC", amount);
  await devnet.fund(account.address, "USDT", amount);
  return account;
}

const paidRequests = () => paywall.requests.filter((r) => r.paid).length;

describe("createX402Fetch with the reference paywall and facilitator", () => {
  it("pays 0.01 USDC within the limits: two round trips, settled, recorded with its transaction", async () => {
    const account = await payer();
    const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USDC: "0.05" } } });
    const before = paywall.requests.length;
    const payeeBefore = await balance(USDC.address, payTo);
    const { response, payment } = await pay.fetchWithPayment(`${paywall.url}/quote`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ quote: 42 });
    expect(paywall.requests.length - before).toBe(2);
    expect(payment).toMatchObject({
      status: "settled",
      token: "USDC",
      amount: "10000",
      payTo,
      payer: account.address,
    });
    const receipt = await reader.getTransactionReceipt({ hash: payment!.transaction! });
    expect(receipt.status).toBe("success");
    expect((await balance(USDC.address, payTo)) - payeeBefore).toBe(10_000n);
    expect(await pay.payments()).toHaveLength(1);
  });

  it("pays in USD₮ (EIP-3009 stand-in) when the server asks for it", async () => {
    const account = await payer();
    const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USDT: "0.05" } } });
    const { response, payment } = await pay.fetchWithPayment(`${paywall.url}/usdt`);
    expect(response.status).toBe(200);
    expect(payment).toMatchObject({ status: "settled", token: "USDT", amount: "20000" });
  });

  it("pays in USA₮ (EIP-3009 stand-in, domain Tether America USD / 1) when the server asks for it", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USAT", "1");
    const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USAT: "0.05" } } });
    const payeeBefore = await balance(USAT.address, payTo);
    const { response, payment } = await pay.fetchWithPayment(`${paywall.url}/usat`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paidIn: "USAT" });
    expect(payment).toMatchObject({
      status: "settled",
      token: "USAT",
      amount: "30000",
      payer: account.address,
    });
    expect((await balance(USAT.address, payTo)) - payeeBefore).toBe(30_000n);
  });

  it("passes a request that needs no payment through, paying nothing", async () => {
    const account = await payer();
    const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USDC: "0.05" } } });
    const { response, payment } = await pay.fetchWithPayment(`${paywall.url}/free`);
    expect(response.status).toBe(200);
    expect(payment).toBeNull();
  });

  it("refuses over perPayment, an unlisted host, payee or token before signing: the server sees no payment", async () => {
    const account = await payer();
    const cases = [
      { limits: { perPayment: { USDC: "0.005" } }, rule: "perPayment" },
      { limits: { perPayment: { USDC: "1" }, hosts: ["api.example.com"] }, rule: "hosts" },
      { limits: { perPayment: { USDC: "1" }, payTo: [account.address] }, rule: "payTo" },
      { limits: { perPayment: { USDT: "1" } }, rule: "token" },
    ] as const;
    for (const { limits, rule } of cases) {
      const before = paidRequests();
      const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits });
      const error = await pay(`${paywall.url}/quote`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(X402PaymentRefusedError);
      expect((error as X402PaymentRefusedError).details.rule).toBe(rule);
      expect(paidRequests()).toBe(before);
      expect((await pay.payments()).filter((p) => p.status !== "released")).toEqual([]);
    }
    expect(await balance(USDC.address, account.address)).toBe(1_000_000n);
  });

  it("perDay: two payments of 0.01 fit 0.02, the third is refused before signing", async () => {
    const account = await payer();
    const pay = createX402Fetch({
      account,
      rpcUrl: devnet.rpcUrl,
      limits: { perPayment: { USDC: "0.05" }, perDay: { USDC: "0.02" } },
    });
    expect((await pay(`${paywall.url}/quote`)).status).toBe(200);
    expect((await pay(`${paywall.url}/quote`)).status).toBe(200);
    const before = paidRequests();
    const error = await pay(`${paywall.url}/quote`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(X402PaymentRefusedError);
    expect((error as X402PaymentRefusedError).details).toMatchObject({
      rule: "perDay",
      spent: "0.02",
      limit: "0.02",
    });
    expect(paidRequests()).toBe(before);
    expect(await balance(USDC.address, account.address)).toBe(1_000_000n - 20_000n);
  });
});

describe("createX402Fetch: bad 402 answers and unsettled payments", () => {
  const requirement = (overrides: Record<string, unknown> = {}) => ({
    scheme: "exact",
    network: "eip155:42220",
    asset: USDC.address,
    amount: "10000",
    payTo,
    maxTimeoutSeconds: 1,
    extra: { name: "USDC", version: "2" },
    ...overrides,
  });
  const required = (accepts: unknown[]): PaymentRequired =>
    ({ x402Version: 2, resource: { url: "http://127.0.0.1/x" }, accepts }) as unknown as PaymentRequired;

  it("a malformed PAYMENT-REQUIRED, another network, an asset outside the registry: typed, nothing signed", async () => {
    const account = await payer();
    for (const [header, field] of [
      ["not base64!", "PAYMENT-REQUIRED"],
      [null, "PAYMENT-REQUIRED"],
      [required([requirement({ network: "eip155:8453" })]), "accepts"],
      [required([requirement({ asset: "0x765DE816845861e75A25fCA122bb6898B8B1282a" })]), "accepts"],
      [required([requirement({ amount: "1e6" })]), "accepts[0].amount"],
    ] as const) {
      const server = await startBare402(header);
      try {
        const pay = createX402Fetch({
          account,
          rpcUrl: devnet.rpcUrl,
          limits: { perPayment: { USDC: "1" } },
        });
        const error = await pay(`${server.url}/x`).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidPaymentRequiredError);
        expect((error as InvalidPaymentRequiredError).details.field).toBe(field);
        expect(server.requests.filter((r) => r.paid)).toEqual([]);
      } finally {
        await server.close();
      }
    }
  });

  it("a server asking for a year-long authorization is refused before signing; one within limits.maxTimeoutSeconds is signed valid at most that long", async () => {
    const account = await payer();
    const year = await startBare402(required([requirement({ maxTimeoutSeconds: 31_536_000 })]));
    try {
      const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USDC: "1" } } });
      const error = await pay(`${year.url}/x`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(X402PaymentRefusedError);
      expect((error as X402PaymentRefusedError).details).toMatchObject({
        rule: "maxTimeoutSeconds",
        limit: "300",
        asked: 31_536_000,
      });
      expect(year.requests.filter((r) => r.paid)).toEqual([]);
      expect(await pay.payments()).toEqual([]);
    } finally {
      await year.close();
    }
    const within = await startBare402(required([requirement({ maxTimeoutSeconds: 60 })]));
    try {
      const pay = createX402Fetch({
        account,
        rpcUrl: devnet.rpcUrl,
        limits: { perPayment: { USDC: "1" }, maxTimeoutSeconds: 60 },
      });
      const { payment } = await pay.fetchWithPayment(`${within.url}/x`);
      expect(payment?.validBefore).toBeLessThanOrEqual((payment?.signedAt ?? 0) + 60);
      expect(within.requests.filter((r) => r.paid)).toHaveLength(1);
    } finally {
      await within.close();
    }
  });

  it("a signed payment the server never settled counts until the chain shows it unused after validBefore", async () => {
    const account = await payer();
    const server = await startBare402(required([requirement()]));
    try {
      const pay = createX402Fetch({
        account,
        rpcUrl: devnet.rpcUrl,
        limits: { perPayment: { USDC: "0.01" }, perDay: { USDC: "0.01" } },
      });
      // the paid retry answers 500: signed, sent, never settled
      const { response, payment } = await pay.fetchWithPayment(`${server.url}/x`);
      expect(response.status).toBe(500);
      expect(payment).toMatchObject({ status: "signed", amount: "10000" });
      expect(server.requests.filter((r) => r.paid)).toHaveLength(1);
      // still redeemable: a second payment would cross perDay
      const refused = await pay(`${server.url}/x`).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(X402PaymentRefusedError);
      expect(server.requests.filter((r) => r.paid)).toHaveLength(1);
      // past validBefore (+ the 5 s margin), unused on chain: released, and the next payment fits again
      await new Promise((resolve) => setTimeout(resolve, (payment!.validBefore! + 6) * 1000 - Date.now()));
      expect(await pay.releaseExpired()).toBe(1);
      expect((await pay.payments())[0]).toMatchObject({
        status: "released",
        releasedBecause: "unused after validBefore",
      });
      const again = await pay.fetchWithPayment(`${server.url}/x`);
      expect(again.payment).toMatchObject({ status: "signed" });
    } finally {
      await server.close();
    }
  }, 30_000);

  it("an unreachable server: an X402FetchError with nothing signed", async () => {
    const account = await payer();
    const pay = createX402Fetch({ account, rpcUrl: devnet.rpcUrl, limits: { perPayment: { USDC: "1" } } });
    const error = await pay("http://127.0.0.1:9/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(X402FetchError);
    expect((error as X402FetchError).details).toMatchObject({ signed: false, nonce: null });
  });
});
