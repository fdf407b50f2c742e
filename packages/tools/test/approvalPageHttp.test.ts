// The page's own rules, over loopback HTTP without a browser (the browser test, test/approvalPage.test.ts, presses
// the button as a person would): a wrong token, a wrong host, a cross-site post, a post without the page's secret, a
// second post, and a visit after the answer are refused; the token's path parser never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApprovalText } from "../src/approval/approvalMessage.js";
import { openApprovalPage, parseApprovalPath } from "../src/approval/approvalPage.js";

const text: ApprovalText = {
  preview: "Send 7 USDm to 0x2222222222222222222222222222222222222222 <script>alert(1)</script>",
  calls: "Contracts called: 1. USDm (0x765DE816845861e75A25fCA122bb6898B8B1282a).transfer.",
  fee: "Network fee: paid by the signer 0x1111111111111111111111111111111111111111 in CELO.",
  over: ["7 USDm, above 5 USDm"],
  flowId: "ab".repeat(32),
  approvalId: "3f1c",
  code: "K7QM-4XPD",
  waitSeconds: 30,
};

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin, ...headers },
    redirect: "manual",
  });

describe("parseApprovalPath", () => {
  it("takes exactly /approve/ + 43 base64url characters; never throws", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const token = Buffer.from(bytes).toString("base64url");
        expect(parseApprovalPath(`/approve/${token}`)).toBe(token);
        expect(parseApprovalPath(`/approve/${token}x`)).toBeUndefined();
        expect(parseApprovalPath(`/approve/${token.slice(1)}`)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseApprovalPath(value);
        if (parsed !== undefined) expect(parsed).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });
});

describe("the approval page", () => {
  it("serves the escaped preview once, refuses wrong tokens, hosts, origins and secrets, and takes one answer", async () => {
    const page = await openApprovalPage(text);
    const url = new URL(page.url);
    expect(url.hostname).toBe("127.0.0.1");
    const decision = page.decision(10_000, new AbortController().signal);
    const html = await (await fetch(page.url)).text();
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("K7QM-4XPD");
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const wrongToken = `${url.origin}/approve/${"A".repeat(43)}`;
    expect((await fetch(wrongToken)).status).toBe(404);
    expect((await post(wrongToken, `csrf=${csrf}&decision=approve`)).status).toBe(404);
    expect((await fetch(page.url.replace("127.0.0.1", "localhost"))).status).toBe(421);
    expect(
      (await post(page.url, `csrf=${csrf}&decision=approve`, { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(
      (await post(page.url, `csrf=${csrf}&decision=approve`, { "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);
    expect((await post(page.url, "decision=approve")).status).toBe(403);
    expect((await post(page.url, `csrf=${"B".repeat(43)}&decision=approve`)).status).toBe(403);
    expect((await post(page.url, `csrf=${csrf}&decision=maybe`)).status).toBe(403);
    expect((await fetch(page.url, { method: "PUT" })).status).toBe(405);

    const answer = await post(page.url, `csrf=${csrf}&decision=approve`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Approved");
    expect(await decision).toBe("approve");
    await page.close();
    await expect(fetch(page.url)).rejects.toThrow();
  });

  it("answers expired after its time, and a visit then finds it closed", async () => {
    const page = await openApprovalPage(text);
    const html = await (await fetch(page.url)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] as string;
    expect(await page.decision(50, new AbortController().signal)).toBe("expired");
    await expect(post(page.url, `csrf=${csrf}&decision=approve`)).rejects.toThrow();
  });
});
