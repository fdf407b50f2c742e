// The owner's side of an agent budget (examples/budget-grant) in headless Chromium against the devnet, with a
// wallet injected as `window.ethereum` that answers accounts and eth_signTypedData_v4 by signing with the owner's
// devnet key (a viem local account in this process, as a wallet signs outside the page); every other method goes
// to the devnet. The owner's EOA is upgraded (EIP-7702) beforehand, as a MetaMask smart account is. The page shows
// the grant in words before anything is signed; Cancel signs nothing; Sign yields a budget the agent then spends
// within, from its own key, outside the page.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSdkClient, prepareSend } from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import { executeWithBudget, grantAgentBudget, parseBudget } from "preflow/budget";
import type { Browser, Page } from "puppeteer-core";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { buildBudgetGrantExample } from "../budget-grant/build.mjs";
import {
  collectPageErrors,
  launchChromium,
  noChromium,
  relayToNode,
  serveStatic,
} from "./support/chromium.js";

const USDC: Address = "0xcebA9300f2b948710d2653dD7B07f33A8B32118C";

describe.skipIf(noChromium)("the budget grant page in headless Chromium", () => {
  const devnet = useDevnet();
  const owner = privateKeyToAccount(generatePrivateKey());
  const agent = privateKeyToAccount(generatePrivateKey());
  const shop = privateKeyToAccount(generatePrivateKey()).address;
  const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
  const walletCalls: string[] = [];
  let pageErrors: string[] = [];
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let page: Page;
  let site: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "preflow-budget-grant-example-"));
    await buildBudgetGrantExample(dist);
    site = await serveStatic(dist);
    await devnet.fund(owner.address, "CELO", "5");
    await devnet.fund(owner.address, "USDC", "50");
    await devnet.fund(agent.address, "CELO", "5");
    // the EIP-7702 upgrade, as a wallet's smart-account switch does (a first grant from the local key)
    const upgrade = await grantAgentBudget(client, {
      owner,
      agent: agent.address,
      limits: { USDC: { perDay: "1" } },
    });
    expect(upgrade.transactionHash).not.toBeNull();

    chromium = await launchChromium();
    browser = chromium.browser;
    page = await browser.newPage();
    pageErrors = collectPageErrors(page);
    await page.exposeFunction("__wallet", async (method: string, params: unknown[]) => {
      walletCalls.push(method);
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [owner.address];
        case "eth_chainId":
          return "0xa4ec";
        case "eth_signTypedData_v4": {
          const [address, json] = params as [string, string];
          expect(address.toLowerCase()).toBe(owner.address.toLowerCase());
          const { domain, types, primaryType, message } = JSON.parse(json);
          const { EIP712Domain: _, ...rest } = types;
          return owner.signTypedData({ domain, types: rest, primaryType, message });
        }
        default:
          return relayToNode(devnet.rpcUrl, method, params);
      }
    });
    await page.evaluateOnNewDocument(() => {
      const call = (window as unknown as { __wallet: (m: string, p: unknown[]) => Promise<unknown> })
        .__wallet;
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: ({ method, params }: { method: string; params?: unknown[] }) => call(method, params ?? []),
        on: () => {},
        removeListener: () => {},
      };
    });
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await site?.close();
  });

  const statusIs = (wanted: string) =>
    page.waitForFunction(
      (w: string) => (document.querySelector("#status") as HTMLElement).dataset.status === w,
      { timeout: 60_000 },
      wanted,
    );

  async function review() {
    await page.click("#review");
    await statusIs("review");
    return page.$eval("#words", (element) => element.textContent ?? "");
  }

  it("shows the grant in words before signing; Cancel signs nothing; Sign gives a budget the agent spends within", async () => {
    await page.goto(`${site.url}?rpc=${encodeURIComponent(devnet.rpcUrl)}`, { waitUntil: "load" });
    await page.click("#connect");
    await page.waitForFunction(() => !(document.querySelector("#review") as HTMLButtonElement).disabled);
    expect(await page.$eval("#account", (element) => element.textContent)).toBe(owner.address);
    await page.type("#agent", agent.address);
    await page.type("#recipient", shop);

    const words = await review();
    expect(words).toContain(`Agent ${agent.address} may move the tokens of ${owner.address}`);
    expect(words).toContain("at most 5 USDC per day");
    expect(words).toContain(`only to ${shop}`);
    expect(words).toMatch(/- until \d{4}-\d\d-\d\dT/);
    expect(walletCalls).not.toContain("eth_signTypedData_v4"); // nothing signed while the owner reads

    await page.click("#cancel");
    await statusIs("failure");
    expect(await page.$eval("#status", (element) => element.textContent)).toContain("BUDGET_GRANT_DECLINED");
    expect(walletCalls).not.toContain("eth_signTypedData_v4");

    await review();
    await page.click("#sign");
    await statusIs("success");
    expect(walletCalls.filter((m) => m === "eth_signTypedData_v4")).toHaveLength(1);
    const budget = parseBudget(await page.$eval("#budget", (element) => element.textContent ?? ""));
    expect(budget.owner).toBe(owner.address);
    expect(budget.recipients).toEqual([shop]);

    // the agent, outside the page, spends within the signed budget: the owner's USDC moves
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "2" });
    const result = await executeWithBudget(client, { budget, agent, flow });
    expect(result.status).toBe("success");
    const reader = createPublicClient({ transport: http(devnet.rpcUrl) });
    const balance = (holder: Address) =>
      reader.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
    expect(await balance(shop)).toBe(2_000_000n);
    expect(await balance(owner.address)).toBe(48_000_000n);
    expect(pageErrors).toEqual([]);
  });
});
