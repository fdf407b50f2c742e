// MCP Apps (spec 2026-01-26): the flow view `ui://preflow/flow` and the app-only `approve_flow`, against the real tool
// server process on the devnet. (a) resources/list and resources/read give the view in both eras, with the MIME type
// and CSP metadata of the spec and a page whose own CSP pins its one inline script by hash; the tool listing carries
// `_meta.ui` alike in both eras, approve_flow only to clients that declare the extension. (b) In headless Chromium, a
// tiny host page (ext-apps' AppBridge, test/appsHost/host.ts) renders the view for a real send above the approval
// threshold from a 2026-07-28 client that cannot ask (no elicitation, like Claude Desktop): the steps, the fee and the
// code show; the Approve button sends the flow exactly once (one transaction, the balance moved once); a second press
// and the call replayed approve nothing more; a wrong code closes the approval. (c) With a passkey enrolled,
// approve_flow alone approves nothing; the view opens the passkey link (ui/open-link), and once the person approved
// there with the passkey the flow goes through once.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import { EXTENSION_ID, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import { type LaunchedChromium, launchChromium, noChromium } from "@preflow/devnet/chromium";
import { useDevnet } from "@preflow/devnet/vitest";
import { build } from "esbuild";
import type { Frame, Page } from "puppeteer-core";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollPasskey } from "../src/approval/passkey/enrollPasskey.js";
import {
  approvalAccounts,
  connectModernClient,
  type SpawnedServer,
  spawnServer,
} from "./helpers/spawnServer.js";
import { addVirtualAuthenticator } from "./helpers/virtualAuthenticator.js";

const devnet = useDevnet();
const { key, friend, nonceOf, usdm, fund } = approvalAccounts(devnet);

const FLOW_VIEW = "ui://preflow/flow";
/** What a host that renders MCP Apps declares (the spec's capability negotiation). */
const APPS = { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } };

const dir = mkdtempSync(join(tmpdir(), "preflow-apps-"));
function stateWith(name: string) {
  const stateDir = join(dir, name);
  mkdirSync(stateDir, { recursive: true });
  const policy = join(dir, `${name}.policy.json`);
  writeFileSync(policy, JSON.stringify({ approval: { above: { USDm: "5" }, timeoutSeconds: 5 } }));
  return {
    stateDir,
    env: {
      RPC_URL: devnet.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: key,
      PREFLOW_POLICY: policy,
      PREFLOW_STATE_DIR: stateDir,
    },
  };
}
const plainState = stateWith("plain");
const passkeyState = stateWith("passkey");

type Result = { isError?: boolean; content?: unknown; structuredContent?: Record<string, unknown> };
type Modern = {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<Result>;
  close(): Promise<void>;
};

