// x402_fetch with a person in the loop, through the built binary over stdio on the devnet, against the reference
// paywall (@x402/express) with @preflow/x402's facilitator: with `approval.above.USDC: "0.005"`, a 0.01 USDC
// payment is signed only after the client's elicitation handler answers accept with the payment's code (form mode)
// or the person presses Approve on the one-time page in headless Chromium (URL mode). Decline, a wrong code, silence
// and a client without the capability are refused with typed errors: nothing is signed, the paywall sees no payment header, the payer's
// USDC does not move. Each approval pays exactly once and is recorded in the store, used, under `x402:<nonce>`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { type LaunchedChromium, launchChromium } from "@preflow/devnet/chromium";
import { useDevnet } from "@preflow/devnet/vitest";
import type { Browser } from "puppeteer-core";
import { createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedApprovals, storedX402Payments } from "./helpers/readStore.js";
import { data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";
import { type Paywall, startPaywall } from "./helpers/startPaywall.js";

const devnet = useDevnet();
const USDC = devnet.tokens.USDC.address as `0x${string}`;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const facilitatorAccount = privateKeyToAccount(generatePrivateKey());
const dir = mkdtempSync(join(tmpdir(), "preflow-x402-approval-"));
const stateDir = join(dir, "state");
const balance = (who: `0x${string}`) =>
  reader.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [who] });

type Params = ElicitRequest["params"] & { url?: string };
/** What the person does with the next question (set per test). */
let person: (params: Params) => Promise<ElicitResult> = async () => ({ action: "decline" });
const asked: Params[] = [];
const codeOf = (params: Params) => /type the code (\w{4}-\w{4})/.exec(params.message)?.[1] as string;

let paywall: Paywall;
let url: string;
const paid = () => paywall.requests.filter((r) => r.paid).length;
let form: SpawnedServer;
let unable: SpawnedServer;
let urlMode: SpawnedServer;
let chromium: LaunchedChromium | undefined;
let browser: Browser;

