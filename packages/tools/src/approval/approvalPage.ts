// URL mode: a one-time approval page on 127.0.0.1 (node:http, nothing else). Its URL carries a single-use token
// (256 random bits); the page shows the same preview as form mode and posts Approve or Decline back with a second
// secret that only the page holds (CSRF), from its own origin (Origin and Host checked: no other site, no DNS
// rebinding), once. The page is never framed, cached or sent as a referrer to another site. The model never sees it: the client
// opens the URL for the person (MCP URL-mode elicitation).
// With a passkey enrolled (passkey/passkeyFile.ts) the page is served on http://localhost:<port> (WebAuthn's relying
// party is `localhost`; browsers allow it on loopback http) and Approve counts only with a passkey assertion over the
// page's challenge (passkey/passkeyCeremony.ts): the token and the csrf secret keep other sites out, the passkey keeps
// out whatever can read the page (the model that was shown the link, a process with a shell). Declining needs no key.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApprovalText } from "./approvalMessage.js";

/** What the person did on the page. @internal */
export type PageDecision = "approve" | "decline" | "expired" | "aborted";

/** An open approval page. @internal */
export interface ApprovalPage {
  /** `http://127.0.0.1:<port>/approve/<token>`. */
  readonly url: string;
  /** The person's decision, `"expired"` after `timeoutMs`, `"aborted"` when `signal` aborts; then the page closes. */
  decision(timeoutMs: number, signal: AbortSignal): Promise<PageDecision>;
  /** Closes the page (idempotent); a later visit finds nothing. */
  close(): Promise<void>;
}

/** What makes Approve need the person's passkey. @internal */
export interface PagePasskey {
  credentialId: string;
  /** The approval's challenge (passkeyCeremony.ts `approvalChallenge`). */
  challenge: string;
  /** Verifies a posted assertion for the page's `origin` (once true, the page is answered). */
  verify(posted: string, origin: string): Promise<boolean>;
  /**
   * Records the answer before the page shows it (a link's: the person's next word to the model may be "done");
   * `false` when an approval came too late (the page then refuses it).
   */
  recordAnswer?(decision: "approve" | "decline"): Promise<boolean>;
}

/** The browser side of both ceremonies: plain `navigator.credentials`, base64url both ways, nothing external. */
const CEREMONY_SCRIPT = `const d=JSON.parse(document.getElementById("pk").textContent),f=document.querySelector("form"),s=document.getElementById("status");
const b=t=>Uint8Array.from(atob(t.replace(/-/g,"+").replace(/_/g,"/")),c=>c.charCodeAt(0));
const e=a=>btoa(String.fromCharCode(...new Uint8Array(a))).replace(/\\+/g,"-").replace(/\\//g,"_").replace(/=+$/,"");
f.addEventListener("submit",async v=>{const w=v.submitter;if(!w||w.value==="decline"||f.elements.credential.value)return;v.preventDefault();w.disabled=true;s.textContent="Waiting for your passkey…";
try{let c,r;if(d.create){const o=d.create;o.challenge=b(o.challenge);o.user.id=b(o.user.id);o.excludeCredentials=(o.excludeCredentials||[]).map(x=>({...x,id:b(x.id)}));c=await navigator.credentials.create({publicKey:o});r={clientDataJSON:e(c.response.clientDataJSON),attestationObject:e(c.response.attestationObject),transports:c.response.getTransports?c.response.getTransports():[]};}
else{c=await navigator.credentials.get({publicKey:{challenge:b(d.challenge),rpId:d.rpId,allowCredentials:[{type:"public-key",id:b(d.credentialId)}],userVerification:"required",timeout:120000}});r={clientDataJSON:e(c.response.clientDataJSON),authenticatorData:e(c.response.authenticatorData),signature:e(c.response.signature)};if(c.response.userHandle)r.userHandle=e(c.response.userHandle);}
f.elements.credential.value=JSON.stringify({id:c.id,rawId:e(c.rawId),type:c.type,response:r,clientExtensionResults:c.getClientExtensionResults(),authenticatorAttachment:c.authenticatorAttachment||undefined});w.disabled=false;f.requestSubmit(w);}
catch(x){w.disabled=false;s.textContent="No passkey: "+x.name+". Nothing was approved; try again or decline.";}});`;