/** A 2026-07-28 client (pinned) that renders MCP Apps and cannot ask a person (no elicitation). */
async function modernAppsClient(env: Record<string, string>): Promise<Modern> {
  const { client, stderr } = await connectModernClient(env, {
    name: "preflow-apps-test",
    extensions: APPS.extensions,
  });
  return {
    client,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as Result,
    async close() {
      await client.close();
      expect(stderr().toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    },
  };
}

const errorOf = (result: Result) => {
  expect(result.isError).toBe(true);
  return (
    result.structuredContent as { error: { code: string; message: string; details: Record<string, unknown> } }
  ).error;
};

let modern: Modern;
let legacyApps: SpawnedServer;
let legacyPlain: SpawnedServer;
beforeAll(async () => {
  await fund();
  modern = await modernAppsClient(plainState.env);
  legacyApps = await spawnServer(
    { ...plainState.env, PREFLOW_STATE_DIR: join(dir, "legacy") },
    { capabilities: APPS },
  );
  legacyPlain = await spawnServer({ ...plainState.env, PREFLOW_STATE_DIR: join(dir, "legacy-plain") });
});
afterAll(async () => {
  await modern?.close();
  await legacyApps?.close();
  await legacyPlain?.close();
});

describe("the flow view resource and the listing", () => {
  it("resources/list and resources/read give the view in both eras: its MIME type, its CSP metadata, its own CSP", async () => {
    const sha256 = async (text: string) =>
      Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("base64");
    const pages: string[] = [];
    for (const client of [modern.client, legacyApps.client, legacyPlain.client] as unknown as Client[]) {
      const listed = (await client.listResources()).resources;
      expect(listed).toEqual([expect.objectContaining({ uri: FLOW_VIEW, mimeType: RESOURCE_MIME_TYPE })]);
      const read = await client.readResource({ uri: FLOW_VIEW });
      expect(read.contents).toHaveLength(1);
      const content = read.contents[0] as { uri: string; mimeType: string; text: string; _meta?: unknown };
      expect(content.uri).toBe(FLOW_VIEW);
      expect(content.mimeType).toBe(RESOURCE_MIME_TYPE);
      expect(content._meta).toEqual({
        ui: {
          csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          prefersBorder: true,
        },
      });
      pages.push(content.text);
    }
    expect(new Set(pages).size).toBe(1);
    const html = pages[0] as string;
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? "";
    for (const directive of [
      "default-src 'none'",
      "connect-src 'none'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ])
      expect(csp).toContain(directive);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
    expect(scripts).toHaveLength(1);
    expect(csp).toContain(`script-src 'sha256-${await sha256(scripts[0] as string)}'`);
    // No outside script, style or image: the view is the file itself (Chromium below sees it make no request).
    expect(html).not.toMatch(/<(script|img|iframe)[^>]*\bsrc=|<link[^>]*\bhref=/i);
    await expect(modern.client.readResource({ uri: "ui://preflow/other" })).rejects.toThrow(/not found/i);
  });

  it("lists _meta.ui alike in both eras; approve_flow (app-only) only to clients that render Apps", async () => {
    const modernTools = (await modern.client.listTools()).tools;
    const legacyTools = (await legacyApps.client.listTools()).tools;
    expect(modernTools).toEqual(legacyTools);
    const meta = (name: string) => modernTools.find((tool) => tool.name === name)?._meta;
    expect(meta("approve_flow")).toEqual({ ui: { resourceUri: FLOW_VIEW, visibility: ["app"] } });
    for (const name of [
      "prepare_send",
      "prepare_swap",
      "simulate_flow",
      "x402_fetch",
      "execute_prepared_flow",
      "send_token",
    ])
      expect(meta(name)).toEqual({ ui: { resourceUri: FLOW_VIEW } });
    for (const name of ["get_balances", "get_flow_status", "get_policy", "check_attribution_tag"])
      expect(meta(name)).toBeUndefined();
    const plainTools = (await legacyPlain.client.listTools()).tools;
    expect(plainTools).toEqual(modernTools.filter((tool) => tool.name !== "approve_flow"));
    const refused = await legacyPlain.client.callTool({
      name: "approve_flow",
      arguments: { flow: "{}", approval_id: "00000000-0000-4000-8000-000000000000", code: "AAAA-AAAA" },
    });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: { code: string } }).error.code).toBe("UNKNOWN_TOOL");
  });
});

/** The host page's script: test/appsHost/host.ts bundled for the browser. */
async function hostScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL("./appsHost/host.ts", import.meta.url))],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  return (bundled.outputFiles[0]?.text ?? "").replaceAll("</script", "<\\/script");
}

