// URL-mode approval for a 2026-07-28 client (`@modelcontextprotocol/client` 2.4.0 pinned), on the devnet: the tool
// call is answered `input_required` with a URL-mode elicitation of the one-time local page; the client opens it (the
// person presses Approve or Decline in Chromium) and retries with `accept`; the server then waits for the page's
// answer within the approval's time. Approve sends exactly one transaction; Decline on the page, or a client that
// declines to open the page, is refused and nothing is sent.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";
import { type LaunchedChromium, launchChromium, noChromium } from "@preflow/devnet/chromium";
import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approvalAccounts,
  connectModernClient,
  type Execution,
  policyEnvironment,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { key, friend, nonceOf, usdm, ...accounts } = approvalAccounts(devnet);
const dir = mkdtempSync(join(tmpdir(), "preflow-eras-url-"));

type Params = ElicitRequest["params"];
let person: (params: Params) => Promise<ElicitResult> = async () => ({ action: "decline" });
const asked: Params[] = [];
let chromium: LaunchedChromium;
let client: Client;

/** The person in Chromium: opens the page and presses `button`; resolves with the page's answer text. */
async function press(url: string, button: "approve" | "decline"): Promise<string> {
  const tab = await chromium.browser.newPage();
  try {
    await tab.goto(url);
    await Promise.all([tab.waitForNavigation(), tab.click(`button[value="${button}"]`)]);
    return await tab.$eval("#result", (element) => element.textContent ?? "");
  } finally {
    await tab.close();
  }
}

beforeAll(async () => {
  await accounts.fund();
  const { env } = policyEnvironment({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    policy: { approval: { above: { USDm: "5" }, timeoutSeconds: 6, mode: "url" } },
  });
  if (noChromium) return;
  chromium = await launchChromium();
  ({ client } = await connectModernClient(env, {
    name: "preflow-eras-url-test",
    url: true,
    answer: async (params) => {
      asked.push(params);
      return person(params);
    },
  }));
});
afterAll(async () => {
  await client?.close();
  await chromium?.close();
});

const send = async (amount: string) =>
  (await client.callTool({ name: "send_token", arguments: { to: friend, token: "USDm", amount } })) as {
    isError?: boolean;
    structuredContent: Record<string, unknown>;
  };

describe.skipIf(noChromium)("URL-mode approval through input_required (2026-07-28)", () => {
  it("the person approves on the page: one transaction", async () => {
    const answers: Promise<string>[] = [];
    person = async (params) => {
      // The client opens the page for the person and says so; the person answers there.
      answers.push(press((params as { url: string }).url, "approve"));
      return { action: "accept" };
    };
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const result = await send("6");
    expect(result.isError ?? false).toBe(false);
    expect((result.structuredContent as unknown as Execution).status).toBe("success");
    expect(await Promise.all(answers)).toEqual(["Approved"]);
    expect((asked.at(-1) as { mode?: string; url?: string }).mode).toBe("url");
    expect((asked.at(-1) as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\//);
    expect(await nonceOf()).toBe(nonce + 1);
    expect((await usdm(friend)) - before).toBe(parseUnits("6", 18));
  });

  it("Decline on the page, or a client that declines to open it, is refused once and nothing is sent", async () => {
    for (const way of ["page", "client"] as const) {
      person = async (params) => {
        if (way === "client") return { action: "decline" };
        void press((params as { url: string }).url, "decline");
        return { action: "accept" };
      };
      const count = asked.length;
      const nonce = await nonceOf();
      const result = await send("6.1");
      expect(result.isError).toBe(true);
      expect((result.structuredContent.error as { code: string }).code).toBe("APPROVAL_DECLINED");
      expect(asked.length).toBe(count + 1);
      expect(await nonceOf()).toBe(nonce);
    }
  });
});