/** The page's data for the ceremony script (base64url and plain words only; `<` escaped all the same). */
const ceremonyData = (value: unknown) =>
  `<script type="application/json" id="pk">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

const TOKEN_LENGTH = 43;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A WebAuthn response (a few hundred bytes of base64url JSON, urlencoded) fits with a wide margin. */
const MAX_BODY = 16_384;
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  // Never sent to another site (the URL holds the token); same-origin keeps the Origin header on its own posts.
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
} as const;

/** The token of a page path (`/approve/<43 base64url characters>`), or `undefined`. Never throws. @internal */
export function parseApprovalPath(path: unknown): string | undefined {
  if (typeof path !== "string" || path.length !== "/approve/".length + TOKEN_LENGTH) return undefined;
  if (!path.startsWith("/approve/")) return undefined;
  const token = path.slice("/approve/".length);
  return TOKEN.test(token) ? token : undefined;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>body{font:15px/1.45 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem;border-radius:6px}button{font-size:1rem;padding:.6rem 1.4rem;margin-right:1rem}.code{font:bold 1.3rem monospace}</style></head><body>${body}</body></html>`;
}

/** What one page shows and takes: the form, the answer a post carries, and the page after it. */
interface PageSpec<Answer> {
  title: string;
  /** The page's body; `path` is where the form posts, `csrf` goes in a hidden field. */
  form(path: string, csrf: string): string;
  /**
   * The answer a post carries (its csrf already checked; `origin` is the page's), or `undefined` for a malformed or
   * unauthenticated post (the page stays open).
   */
  read(fields: URLSearchParams, origin: string): Answer | undefined | Promise<Answer | undefined>;
  /** The page shown once the answer is taken. */
  done(answer: Answer): { title: string; body: string };
  /** The page's one script (run under a CSP nonce), for the passkey ceremonies; none by default. */
  script?: string;
  /** `localhost` for a page that asks for a passkey (WebAuthn's relying party); `127.0.0.1` by default. */
  host?: "localhost" | "127.0.0.1";
}

/** A one-time page: what {@link openApprovalPage} and {@link openPasswordPage} share. */
interface OneTimePage<Answer> {
  readonly url: string;
  answer(timeoutMs: number, signal: AbortSignal): Promise<Answer | "expired" | "aborted">;
  close(): Promise<void>;
}

/**
 * Opens a one-time approval page for `text` on a free loopback port; with `passkey`, Approve needs the person's
 * passkey (the page is then on `http://localhost:<port>`). @internal
 */
export async function openApprovalPage(text: ApprovalText, passkey?: PagePasskey): Promise<ApprovalPage> {
  const form = (decision: string, label: string) =>
    `<button type="submit" name="decision" value="${decision}">${label}</button>`;
  const withKey = passkey
    ? `<input type="hidden" name="credential" value="">${ceremonyData({ challenge: passkey.challenge, rpId: "localhost", credentialId: passkey.credentialId })}<p id="status">Approve asks for your passkey: only you can approve.</p>`
    : "";
  const page = await openOneTimePage<"approve" | "decline">({
    ...(passkey ? { script: CEREMONY_SCRIPT, host: "localhost" as const } : {}),
    title: `Approve this ${text.subject ?? "flow"}?`,
    form: (path, csrf) =>
      `<h1>Approve this ${escapeHtml(text.subject ?? "flow")}?</h1><pre id="preview">${escapeHtml(text.preview)}\n${escapeHtml(text.calls)}\n${escapeHtml(text.fee)}</pre><p>Above the approval threshold: <strong>${escapeHtml(text.over.join("; "))}</strong></p><p>${text.subject === "x402 payment" ? "Payment" : "Flow"} id <code>${escapeHtml(text.flowId)}</code><br>Approval <code>${escapeHtml(text.approvalId)}</code>, code <span class="code" id="code">${escapeHtml(text.code)}</span>, open ${text.waitSeconds} s</p><form method="post" action="${escapeHtml(path)}"><input type="hidden" name="csrf" value="${csrf}">${withKey}${form("approve", "Approve")}${form("decline", "Decline")}</form>`,
    read: async (fields, origin) => {
      const decision = fields.get("decision");
      if (decision === "decline") {
        await passkey?.recordAnswer?.(decision);
        return decision;
      }
      if (decision !== "approve") return undefined;
      if (!passkey) return decision;
      if (!(await passkey.verify(fields.get("credential") ?? "", origin))) return undefined;
      return (await (passkey.recordAnswer?.(decision) ?? true)) ? decision : undefined;
    },
    done: (decision) =>
      decision === "approve"
        ? {
            title: "Approved",
            body: `<h1 id="result">Approved</h1><p>${text.subject === "x402 payment" ? "Payment" : "Flow"} <code>${escapeHtml(text.flowId)}</code> is signed now. You can close this tab.</p>`,
          }
        : {
            title: "Declined",
            body: `<h1 id="result">Declined</h1><p>Nothing is signed. You can close this tab.</p>`,
          },
  });
  return {
    url: page.url,
    decision: (timeoutMs, signal) => page.answer(timeoutMs, signal),
    close: page.close,
  };
}

