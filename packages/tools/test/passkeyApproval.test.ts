// Approval that only a person can give, in real headless Chromium with its virtual authenticator (DevTools protocol
// `WebAuthn`: ctap2, internal transport, user verification): the person enrols a passkey once on the enrolment page
// (`preflow-tools enroll-passkey`), then a client that cannot ask (no elicitation) gets APPROVAL_REQUIRED with a
// one-time loopback link; the link fetched and posted without the passkey (node fetch, forged Origin, the page's own
// csrf) approves nothing; the person approves with the passkey and the same execute_prepared_flow call goes through,
// exactly one transaction on the devnet; the posted assertion replayed (on its page, on another flow's page) is
// refused; a link past its time is closed. A URL-mode client's page asks for the passkey too. No result, log or
// state file holds the signer's key, and none holds the page's csrf secret or anything of the private credential.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LaunchedChromium, launchChromium, noChromium } from "@preflow/devnet/chromium";
import { useDevnet } from "@preflow/devnet/vitest";
import type { CDPSession, Page } from "puppeteer-core";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollPasskey } from "../src/approval/passkey/enrollPasskey.js";
import { readPasskey } from "../src/approval/passkey/passkeyFile.js";
import {
  approvalAccounts,
  BIN,
  data,
  type Execution,
  policyEnvironment,
  type SpawnedServer,
  spawnServer,
  toolError,
} from "./helpers/spawnServer.js";
import { addVirtualAuthenticator } from "./helpers/virtualAuthenticator.js";

const devnet = useDevnet();
const { key, friend, nonceOf, usdm, ...accounts } = approvalAccounts(devnet);

const dir = mkdtempSync(join(tmpdir(), "preflow-passkey-"));
/** A state directory with its own policy; the enrolled passkey is copied in once enrolled. */
function stateWith(name: string, approval: Record<string, unknown>) {
  const setup = policyEnvironment({
    rpcUrl: devnet.rpcUrl,
    key,
    dir,
    name,
    policy: { approval: { above: { USDm: "5" }, ...approval } },
  });
  mkdirSync(setup.stateDir, { recursive: true });
  return setup;
}
const linked = stateWith("linked", { timeoutSeconds: 5 });
const short = stateWith("short", { timeoutSeconds: 5, linkSeconds: 2 });
const urlMode = stateWith("url", { timeoutSeconds: 8, mode: "url" });

let chromium: LaunchedChromium | undefined;
/** The person's tab: its virtual authenticator holds the passkey (the private key never leaves it). */
let tab: Page;
let cdp: CDPSession;
let authenticatorId: string;
/** The authenticator's private key (base64 PKCS#8, as DevTools reports it): it must appear nowhere else. */
const privateKeys: string[] = [];
let noElicitation: SpawnedServer;
let shortLinks: SpawnedServer;
let urlClient: SpawnedServer;
/** Every form post the person's browser made to a loopback page: what a replay would resend. */
const posts: { url: string; body: string }[] = [];
/** What the URL-mode client does with a question (set per test). */
let client$: (params: { url: string }) => Promise<{ action: "accept" | "decline" }> = async () => ({
  action: "decline",
});
/** Every page the person's browser was shown. */
const shown: string[] = [];

/** The person opens `url` and presses `button` (the browser asks the authenticator); returns the page's result. */
async function press(url: string, button: string): Promise<string> {
  await tab.goto(url);
  shown.push(await tab.content());
  await Promise.all([tab.waitForNavigation(), tab.click(`button[value="${button}"]`)]);
  return tab.$eval("#result, h1", (element) => element.textContent ?? "");
}

/** A page fetched and posted as a script would: node fetch, the page's own csrf, the Origin forged to the page's. */
async function forge(url: string, fields: Record<string, string>): Promise<number> {
  const origin = new URL(url).origin;
  const got = await fetch(url);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await got.text())?.[1] ?? "";
  const posted = await fetch(url, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ csrf, ...fields }).toString(),
  });
  return posted.status;
}

async function prepare(amount: string): Promise<Record<string, unknown>> {
  return data(await noElicitation.call("prepare_send", { to: friend, token: "USDm", amount }));
}

function approvalUrl(details: unknown): string {
  const url = (details as { approval_url?: unknown }).approval_url;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/approve\/[A-Za-z0-9_-]{43}$/);
  return url as string;
}

