// The MiniPay mini-app (examples/minipay) in headless Chromium on a 390 px phone viewport, against the devnet,
// with a MiniPay-like wallet injected as `window.ethereum`: `isMiniPay: true`, accounts and eth_sendTransaction
// only (no wallet_sendCalls, wallet_getCapabilities, personal_sign or typed-data signing: refused as MiniPay
// refuses them), honouring `feeCurrency` on eth_sendTransaction by signing a CIP-64 transaction with the account's
// devnet key (a viem local account in this process, as a wallet signs outside the page). Inside MiniPay the page
// prepares with `feeCurrency: { auto: ["USDT", "USAT", "USDC", "USDm"] }`: preflow picks the stablecoin that pays, never
// CELO. A first account holds USD₮ and USDC: it sends and swaps (each fee in USD₮, the one it holds most of, even
// for the USDC swap) and has a send rejected in the wallet. A second account holds only USDC: a send of its whole
// balance is refused (no stablecoin can pay the fee, each named with what it holds and needs), its USDC → USDm
// and USDm → USDC swaps pay in USDC, the planner's pick (not the USDm spent). Neither ever holds CELO, and no
// text the user sees on that path says "CELO".
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSdkClient } from "preflow";
import type { Browser, Page } from "puppeteer-core";
import { type Address, createWalletClient, type Hex, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { buildMiniPayExample } from "../minipay/build.mjs";
import {
  collectPageErrors,
  launchChromium,
  noChromium,
  relayToNode,
  serveStatic,
} from "./support/chromium.js";

const examples = fileURLToPath(new URL("..", import.meta.url));
const screenshot = join(examples, "minipay/out/screenshot.png");
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // the page's default recipient
const USDT_ADAPTER = "0x0E2A3e05bc9A16F5292A6170456A710cb89C6f72"; // USD₮'s fee currency (CIP-64 adapter)
const USDC_ADAPTER = "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B"; // USDC's
const REFUSED = [
  "wallet_sendCalls",
  "wallet_getCapabilities",
  "personal_sign",
  "eth_sign",
  "eth_signTypedData_v4",
];

/** Every text the page holds (stricter than what is visible: hidden elements too), and its title. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => [document.title, document.body.textContent ?? ""].join("\n"));
}

describe.skipIf(noChromium)("the MiniPay mini-app in headless Chromium", () => {
  const devnet = useDevnet();
  const first = privateKeyToAccount(generatePrivateKey()); // USD₮ and USDC
  const onlyUsdc = privateKeyToAccount(generatePrivateKey()); // USDC only
  let account = first; // the account the injected wallet holds
  let pageErrors: string[] = [];
  const walletCalls: { method: string; feeCurrency?: string }[] = [];
  const seen: string[] = []; // the visible text at each state of the path
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let page: Page;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let bundleBytes: number;
  let rejectNext = false; // the user taps "Reject" on the next transaction

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "preflow-minipay-example-"));
    bundleBytes = await buildMiniPayExample(dist);
    site = await serveStatic(dist);
    await devnet.fund(first.address, "USDT", "20");
    await devnet.fund(first.address, "USDC", "10");
    await devnet.fund(onlyUsdc.address, "USDC", "3");

    // viem's celo chain signs CIP-64 (type 0x7b) when a request carries feeCurrency
    const signerOf = (owner: typeof first) =>
      createWalletClient({
        account: owner,
        chain: { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } },
        transport: http(devnet.rpcUrl),
      });
    chromium = await launchChromium();
    browser = chromium.browser;
    page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    pageErrors = collectPageErrors(page);

    await page.exposeFunction("__miniPayWallet", async (method: string, params: unknown[]) => {
      const request = (params as [{ feeCurrency?: string }] | undefined)?.[0];
      walletCalls.push({
        method,
        ...(method === "eth_sendTransaction" ? { feeCurrency: request?.feeCurrency } : {}),
      });
      if (REFUSED.includes(method) || method.startsWith("eth_signTypedData"))
        throw new Error(`[4200] MiniPay does not support ${method}`); // EIP-1193 "unsupported method"
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [account.address];
        case "eth_chainId":
          return "0xa4ec";
        case "eth_sendTransaction": {
          const [tx] = params as [{ to: Address; data?: Hex; value?: Hex; feeCurrency?: Address }];
          if (rejectNext) {
            rejectNext = false;
            throw new Error("[4001] User rejected the request.");
          }
          return await signerOf(account).sendTransaction({
            to: tx.to,
            ...(tx.data === undefined ? {} : { data: tx.data }),
            value: BigInt(tx.value ?? "0x0"),
            ...(tx.feeCurrency === undefined ? {} : { feeCurrency: tx.feeCurrency }),
          });
        }
        default:
          return relayToNode(devnet.rpcUrl, method, params);
      }
    });
    await page.evaluateOnNewDocument(() => {
      const call = (window as unknown as { __miniPayWallet: (m: string, p: unknown[]) => Promise<unknown> })
        .__miniPayWallet;
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMiniPay: true,
        // an EIP-1193 error keeps its code across the bridge: "[4001] message" → { code: 4001, message }
        request: ({ method, params }: { method: string; params?: unknown[] }) =>
          call(method, params ?? []).catch((error: Error) => {
            const coded = /^\[(\d+)\] (.*)$/.exec(error.message);
            throw coded ? Object.assign(new Error(coded[2]), { code: Number(coded[1]) }) : error;
          }),
        on: () => {},
        removeListener: () => {},
      };
    });
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await site?.close();
  });

  async function waitForStatus(...statuses: string[]) {
    await page.waitForFunction(
      (wanted: string[]) =>
        wanted.includes((document.querySelector("#status") as HTMLElement).dataset.status ?? ""),
      { timeout: 60_000 },
      statuses,
    );
    seen.push(await visibleText(page));
    return page.$eval("#status", (element) => element.textContent ?? "");
  }

  async function reviewed(): Promise<string> {
    await page.waitForFunction(
      () => {
        const review = document.querySelector("#review")?.textContent ?? "";
        const status = (document.querySelector("#status") as HTMLElement).dataset.status;
        return (review !== "" && review !== "Preparing…") || status === "failure";
      },
      { timeout: 30_000 },
    );
    seen.push(await visibleText(page));
    return page.$eval("#review", (element) => element.textContent ?? "");
  }

  async function typeInto(selector: string, value: string) {
    await page.$eval(selector, (element) => {
      (element as HTMLInputElement).value = "";
    });
    await page.type(selector, value);
  }

  const balanceOf = (symbol: string) =>
    page.$eval(`#balances li[data-token="${symbol}"] .amount`, (element) => element.textContent ?? "");

  it("connects without a button, sends and swaps paying the network fee in the stablecoin preflow picks, shows a rejection and refuses an unpayable send with their reasons, never shows CELO", async () => {
    const reader = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const recipientBefore = await reader.token.getBalance(RECIPIENT, "USDT");

    await page.goto(`${site.url}?rpc=${encodeURIComponent(devnet.rpcUrl)}`, { waitUntil: "load" });
    // Connected at once inside MiniPay: no Connect button, the four dollar balances and nothing else.
    await page.waitForFunction(() => document.querySelectorAll("#balances li").length === 4, {
      timeout: 30_000,
    });
    seen.push(await visibleText(page));
    expect(await page.$eval("#account", (element) => element.textContent)).toBe(account.address);
    expect(await page.$eval("#connect", (element) => (element as HTMLElement).hidden)).toBe(true);
    expect(await page.$$eval("#balances li", (items) => items.map((item) => item.textContent))).toEqual([
      "USD₮20",
      "USA₮0",
      "USDC10",
      "USDm0",
    ]);
    // The phone layout: the viewport tag makes the page 390 CSS px wide (980 without it), with no sideways scroll.
    const layout = await page.evaluate(() => ({
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(layout).toEqual({ innerWidth: 390, scrollWidth: 390 });

    // A send: 1 USD₮, the network fee in USD₮, pending then success.
    await typeInto("#send-amount", "1");
    await page.select("#send-token", "USDT");
    await page.click("#review-send");
    const sendReview = await reviewed();
    expect(sendReview).toMatch(/^Send 1 USD₮ from 0x[0-9a-fA-F]{40} to 0x/);
    expect(sendReview).toMatch(/\nNetwork fee ≈ 0\.\d+ USD₮ \(at most 0\.\d+ USD₮\)$/);
    await page.click("#confirm");
    expect(await page.$eval("#status", (element) => (element as HTMLElement).dataset.status)).toBe("pending");
    seen.push(await visibleText(page));
    const sent = await waitForStatus("success", "failure");
    expect(sent).toMatch(/^Success: Send 1 USD₮ .*\nTransaction 0x[0-9a-f]{64}$/s);
    await page.waitForFunction(
      () => document.querySelector('#balances li[data-token="USDT"] .amount')?.textContent !== "20",
      { timeout: 30_000 },
    );
    expect(await balanceOf("USDT")).toBe("18.99"); // 20 − 1 − the network fee (a fraction of a cent), rounded down
    const recipientAfter = await reader.token.getBalance(RECIPIENT, "USDT");
    expect(recipientAfter.value - recipientBefore.value).toBe(1_000_000n);

    // A swap: 5 USDC → USDm, approve then swap, each step's network fee in USD₮: "auto" among the stablecoins
    // picks the one the account holds most of (19 USD₮ against 10 USDC, at the same rate), not the token spent.
    await typeInto("#swap-amount", "5");
    await page.select("#swap-from", "USDC");
    await page.select("#swap-to", "USDm");
    await page.click("#review-swap");
    const swapReview = await reviewed();
    expect(swapReview).toMatch(/5 USDC/);
    expect(swapReview).toMatch(/\nNetwork fee ≈ 0\.\d+ USD₮ \(at most 0\.\d+ USD₮\)$/);
    await page.click("#confirm");
    const swapped = await waitForStatus("success", "failure");
    expect(swapped).toMatch(/^Success: /);
    await page.waitForFunction(
      () => document.querySelector('#balances li[data-token="USDm"] .amount')?.textContent !== "0",
      { timeout: 30_000 },
    );
    expect(Number(await balanceOf("USDm"))).toBeGreaterThan(4.9);
    expect(await balanceOf("USDC")).toBe("5"); // the fee was paid in USD₮

    // A send the user rejects in the wallet: failure, with the wallet's reason, nothing sent.
    const balanceBeforeReject = await reader.token.getBalance(account.address, "USDT");
    rejectNext = true;
    await typeInto("#send-amount", "1");
    await page.select("#send-token", "USDT");
    await page.click("#review-send");
    await reviewed();
    await page.click("#confirm");
    const rejected = await waitForStatus("failure");
    expect(rejected).toMatch(/^Failed: .*User rejected the request/);
    expect((await reader.token.getBalance(account.address, "USDT")).value).toBe(balanceBeforeReject.value);

    const firstSends = walletCalls.filter((call) => call.method === "eth_sendTransaction");
    // Each transaction with USD₮'s fee currency: the send, approve + swap (Uniswap v4, when it quotes best, adds
    // Permit2's exact approve), the rejected send.
    expect([4, 5]).toContain(firstSends.length);
    expect(firstSends.map((call) => call.feeCurrency?.toLowerCase())).toEqual(
      Array(firstSends.length).fill(USDT_ADAPTER.toLowerCase()),
    );

    // The second account, holding only USDC: the wallet switches to it and the page is opened again.
    account = onlyUsdc;
    await page.goto(`${site.url}?rpc=${encodeURIComponent(devnet.rpcUrl)}`, { waitUntil: "load" });
    await page.waitForFunction(
      (address: string) =>
        document.querySelector("#account")?.textContent === address &&
        document.querySelectorAll("#balances li").length === 4,
      { timeout: 30_000 },
      onlyUsdc.address,
    );
    seen.push(await visibleText(page));
    expect(await page.$$eval("#balances li", (items) => items.map((item) => item.textContent))).toEqual([
      "USD₮0",
      "USA₮0",
      "USDC3",
      "USDm0",
    ]);

    // A refused send: the whole USDC balance leaves nothing for the network fee, and no other stablecoin can pay
    // it; refused before the wallet, each stablecoin named with what it holds and needs, CELO never.
    await typeInto("#send-amount", "3");
    await page.select("#send-token", "USDC");
    await page.click("#review-send");
    const refused = await waitForStatus("failure");
    const fee = (label: string) =>
      new RegExp(`${label}: you have 0, this needs (0\\.\\d+)`).exec(refused)?.[1];
    const need = /USDC: you have 3, this needs ([\d.]+)/.exec(refused)?.[1];
    expect(refused).toBe(
      `Failed: Not enough to pay the network fee in any of your dollars. USD₮: you have 0, this needs ${fee("USD₮")}; USA₮: you have 0, this needs ${fee("USA₮")}; USDC: you have 3, this needs ${need}; USDm: you have 0, this needs ${fee("USDm")}.`,
    );
    expect(Number(need) - 3).toBeGreaterThan(0); // the network fee on top
    expect(Number(need) - 3).toBeLessThan(0.01);
    expect(await page.$eval("#confirm", (element) => (element as HTMLButtonElement).disabled)).toBe(true);
    expect(walletCalls.filter((call) => call.method === "eth_sendTransaction")).toHaveLength(4);

    // A swap USDC → USDm (USDC, the only stablecoin it holds, pays), then USDm → USDC: the planner's pick pays
    // (USDC again, the one it holds most of), not the USDm swapped away; the page names the fee in it.
    for (const [from, to, amount] of [
      ["USDC", "USDm", "1"],
      ["USDm", "USDC", "0.5"],
    ] as const) {
      await typeInto("#swap-amount", amount);
      await page.select("#swap-from", from);
      await page.select("#swap-to", to);
      await page.click("#review-swap");
      const review = await reviewed();
      expect(review).toMatch(new RegExp(`${amount.replace(".", "\\.")} ${from}`));
      expect(review).toMatch(/\nNetwork fee ≈ 0\.\d+ USDC \(at most 0\.\d+ USDC\)$/);
      await page.click("#confirm");
      expect(await waitForStatus("success", "failure")).toMatch(/^Success: /);
    }
    const secondSends = walletCalls.filter((call) => call.method === "eth_sendTransaction").slice(4);
    expect(secondSends.length).toBeGreaterThanOrEqual(2); // approve (when needed) + swap, twice
    for (const call of secondSends) expect(call.feeCurrency?.toLowerCase()).toBe(USDC_ADAPTER.toLowerCase());

    mkdirSync(join(examples, "minipay/out"), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });

    // No CELO anywhere the user looked, and none spent: both accounts still hold none.
    expect(seen.length).toBeGreaterThanOrEqual(10);
    for (const text of seen) expect(text).not.toMatch(/CELO/i);
    for (const owner of [first, onlyUsdc])
      expect((await reader.token.getBalance(owner.address, "CELO")).value).toBe(0n);
    // No batch and no signature requested; capabilities were asked (and refused) before anything was sent.
    const methods = new Set(walletCalls.map((call) => call.method));
    for (const method of ["wallet_sendCalls", "personal_sign", "eth_sign", "eth_signTypedData_v4"])
      expect(methods.has(method), method).toBe(false);
    // Per send through the wallet: eth_chainId, one wallet_getCapabilities (refused with 4200, so not retried), then
    // per step eth_sendTransaction and its receipt polls.
    expect(walletCalls.filter((call) => call.method === "wallet_getCapabilities")).toHaveLength(5);
    expect(pageErrors).toEqual([]);
    expect(existsSync(screenshot)).toBe(true);
    expect(bundleBytes).toBeGreaterThan(0);
  }, 240_000);

  it("outside MiniPay, waits for the Connect button", async () => {
    const other = await browser.newPage();
    await other.evaluateOnNewDocument(() => {
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: async ({ method }: { method: string }) =>
          method === "eth_chainId" ? "0xa4ec" : ["0x976EA74026E726554dB657fA54763abd0C3a0aa9"],
        on: () => {},
        removeListener: () => {},
      };
    });
    await other.goto(`${site.url}?rpc=${encodeURIComponent(devnet.rpcUrl)}`, { waitUntil: "load" });
    await other.waitForSelector("#connect:not([hidden])", { timeout: 10_000 });
    expect(await other.$eval("#account", (element) => element.textContent)).toBe("Not connected");
    await other.click("#connect");
    await other.waitForFunction(() => document.querySelectorAll("#balances li").length === 4, {
      timeout: 30_000,
    });
    expect(await other.$eval("#connect", (element) => (element as HTMLElement).hidden)).toBe(true);
    await other.close();
  }, 60_000);
});