/** What the person did on a password page: typed a password, or nothing (`"expired"`, `"aborted"`). @internal */
export type PasswordAnswer = { password: string } | "cancel" | "expired" | "aborted";

/** An open password page. @internal */
export interface PasswordPage {
  /** `http://127.0.0.1:<port>/approve/<token>`. */
  readonly url: string;
  /** The password typed (once), `"cancel"`, `"expired"` after `timeoutMs`, `"aborted"` when `signal` aborts. */
  password(timeoutMs: number, signal: AbortSignal): Promise<PasswordAnswer>;
  close(): Promise<void>;
}

/**
 * Password mode of the approval page: a one-time page on 127.0.0.1 where a person types a keystore's password, so it
 * never passes through the MCP client or the model (the client only opens the URL). Same protections as the approval
 * page (single-use token, csrf, Origin and Host checked, never framed or cached); the field is `autocomplete=off`
 * and the password is never echoed back. @internal
 */
export async function openPasswordPage(parameters: {
  keystore: string;
  address: string;
  tool: string;
}): Promise<PasswordPage> {
  const { keystore, address, tool } = parameters;
  const page = await openOneTimePage<{ password: string } | "cancel">({
    title: "Unlock the signer's keystore",
    form: (path, csrf) =>
      `<h1>Unlock the signer's keystore</h1><p>The preflow tool server needs the password of its keystore <code>${escapeHtml(keystore)}</code> (address <code>${escapeHtml(address)}</code>) to run <code>${escapeHtml(tool)}</code>. It stays in the server's memory until it stops; it is never sent to the MCP client or the model.</p><form method="post" action="${escapeHtml(path)}"><input type="hidden" name="csrf" value="${csrf}"><input type="password" name="password" id="password" autocomplete="off" autofocus required> <button type="submit" name="decision" value="unlock">Unlock</button><button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></form>`,
    read: (fields) => {
      const decision = fields.get("decision");
      if (decision === "cancel") return "cancel";
      const password = fields.get("password");
      return decision === "unlock" && password !== null ? { password } : undefined;
    },
    done: (answer) =>
      answer === "cancel"
        ? {
            title: "Cancelled",
            body: `<h1 id="result">Cancelled</h1><p>The keystore stays locked; nothing is signed.</p>`,
          }
        : {
            title: "Received",
            body: `<h1 id="result">Received</h1><p>The server is checking the password now; the tool's answer says whether it unlocked. You can close this tab.</p>`,
          },
  });
  return {
    url: page.url,
    password: (timeoutMs, signal) => page.answer(timeoutMs, signal),
    close: page.close,
  };
}

/** An open enrolment page. @internal */
export interface EnrolmentPage<Enrolled> {
  /** `http://localhost:<port>/approve/<token>`. */
  readonly url: string;
  /** The verified passkey once enrolled, `"cancel"`, `"expired"` after `timeoutMs`, `"aborted"` on `signal`. */
  enrolled(timeoutMs: number, signal: AbortSignal): Promise<Enrolled | "cancel" | "expired" | "aborted">;
  close(): Promise<void>;
}

/**
 * The enrolment page of `preflow-tools enroll-passkey`: a one-time page on `http://localhost:<port>` that creates a
 * passkey with `options` (WebAuthn registration) and posts the public side; `verify` checks it for the page's origin
 * and returns what to keep (or `undefined`: the page stays open). @internal
 */
export async function openEnrolmentPage<Enrolled>(parameters: {
  options: unknown;
  verify(posted: string, origin: string): Promise<Enrolled | undefined>;
}): Promise<EnrolmentPage<Enrolled>> {
  const page = await openOneTimePage<{ enrolled: Enrolled } | "cancel">({
    title: "Enrol a passkey for preflow-tools",
    host: "localhost",
    script: CEREMONY_SCRIPT,
    form: (path, csrf) =>
      `<h1>Enrol a passkey for preflow-tools</h1><p>From now on, every payment or flow above the policy's approval threshold is approved with this passkey, by you, on a page like this one. The private key stays in your authenticator; the server keeps only the public key.</p><form method="post" action="${escapeHtml(path)}"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="credential" value="">${ceremonyData({ create: parameters.options })}<p id="status"></p><button type="submit" name="decision" value="enrol">Create the passkey</button><button type="submit" name="decision" value="decline">Cancel</button></form>`,
    read: async (fields, origin) => {
      const decision = fields.get("decision");
      if (decision === "decline") return "cancel";
      if (decision !== "enrol") return undefined;
      const enrolled = await parameters.verify(fields.get("credential") ?? "", origin);
      return enrolled === undefined ? undefined : { enrolled };
    },
    done: (answer) =>
      answer === "cancel"
        ? { title: "Cancelled", body: `<h1 id="result">Cancelled</h1><p>No passkey was enrolled.</p>` }
        : {
            title: "Enrolled",
            body: `<h1 id="result">Enrolled</h1><p>Approvals now need this passkey. You can close this tab.</p>`,
          },
  });
  return {
    url: page.url,
    async enrolled(timeoutMs, signal) {
      const answer = await page.answer(timeoutMs, signal);
      return typeof answer === "object" ? answer.enrolled : answer;
    },
    close: page.close,
  };
}