describe.skipIf(noChromium)("the flow view in Chromium", () => {
  let chromium: LaunchedChromium;
  let host: string;
  beforeAll(async () => {
    chromium = await launchChromium();
    host = await hostScript();
  });
  afterAll(async () => {
    await chromium?.close();
  });

  /** Renders the view for `result` in a new page of the host; returns the view's frame and what it asked. */
  async function render(client: Modern, input: Record<string, unknown>, result: Result) {
    const page: Page = await chromium.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    // The view fetches nothing: every request the page makes is recorded (none is expected).
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const read = await client.client.readResource({ uri: FLOW_VIEW });
    const html = (read.contents[0] as { text: string }).text;
    const calls: { name: string; arguments: Record<string, unknown> }[] = [];
    const links: string[] = [];
    await page.exposeFunction("hostView", () => ({ html, input, result }));
    await page.exposeFunction(
      "hostCallTool",
      async (params: { name: string; arguments: Record<string, unknown> }) => {
        calls.push(params);
        return client.call(params.name, params.arguments);
      },
    );
    await page.exposeFunction("hostOpenLink", async (url: string) => {
      links.push(url);
    });
    await page.setContent(`<!DOCTYPE html><html><body><script>${host}</script></body></html>`);
    const frame = (await (await page.waitForSelector("iframe#view"))?.contentFrame()) as Frame;
    await frame.waitForSelector('main[data-state="shown"]', { timeout: 20_000 });
    return { page, frame, calls, links, errors, requests };
  }

  it("shows a send above the threshold (steps, fee, code); Approve sends it once; a second press or a replay sends nothing", async () => {
    const amount = "7";
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const input = { to: friend, token: "USDm", amount };
    const result = await modern.call("send_token", input);
    const error = errorOf(result);
    expect(error.code).toBe("APPROVAL_REQUIRED");
    const approval = error.details.approval as { id: string; code: string; fee: string };
    expect(approval.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(error.message).not.toContain(approval.code);
    expect(await nonceOf()).toBe(nonce);

    const { frame, calls, errors, requests } = await render(modern, input, result);
    const shown = await frame.$eval("main", (main) => main.textContent ?? "");
    const flow = error.details.flow as { steps: { description: string }[] };
    expect(shown).toContain((flow.steps[0] as { description: string }).description);
    expect(shown).toContain(approval.fee);
    expect(await frame.$eval(".code", (element) => element.textContent)).toBe(
      `Approval code: ${approval.code}`,
    );

    // Pressed twice at once: the button takes one press.
    await frame.$eval(".approve", (button) => {
      (button as unknown as { click(): void }).click();
      (button as unknown as { click(): void }).click();
    });
    await frame.waitForSelector('main[data-state="approved"]', { timeout: 40_000 });
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      name: "approve_flow",
      arguments: { flow: error.details.flow, approval_id: approval.id, code: approval.code },
    });
    expect(await frame.$eval(".status", (element) => element.textContent)).toBe("Flow success");
    expect(await nonceOf()).toBe(nonce + 1);
    expect(await usdm(friend)).toBe(before + parseUnits(amount, 18));

    // The same call replayed (by the view's host, or by a model whose host ignores visibility): nothing more.
    // The flow is answered with its execution (`replayed`), nothing sent again; its approval was used.
    const replayed = await modern.call("approve_flow", calls[0]?.arguments as Record<string, unknown>);
    expect(replayed.isError).toBeFalsy();
    expect(replayed.structuredContent).toMatchObject({ replayed: true, status: "success" });
    expect(await nonceOf()).toBe(nonce + 1);
    expect(await usdm(friend)).toBe(before + parseUnits(amount, 18));
  });

  it("renders a prepared flow (steps, fee) and its simulation (balance changes, fee in its currency)", async () => {
    const input = { to: friend, token: "USDm", amount: "3" };
    const prepared = await modern.call("prepare_send", input);
    const flow = prepared.structuredContent as { steps: { description: string }[] };
    const shownFlow = await render(modern, input, prepared);
    expect(await shownFlow.frame.$eval(".steps", (list) => list.textContent)).toBe(
      (flow.steps[0] as { description: string }).description,
    );
    expect(await shownFlow.frame.$eval(".fee", (line) => line.textContent)).toMatch(/^Network fee paid in /);
    const simulated = await modern.call("simulate_flow", { flow });
    const { simulation } = simulated.structuredContent as {
      simulation: {
        balance_changes: { formatted: string | null; symbol: string | null }[];
        fee: { formatted: string; currency: string };
      };
    };
    const shown = await render(modern, { flow }, simulated);
    expect(await shown.frame.$eval(".simulated", (line) => line.textContent)).toBe(
      "Simulation: every step succeeds",
    );
    const changes = await shown.frame.$$eval(".balance-changes li", (items) =>
      items.map((item) => item.textContent),
    );
    expect(changes).toHaveLength(simulation.balance_changes.length);
    expect(changes.join("\n")).toContain("-3 USDm");
    expect(await shown.frame.$eval(".fee", (line) => line.textContent)).toBe(
      `Network fee: ${simulation.fee.formatted} ${simulation.fee.currency}`,
    );
    expect([...shownFlow.requests, ...shown.requests, ...shownFlow.errors, ...shown.errors]).toEqual([]);
    await shown.page.screenshot({ path: join(dir, "simulation.png") });
  });

  it("refuses a wrong code (closing the approval), another flow's approval and a made-up one; nothing is sent", async () => {
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const first = errorOf(await modern.call("send_token", { to: friend, token: "USDm", amount: "8" }));
    const second = errorOf(await modern.call("send_token", { to: friend, token: "USDm", amount: "9" }));
    const one = first.details.approval as { id: string; code: string };
    const other = second.details.approval as { id: string; code: string };
    const approve = (flow: unknown, approval_id: string, code: string) =>
      modern.call("approve_flow", { flow, approval_id, code });
    expect(errorOf(await approve(first.details.flow, other.id, other.code)).code).toBe(
      "APPROVAL_FLOW_CHANGED",
    );
    expect(
      errorOf(await approve(first.details.flow, "00000000-0000-4000-8000-000000000000", one.code)).code,
    ).toBe("APPROVAL_EXPIRED");
    const wrong = one.code === "AAAA-AAAA" ? "BBBB-BBBB" : "AAAA-AAAA";
    expect(errorOf(await approve(first.details.flow, one.id, wrong)).code).toBe("APPROVAL_CODE_MISMATCH");
    expect(errorOf(await approve(first.details.flow, one.id, one.code)).code).toBe("APPROVAL_DECLINED");
    expect(await nonceOf()).toBe(nonce);
    expect(await usdm(friend)).toBe(before);
  });

  it("with a passkey enrolled, approve_flow alone approves nothing; the view opens the passkey link", async () => {
    const tab = await chromium.browser.newPage();
    await addVirtualAuthenticator(tab);
    const press = async (url: string, button: string) => {
      // WebAuthn answers only a focused page: the person's tab comes to the front (the host's pages opened since).
      await tab.bringToFront();
      await tab.goto(url);
      await Promise.all([tab.waitForNavigation(), tab.click(`button[value="${button}"]`)]);
      return tab.$eval("#result, h1", (element) => element.textContent ?? "");
    };
    let pressed: Promise<string> | undefined;
    await enrollPasskey({
      stateDir: passkeyState.stateDir,
      replace: false,
      timeoutMs: 30_000,
      print: () => undefined,
      opened: (url) => {
        pressed = press(url, "enrol");
      },
    });
    expect(await pressed).toBe("Enrolled");
    const withPasskey = await modernAppsClient(passkeyState.env);
    try {
      const nonce = await nonceOf();
      const before = await usdm(friend);
      const input = { to: friend, token: "USDm", amount: "6" };
      const result = await withPasskey.call("send_token", input);
      const error = errorOf(result);
      expect(error.code).toBe("APPROVAL_REQUIRED");
      expect(error.details.approval).toBeUndefined();
      const url = error.details.approval_url as string;
      expect(url).toMatch(/^http:\/\/localhost:\d+\/approve\//);

      // approve_flow by itself (whatever id and code it is given) approves nothing: the passkey link stays the way.
      const alone = errorOf(
        await withPasskey.call("approve_flow", {
          flow: error.details.flow,
          approval_id: "00000000-0000-4000-8000-000000000000",
          code: "AAAA-AAAA",
        }),
      );
      expect(alone.code).toBe("APPROVAL_REQUIRED");
      expect(alone.details.approval_url).toBe(url);
      expect(await nonceOf()).toBe(nonce);

      // The view shows the passkey button, which asks the host to open the link (ui/open-link).
      const { frame, links } = await render(withPasskey, input, result);
      expect(await frame.$(".approve")).toBeNull();
      await frame.click(".passkey-link");
      await expect.poll(() => links, { timeout: 10_000 }).toEqual([url]);
      expect(await nonceOf()).toBe(nonce);

      // The person approves with the passkey on the page the host opened; the same flow then goes through once.
      expect(await press(url, "approve")).toMatch(/approved/i);
      const sent = await withPasskey.call("execute_prepared_flow", { flow: error.details.flow });
      expect(sent.isError).toBeFalsy();
      expect(await nonceOf()).toBe(nonce + 1);
      expect(await usdm(friend)).toBe(before + parseUnits("6", 18));
    } finally {
      await withPasskey.close();
    }
  });
});
