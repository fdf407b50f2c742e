// A person in the loop, URL mode, in real headless Chromium: the built server (stdio) asks a URL-mode client, which
// opens the one-time page on 127.0.0.1; the person reads the flow there and presses Approve (or Decline) as a person
// would. The flow is signed only after Approve (exactly one transaction); Decline, the client declining to open the
// page, nobody pressing anything, a cross-site form posting to the page (the URL leaked, not the page), and a client
// that cannot open URLs are refused with nothing sent.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ElicitationCompleteNotificationSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { type LaunchedChromium, launchChromium, noChromium } from "@preflow/devnet/chromium";
import { useDevnet } from "@preflow/devnet/vitest";
import type { Browser } from "puppeteer-core";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approvalAccounts,
  data,
  type Execution,
  policyEnvironment,
  type SpawnedServer,
  spawnServer,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { key, signer, friend, nonceOf, usdm, ...accounts } = approvalAccounts(devnet);
const dir = mkdtempSync(join(tmpdir(), "preflow-approval-url-"));

type Params = ElicitRequest["params"] & { url?: string; elicitationId?: string };
/** What the client and the person do with the next question (set per test). */
let person: (params: Params) => Promise<ElicitResult> = async () => ({ action: "decline" });
const asked: Params[] = [];
const completed: string[] = [];
/** What the person saw on each page, and what the page said after the button. */
const seen: { preview: string; code: string; result: string; html: string }[] = [];

let chromium: LaunchedChromium | undefined;
let browser: Browser;
let server: SpawnedServer;
let formOnly: SpawnedServer;
let evil: { server: Server; origin: string };

/** The person in Chromium: opens the page, reads it, presses `button` as a person would. */
async function press(url: string, button: "approve" | "decline"): Promise<void> {
  const tab = await browser.newPage();
  try {
    await tab.goto(url);
    const html = await tab.content();
    const preview = await tab.$eval("#preview", (element) => element.textContent ?? "");
    const code = await tab.$eval("#code", (element) => element.textContent ?? "");
    await Promise.all([tab.waitForNavigation(), tab.click(`button[value="${button}"]`)]);
    const result = await tab.$eval("#result", (element) => element.textContent ?? "");
    seen.push({ preview, code, result, html });
  } finally {
    await tab.close();
  }
}
/** The client: consents to open the URL (accept), then the person acts on the page. */
const opening =
  (button: "approve" | "decline") =>
  async (params: Params): Promise<ElicitResult> => {
    void press(params.url as string, button);
    return { action: "accept" };
  };

beforeAll(async () => {
  await accounts.fund();
  const { env } = policyEnvironment({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    policy: { approval: { above: { USDm: "5" }, timeoutSeconds: 4, mode: "url" } },
  });
  chromium = await launchChromium();
  browser = chromium.browser;
  server = await spawnServer(env, {
    capabilities: { elicitation: { form: {}, url: {} } },
    setup: (client: Client) => {
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params as Params);
        return person(request.params as Params);
      });
      client.setNotificationHandler(ElicitationCompleteNotificationSchema, async (notification) => {
        completed.push(notification.params.elicitationId);
      });
    },
  });
  formOnly = await spawnServer(env, { elicitation: { answer: async () => ({ action: "decline" }) } });
  // Another site (another origin) whose page posts to the approval URL it learned, on load.
  const target = { url: "" };
  const site = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(
      `<form id="f" method="post" action="${target.url}"><input name="csrf" value="guess"><input name="decision" value="approve"></form><script>document.getElementById("f").submit()</script>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  evil = { server: site, origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}` };
  Object.assign(evil, { target });
});
afterAll(async () => {
  await server?.close();
  await formOnly?.close();
  await chromium?.close();
  evil?.server.close();
});

/** Runs `send`, expects the refusal `code`, and shows nothing was sent. */
const refusedWith = (code: string, amount: string, instance = server) =>
  accounts.refusedWith(code, async () =>
    toolError(await instance.call("send_token", { to: friend, token: "USDm", amount })),
  );

describe.skipIf(noChromium)("approval in URL mode, in Chromium", () => {
  it("signs only after the person pressed Approve on the page: one transaction", async () => {
    person = opening("approve");
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "6" }),
    );
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
    expect((await usdm(friend)) - before).toBe(parseUnits("6", 18));
    const question = asked.at(-1) as Params;
    expect(question.mode).toBe("url");
    expect(question.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[A-Za-z0-9_-]{43}$/);
    expect(completed).toContain(question.elicitationId);
    const page = seen.at(-1)!;
    expect(page.result).toBe("Approved");
    expect(page.preview).toContain(`Send 6 USDm from ${signer} to ${friend}`);
    expect(page.preview).toContain("Contracts called: 1. USDm");
    expect(page.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(question.message).toContain(page.code);
    // What the person's browser got: the page, never the key.
    expect(page.html.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    console.log(`approval page: ${Buffer.byteLength(page.html)} bytes, no script`);
    expect(page.html).not.toContain("<script");
    // The page is gone once answered: the URL cannot approve anything again.
    await expect(fetch(question.url as string)).rejects.toThrow();
  });

  it("takes the page's answer also from a client that answers the question only once the person is done", async () => {
    person = async (params) => {
      await press(params.url as string, "approve");
      return { action: "accept" };
    };
    const nonce = await nonceOf();
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "6.05" }),
    );
    expect(result.status).toBe("success");
    expect(seen.at(-1)?.result).toBe("Approved");
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("refuses when the person presses Decline", async () => {
    person = opening("decline");
    const error = await refusedWith("APPROVAL_DECLINED", "6.1");
    expect(error.details).toMatchObject({ action: "decline" });
    expect(seen.at(-1)?.result).toBe("Declined");
  });

  it("refuses when the client declines to open the page", async () => {
    person = async () => ({ action: "decline" });
    await refusedWith("APPROVAL_DECLINED", "6.2");
  });

  it("refuses when nobody presses anything within timeoutSeconds", async () => {
    person = async () => ({ action: "accept" });
    const started = Date.now();
    await refusedWith("APPROVAL_EXPIRED", "6.3");
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  });

  it("refuses a cross-site form posting to the page's URL; the person's Approve afterwards still counts once", async () => {
    const statuses: number[] = [];
    person = async (params) => {
      (evil as unknown as { target: { url: string } }).target.url = params.url as string;
      const tab = await browser.newPage();
      tab.on("response", (response) => {
        if (response.url() === params.url) statuses.push(response.status());
      });
      await Promise.all([tab.waitForNavigation(), tab.goto(evil.origin)]);
      await tab.close();
      void press(params.url as string, "approve");
      return { action: "accept" };
    };
    const nonce = await nonceOf();
    const result = data<Execution>(
      await server.call("send_token", { to: friend, token: "USDm", amount: "6.4" }),
    );
    expect(statuses).toEqual([403]);
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("refuses with APPROVAL_REQUIRED on a client that can ask only in form mode", async () => {
    const error = await refusedWith("APPROVAL_REQUIRED", "6.5", formOnly);
    expect(error.details).toMatchObject({ mode: "url", client_modes: ["form"] });
  });
});