const policy = (mode: "form" | "url") => {
  const file = join(dir, `policy-${mode}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      caps: { USDC: { perCall: "0.05", perDay: "1" } },
      approval: { above: { USDC: "0.005" }, timeoutSeconds: mode === "form" ? 4 : 20, mode },
      x402: { hosts: [new URL(url).host], payTo: [payTo] },
    }),
  );
  return {
    RPC_URL: devnet.rpcUrl,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    PREFLOW_POLICY: file,
    PREFLOW_STATE_DIR: stateDir,
  };
};
const asking = (capabilities: { form?: Record<string, unknown>; url?: Record<string, unknown> }) => ({
  capabilities: { elicitation: capabilities },
  setup: (client: Client) =>
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params as Params);
      return person(request.params as Params);
    }),
});

beforeAll(async () => {
  await devnet.fund(signer, "USDC", "1");
  await devnet.fund(facilitatorAccount.address, "USDC", "5");
  paywall = await startPaywall({ rpcUrl: devnet.rpcUrl, facilitatorAccount, payTo });
  url = paywall.url;
  chromium = await launchChromium();
  browser = chromium.browser;
  [form, unable, urlMode] = await Promise.all([
    spawnServer(policy("form"), asking({ form: {} })),
    spawnServer(policy("form")),
    spawnServer(policy("url"), asking({ form: {}, url: {} })),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([form?.close(), unable?.close(), urlMode?.close(), chromium?.close()]);
  paywall?.close();
});

/** Calls x402_fetch on `instance`, expects the refusal `code`, and shows nothing was paid. */
async function refusedWith(code: string, instance: SpawnedServer) {
  const [payer, payee, headers] = [await balance(signer), await balance(payTo), paid()];
  const error = toolError(await instance.call("x402_fetch", { url }));
  expect(error.code).toBe(code);
  expect(paid()).toBe(headers);
  expect(await balance(signer)).toBe(payer);
  expect(await balance(payTo)).toBe(payee);
  return error;
}

describe("x402_fetch above approval.above", () => {
  it("a client that cannot ask gets APPROVAL_REQUIRED with what would be paid; nothing is signed", async () => {
    const error = await refusedWith("APPROVAL_REQUIRED", unable);
    expect(error.details).toMatchObject({
      mode: "form",
      client_modes: [],
      flow: { x402_payment: { url, amount: "0.01", token: "USDC", pay_to: payTo, network: "eip155:42220" } },
    });
    expect(String(error.details?.flow_id)).toMatch(/^x402:0x[0-9a-f]{64}$/);
    expect(error.message).toContain("Nothing was signed or sent");
    expect(storedX402Payments(stateDir, signer)).toEqual([]);
  });

  it("decline and a wrong code pay nothing", async () => {
    person = async () => ({ action: "decline" });
    const before = asked.length;
    await refusedWith("APPROVAL_DECLINED", form);
    expect(asked.length).toBe(before + 1);
    expect(asked.at(-1)?.message).toContain(`Pay 0.01 USDC to ${payTo} for ${url}`);
    person = async () => ({ action: "accept", content: { code: "0000-0000" } });
    await refusedWith("APPROVAL_CODE_MISMATCH", form);
    expect(storedX402Payments(stateDir, signer)).toEqual([]);
    expect(storedApprovals(stateDir).map((a) => a.status)).toEqual(["declined", "declined"]);
  });

  it("accept with the payment's code pays exactly once; the approval is used once and recorded", async () => {
    person = async (params) => ({ action: "accept", content: { code: codeOf(params) } });
    const [payee, headers, questions] = [await balance(payTo), paid(), asked.length];
    const result = data<{ status: number; body: string; payment: Record<string, unknown> }>(
      await form.call("x402_fetch", { url }),
    );
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ quote: 42 });
    expect(result.payment).toMatchObject({ amount: "0.01", token: "USDC", status: "settled" });
    expect(asked.length).toBe(questions + 1);
    // The question shows what is paid, never the signer's key.
    expect(JSON.stringify(asked)).not.toContain(key.slice(2));
    expect(paid()).toBe(headers + 1);
    expect(await balance(payTo)).toBe(payee + 10_000n);
    const [payment] = storedX402Payments(stateDir, signer);
    expect(payment).toMatchObject({ amount: "10000", status: "settled" });
    const used = storedApprovals(stateDir).filter((a) => a.status === "used");
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ flow_id: `x402:${payment?.nonce}`, mode: "form" });
  }, 60_000);

  it("silence: no answer within timeoutSeconds is APPROVAL_EXPIRED; nothing is signed", async () => {
    person = () => new Promise<ElicitResult>(() => {});
    const error = await refusedWith("APPROVAL_EXPIRED", form);
    expect(error.message).toContain("Nothing was signed or sent");
  }, 60_000);

  it("URL mode in Chromium: Approve on the one-time page pays once, Decline pays nothing", async () => {
    const seen: string[] = [];
    /** The client consents to open the page; the person reads it in Chromium and presses the button. */
    const pressing =
      (button: "approve" | "decline") =>
      async (params: Params): Promise<ElicitResult> => {
        void (async () => {
          const tab = await browser.newPage();
          try {
            await tab.goto(params.url as string);
            seen.push(await tab.$eval("#preview", (element) => element.textContent ?? ""));
            await Promise.all([tab.waitForNavigation(), tab.click(`button[value="${button}"]`)]);
          } finally {
            await tab.close();
          }
        })();
        return { action: "accept" };
      };
    person = pressing("decline");
    await refusedWith("APPROVAL_DECLINED", urlMode);
    expect(seen[0]).toContain(`Pay 0.01 USDC to ${payTo} for ${url}`);

    person = pressing("approve");
    const [payee, headers] = [await balance(payTo), paid()];
    const result = data<{ status: number; payment: Record<string, unknown> }>(
      await urlMode.call("x402_fetch", { url }),
    );
    expect(result).toMatchObject({ status: 200, payment: { amount: "0.01", status: "settled" } });
    expect(paid()).toBe(headers + 1);
    expect(await balance(payTo)).toBe(payee + 10_000n);
    expect(storedApprovals(stateDir).filter((a) => a.status === "used" && a.mode === "url")).toHaveLength(1);
  }, 90_000);
});
