// The browser example (examples/browser) in a real headless Chromium against the devnet: the page is bundled
// with esbuild and served on 127.0.0.1; a test wallet is injected as `window.ethereum` (EIP-1193): it answers
// the account and chain requests, signs eth_sendTransaction with its own key (a viem local account, in this
// process, as a wallet extension signs outside the page) and forwards every other request to the devnet.
// The test connects, reads balances, prepares and simulates a send and a swap, sends the send through the
// wallet with sendPreparedFlowWithWallet, checks the balances moved, that the page logged no console error, and
// writes a screenshot.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { devnetChain } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSdkClient } from "preflow";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { createWalletClient, type Hex, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { buildBrowserExample } from "../browser/build.mjs";

const examples = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const screenshot = join(examples, "browser/out/screenshot.png");
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9"; // the page's default recipient

/** A static server on 127.0.0.1 for the built page. */
async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const { readFile } = await import("node:fs/promises");
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = path === "/" ? "index.html" : path.slice(1);
    if (!/^[\w.-]+$/.test(file)) return res.writeHead(404).end();
    try {
      const body = await readFile(join(dir, file));
      const type = file.endsWith(".js") ? "text/javascript" : "text/html";
      res.writeHead(200, { "content-type": type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

// Skipped only on a developer machine without Chromium; CI (.ci/run installs it) fails instead.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)("the browser example in headless Chromium", () => {
  const devnet = useDevnet();
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  const consoleErrors: string[] = [];
  const walletCalls: string[] = [];
  let browser: Browser;
  let page: Page;
  let site: { url: string; server: Server };
  let profile: string;
  let bundleBytes: number;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "preflow-browser-example-"));
    bundleBytes = await buildBrowserExample(dist);
    site = await serve(dist);
    for (const token of ["CELO", "USDm", "USDC"] as const) await devnet.fund(account.address, token, "100");

    const signer = createWalletClient({
      account,
      chain: devnetChain(devnet.rpcUrl),
      transport: http(devnet.rpcUrl),
    });
    profile = mkdtempSync(join(tmpdir(), "preflow-chromium-"));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
      ],
    });
    page = await browser.newPage();
    await page.setViewport({ width: 900, height: 1100 });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(String(error)));

    // The test wallet: what an extension does outside the page, here in this process.
    await page.exposeFunction("__testWallet", async (method: string, params: unknown[]) => {
      walletCalls.push(method);
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [account.address];
        case "eth_chainId":
          return "0xa4ec";
        case "wallet_getCapabilities": // a wallet without ERC-5792: the page sends one transaction per step
          throw new Error("Unsupported method: wallet_getCapabilities");
        case "eth_sendTransaction": {
          const [request] = params as [{ to: Hex; data?: Hex; value?: Hex; gas?: Hex }];
          return await signer.sendTransaction({
            to: request.to,
            ...(request.data === undefined ? {} : { data: request.data }),
            value: BigInt(request.value ?? "0x0"),
          });
        }
        default: {
          const response = await fetch(devnet.rpcUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
          });
          const body = (await response.json()) as { result?: unknown; error?: { message: string } };
          if (body.error) throw new Error(body.error.message);
          return body.result;
        }
      }
    });
    await page.evaluateOnNewDocument(() => {
      const call = (window as unknown as { __testWallet: (m: string, p: unknown[]) => Promise<unknown> })
        .__testWallet;
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
        on: () => {},
        removeListener: () => {},
      };
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (site ? site.server.close(() => resolve()) : resolve()));
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("connects, shows balances, previews a send and a swap, sends through the wallet, no console error", async () => {
    const reader = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const before = await reader.token.getBalance(RECIPIENT, "USDm");

    await page.goto(`${site.url}?rpc=${encodeURIComponent(devnet.rpcUrl)}`, { waitUntil: "load" });
    await page.click("#connect");
    await page.waitForFunction(() => document.querySelectorAll("#balances tr").length > 0, {
      timeout: 30_000,
    });
    const account_ = await page.$eval("#account", (element) => element.textContent);
    expect(account_).toBe(account.address);
    const balances = await page.$$eval("#balances tr", (rows) => rows.map((row) => row.textContent));
    expect(balances).toContain("USDm100");

    // A swap: prepared and simulated, approve then swap, shown before anything is signed.
    await page.click("#prepare-swap");
    await page.waitForFunction(
      () =>
        /swap/i.test(document.querySelector("#preview")?.textContent ?? "") &&
        !/Preparing/.test(document.querySelector("#preview")?.textContent ?? ""),
      { timeout: 30_000 },
    );
    const swapPreview = await page.$eval("#preview", (element) => element.textContent ?? "");
    expect(swapPreview).toMatch(/10 USDC/);

    // A send: previewed, then sent through the wallet, step by step.
    await page.click("#prepare-send");
    await page.waitForFunction(
      () => /Send 2\.5 USDm/.test(document.querySelector("#preview")?.textContent ?? ""),
      {
        timeout: 30_000,
      },
    );
    const sendPreview = await page.$eval("#preview", (element) => element.textContent ?? "");
    await page.waitForFunction(() => !(document.querySelector("#send") as HTMLButtonElement).disabled);
    await page.click("#send");
    await page.waitForFunction(
      () =>
        ["done", "error"].includes((document.querySelector("#status") as HTMLElement).dataset.status ?? ""),
      { timeout: 60_000 },
    );
    const status = await page.$eval("#status", (element) => element.textContent ?? "");
    expect(status, status).toMatch(/^step 1: success 0x[0-9a-f]{64}\nsuccess \(one transaction per step\)$/);
    await page.waitForFunction(() => document.querySelector("#balances")?.textContent?.includes("USDm97.5"), {
      timeout: 30_000,
    });

    mkdirSync(join(examples, "browser/out"), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });

    const after = await reader.token.getBalance(RECIPIENT, "USDm");
    expect(after.value - before.value).toBe(2_500_000_000_000_000_000n);
    expect(sendPreview).toMatch(/2\.5 USDm/);
    expect(walletCalls).toContain("eth_sendTransaction");
    expect(consoleErrors).toEqual([]);
    expect(existsSync(screenshot)).toBe(true);
    expect(bundleBytes).toBeGreaterThan(0);
  }, 180_000);
});