beforeAll(async () => {
  if (noChromium) return;
  await accounts.fund();
  chromium = await launchChromium();
  tab = await chromium.browser.newPage();
  tab.on("request", (request) => {
    if (request.method() === "POST") posts.push({ url: request.url(), body: request.postData() ?? "" });
  });
  ({ cdp, authenticatorId } = await addVirtualAuthenticator(tab));
  // Enrolment, as `preflow-tools enroll-passkey` runs it: the page is printed, the person creates the passkey.
  const printed: string[] = [];
  let pressed: Promise<string> | undefined;
  const enrolled = await enrollPasskey({
    stateDir: linked.stateDir,
    replace: false,
    timeoutMs: 30_000,
    print: (line) => printed.push(line),
    opened: (url) => {
      pressed = press(url, "enrol");
    },
  });
  expect(await pressed).toBe("Enrolled");
  expect(enrolled.outcome).toBe("enrolled");
  expect(printed.join("\n")).toMatch(/http:\/\/localhost:\d+\/approve\//);
  for (const other of [short, urlMode])
    copyFileSync(join(linked.stateDir, "passkey.json"), join(other.stateDir, "passkey.json"));
  noElicitation = await spawnServer(linked.env);
  shortLinks = await spawnServer(short.env);
  urlClient = await spawnServer(urlMode.env, {
    elicitation: { url: true, answer: async (params) => client$(params as { url: string }) },
  });
}, 120_000);

afterAll(async () => {
  await noElicitation?.close();
  await shortLinks?.close();
  await urlClient?.close();
  await chromium?.close();
});

describe("preflow-tools enroll-passkey (the built binary)", () => {
  const run = (args: string[], stateDir: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [BIN, "enroll-passkey", ...args],
        { env: { PATH: process.env.PATH ?? "", PREFLOW_STATE_DIR: stateDir }, timeout: 20_000 },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });

  it("refuses an unknown argument, prints the page, and enrols nothing when nobody comes", async () => {
    const stateDir = join(dir, "cli");
    const bad = await run(["--bogus"], stateDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown argument "--bogus"/);
    const idle = await run(["--timeout", "1"], stateDir);
    expect(idle.code).toBe(1);
    expect(idle.stderr).toMatch(/http:\/\/localhost:\d+\/approve\/[A-Za-z0-9_-]{43}/);
    expect(idle.stderr).toMatch(/No passkey enrolled \(expired\)/);
    expect(idle.stdout).toBe("");
    expect(readPasskey(stateDir)).toBeUndefined();
  });
});