async function openOneTimePage<Answer>(spec: PageSpec<Answer>): Promise<OneTimePage<Answer>> {
  const token = randomBytes(32).toString("base64url");
  const csrf = randomBytes(32).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const headers = spec.script
    ? {
        ...HEADERS,
        "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      }
    : HEADERS;
  const script = spec.script ? `<script nonce="${nonce}">${spec.script}</script>` : "";
  let state: "open" | "closed" = "open";
  let settle: (answer: Answer | "expired") => void = () => undefined;
  const decided = new Promise<Answer | "expired">((resolve) => {
    settle = resolve;
  });
  let origin = "";

  const send = (response: ServerResponse, status: number, title: string, body: string) => {
    response.writeHead(status, headers);
    response.end(page(title, body));
  };
  const gone = (response: ServerResponse) =>
    send(
      response,
      410,
      "Approval closed",
      "<h1>This approval is closed</h1><p>It was answered or it expired.</p>",
    );

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const host = request.headers.host ?? "";
    if (`http://${host}` !== origin) return send(response, 421, "Wrong host", "<h1>Wrong host</h1>");
    const path = (request.url ?? "").split("?")[0];
    const given = parseApprovalPath(path);
    if (given === undefined || !same(given, token))
      return send(response, 404, "Not found", "<h1>Not found</h1>");
    if (state !== "open") return gone(response);
    if (request.method === "GET")
      return send(response, 200, spec.title, `${spec.form(path as string, csrf)}${script}`);
    if (request.method !== "POST") {
      response.setHeader("allow", "GET, POST");
      return send(response, 405, "Method not allowed", "<h1>Method not allowed</h1>");
    }
    // A cross-site form or script cannot post here: the Origin must be this page's, and the csrf secret is only
    // in the page, which no other origin can read.
    const site = request.headers["sec-fetch-site"];
    if (request.headers.origin !== origin || (site !== undefined && site !== "same-origin")) {
      return send(response, 403, "Refused", "<h1>Refused</h1><p>Not posted from the approval page.</p>");
    }
    if (!String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      return send(response, 415, "Refused", "<h1>Refused</h1>");
    }
    void readFormBody(request).then(async (body) => {
      if (body === undefined) return;
      const fields = new URLSearchParams(body);
      const answer = same(fields.get("csrf") ?? "", csrf) ? await spec.read(fields, origin) : undefined;
      if (answer === undefined) {
        return send(
          response,
          403,
          "Refused",
          "<h1>Refused</h1><p>Nothing was taken: not posted from this page, or without the enrolled passkey.</p>",
        );
      }
      if (state !== "open") return gone(response);
      state = "closed";
      settle(answer);
      const shown = spec.done(answer);
      send(response, 200, shown.title, shown.body);
    });
    return undefined;
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${spec.host ?? "127.0.0.1"}:${port}`;
  // The server never keeps the process alive on its own.
  server.unref();

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    state = "closed";
    settle("expired");
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Let the last answer ("Approved") reach the browser, then drop idle keep-alive connections.
      setTimeout(() => server.closeAllConnections(), 200).unref();
    });
    return closing;
  };
  return {
    url: `${origin}/approve/${token}`,
    async answer(timeoutMs, signal) {
      const outcome = await raceAnswer(decided, timeoutMs, signal);
      await close();
      return outcome;
    },
    close,
  };
}

/** A posted form's body; `undefined` (the connection dropped) when it is longer than MAX_BODY or fails. */
function readFormBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) {
        request.destroy();
        resolve(undefined);
      }
    });
    request.on("end", () => resolve(body));
    request.on("error", () => resolve(undefined));
  });
}

/** The page's answer, `"expired"` after `timeoutMs`, or `"aborted"` when `signal` aborts first. */
async function raceAnswer<Answer>(
  decided: Promise<Answer | "expired">,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Answer | "expired" | "aborted"> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const outcome = await Promise.race([
    decided,
    new Promise<"expired" | "aborted">((resolve) => {
      timer = setTimeout(() => resolve("expired"), Math.max(0, timeoutMs));
      onAbort = () => resolve("aborted");
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (onAbort) signal.removeEventListener("abort", onAbort);
  return outcome;
}