describe.skipIf(noChromium)("approval with a passkey, in Chromium's virtual authenticator", () => {
  it("enrols: the public side only, in a 0600 file; a second enrolment needs --replace", async () => {
    const file = join(linked.stateDir, "passkey.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const passkey = readPasskey(linked.stateDir);
    expect(passkey).toMatchObject({ id: expect.any(String), publicKey: expect.any(String) });
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8"))).sort()).toEqual([
      "counter",
      "enrolledAt",
      "id",
      "publicKey",
      "transports",
    ]);
    // The authenticator's credential: its private key stays in the authenticator, never in the server's file.
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    privateKeys.push(...credentials.map((credential) => credential.privateKey));
    expect(credentials[0]?.credentialId.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")).toBe(
      passkey?.id,
    );
    for (const privateKey of privateKeys) expect(readFileSync(file, "utf8")).not.toContain(privateKey);
    await expect(
      enrollPasskey({ stateDir: linked.stateDir, replace: false, timeoutMs: 1_000, print: () => undefined }),
    ).rejects.toThrow(/--replace/);
  });

  it("get_policy shows the passkey enrolled and how long a link stays open", async () => {
    const approvalOf = async (server: SpawnedServer) =>
      data<{ approval: Record<string, unknown> }>(await server.call("get_policy")).approval;
    expect(await approvalOf(noElicitation)).toMatchObject({ passkey: "enrolled", link_seconds: 600 });
    expect(await approvalOf(shortLinks)).toMatchObject({ passkey: "enrolled", link_seconds: 2 });
  });

  it("a client that cannot ask gets a one-time link; without the passkey it approves nothing; with it, the same call sends once", async () => {
    const flow = await prepare("6");
    const nonce = await nonceOf();
    const before = await usdm(friend);
    const first = toolError(await noElicitation.call("execute_prepared_flow", { flow }));
    expect(first.code).toBe("APPROVAL_REQUIRED");
    const url = approvalUrl(first.details);
    expect(first.message).toContain(url);
    expect(first.message).toMatch(/approves nothing without their passkey/);

    // The link as a script with a shell or the model would use it: fetched, its csrf read, posted with a forged
    // Origin, without an assertion, then with garbage for one.
    expect(await forge(url, { decision: "approve" })).toBe(403);
    expect(await forge(url, { decision: "approve", credential: "{}" })).toBe(403);
    expect(await forge(url, { decision: "approve", credential: '{"id":"x","response":{}}' })).toBe(403);
    // Still nothing approved: the call asks again with the same link, and nothing was sent.
    const again = toolError(await noElicitation.call("execute_prepared_flow", { flow }));
    expect(again.code).toBe("APPROVAL_REQUIRED");
    expect(approvalUrl(again.details)).toBe(url);
    expect(await nonceOf()).toBe(nonce);

    // The person approves with the passkey.
    expect(await press(url, "approve")).toBe("Approved");
    const page = shown.at(-1) as string;
    expect(page).toContain("Send 6 USDm");
    expect(page).toMatch(/script-src|<script nonce=/);
    const result = data<Execution>(await noElicitation.call("execute_prepared_flow", { flow }));
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
    expect((await usdm(friend)) - before).toBe(parseUnits("6", 18));
    // The same call once more is the earlier execution (sent once), and the page is gone.
    const replay = data<Execution>(await noElicitation.call("execute_prepared_flow", { flow }));
    expect(replay).toMatchObject({ status: "success", replayed: true });
    expect(await nonceOf()).toBe(nonce + 1);
    await expect(fetch(url)).rejects.toThrow();
    // The approval was used once: sending the same flow again (force) needs a new approval, on a new link.
    const forced = toolError(await noElicitation.call("execute_prepared_flow", { flow, force: true }));
    expect(forced.code).toBe("APPROVAL_REQUIRED");
    expect(approvalUrl(forced.details)).not.toBe(url);
    expect(await nonceOf()).toBe(nonce + 1);

    // The assertion the browser posted, replayed to another flow's page (its own csrf, a forged Origin): refused.
    const posted = new URLSearchParams(posts.filter((post) => post.url === url).at(-1)?.body ?? "");
    expect(posted.get("credential")).toMatch(/"signature"/);
    const other = await prepare("6.5");
    const otherError = toolError(await noElicitation.call("execute_prepared_flow", { flow: other }));
    const otherUrl = approvalUrl(otherError.details);
    expect(otherUrl).not.toBe(url);
    expect(
      await forge(otherUrl, { decision: "approve", credential: posted.get("credential") as string }),
    ).toBe(403);
    expect(toolError(await noElicitation.call("execute_prepared_flow", { flow: other })).code).toBe(
      "APPROVAL_REQUIRED",
    );
    expect(await nonceOf()).toBe(nonce + 1);
    // The person declines that one: the link closes and the next call gets a new one.
    expect(await press(otherUrl, "decline")).toBe("Declined");
    const fresh = toolError(await noElicitation.call("execute_prepared_flow", { flow: other }));
    expect(approvalUrl(fresh.details)).not.toBe(otherUrl);
    expect(await nonceOf()).toBe(nonce + 1);
  });

  it("refuses a link past its time: nothing approved, a new link next time", async () => {
    const flow = data(await shortLinks.call("prepare_send", { to: friend, token: "USDm", amount: "7" }));
    const nonce = await nonceOf();
    const url = approvalUrl(toolError(await shortLinks.call("execute_prepared_flow", { flow })).details);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(fetch(url)).rejects.toThrow();
    const next = toolError(await shortLinks.call("execute_prepared_flow", { flow }));
    expect(next.code).toBe("APPROVAL_REQUIRED");
    expect(approvalUrl(next.details)).not.toBe(url);
    expect(await nonceOf()).toBe(nonce);
  });

  it("URL mode needs the passkey too: a forged post is refused, the person approves with it, one transaction", async () => {
    const forged: number[] = [];
    client$ = async ({ url }) => {
      expect(url).toMatch(/^http:\/\/localhost:\d+\/approve\//);
      // Whatever reads the URL the client was given posts first, without the passkey: refused, the page stays open.
      forged.push(await forge(url, { decision: "approve" }));
      void press(url, "approve");
      return { action: "accept" };
    };
    const nonce = await nonceOf();
    const result = data<Execution>(
      await urlClient.call("send_token", { to: friend, token: "USDm", amount: "8" }),
    );
    expect(result.status).toBe("success");
    expect(await nonceOf()).toBe(nonce + 1);
    expect(shown.at(-1)).toContain("passkey");
    expect(forged).toEqual([403]);
  });

  it("a client that declines by itself (it never shows the question) gets the link; nothing is sent", async () => {
    client$ = async () => ({ action: "decline" });
    const nonce = await nonceOf();
    const error = toolError(await urlClient.call("send_token", { to: friend, token: "USDm", amount: "8.5" }));
    expect(error.code).toBe("APPROVAL_REQUIRED");
    expect(error.message).toMatch(/declined to show the question/);
    approvalUrl(error.details);
    expect(await nonceOf()).toBe(nonce);
  });

  it("no result, log or state file holds a secret: the key, a page's csrf, the authenticator's private key", async () => {
    const csrfs = shown
      .map((html) => /name="csrf" value="([^"]+)"/.exec(html)?.[1])
      .filter(Boolean) as string[];
    expect(csrfs.length).toBeGreaterThan(3);
    const everything = [noElicitation, shortLinks, urlClient]
      .map((server) => {
        const { stdout, stderr, results } = server.captured();
        return [stdout, stderr, ...results].join("\n");
      })
      .join("\n")
      .toLowerCase();
    expect(everything).not.toContain(key.slice(2).toLowerCase());
    for (const csrf of csrfs) expect(everything).not.toContain(csrf.toLowerCase());
    expect(privateKeys).toHaveLength(1);
    for (const privateKey of privateKeys) {
      expect(everything).not.toContain(privateKey.toLowerCase());
      for (const state of [linked, short, urlMode])
        expect(readFileSync(join(state.stateDir, "passkey.json"), "utf8")).not.toContain(privateKey);
    }
    expect(everything).toContain("approval_url");
    const sizes = shown.map((html) => Buffer.byteLength(html));
    console.log(
      `passkey pages: ${Math.min(...sizes)} to ${Math.max(...sizes)} bytes, one inline script, no URL`,
    );
    for (const html of shown) expect(html).not.toMatch(/(?:src|href)="https?:/);
  });
});
