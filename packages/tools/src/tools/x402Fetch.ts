// x402_fetch: an HTTP request that pays a `402 Payment Required` (x402 v2, `exact` on Celo) with the signer,
// under the spending policy: caps.<TOKEN>.perCall (and max_amount) per payment, caps.<TOKEN>.perDay in the same
// ledger as flows, the policy's x402 section ({ hosts, payTo, maxTimeoutSeconds }); special addresses refused
// unless listed and every connection made to an address that was checked (outsideUrl/); bodies read as a stream
// up to MAX_BODY_CHARS; a failure after a payment was signed carries that payment (X402_FETCH_FAILED).
import { z } from "zod/v4";
import { InvalidInputError } from "../errors/input.js";
import { amount } from "../schemas/common.js";
import { defineTool } from "./context.js";
import { payX402Fetch } from "./x402/payX402Fetch.js";
import { previewX402Payment } from "./x402/previewX402Payment.js";
import type { X402FetchRequest } from "./x402/x402FetchRequest.js";
import { x402PaymentLimits } from "./x402/x402PaymentLimits.js";

/** How long before the tool's deadline the paywall's requests and body reading give up. */
const FETCH_MARGIN_MS = 2_000;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;

const payment = z
  .strictObject({
    amount: z.string().describe("Human decimal amount paid (or that would be paid on a dry run)."),
    token: z.string().describe("USDC, USDT or USAT."),
    asset: z.string().describe("The token's address."),
    pay_to: z.string().describe("The payee."),
    network: z.string().describe("eip155:42220."),
    transaction: z
      .string()
      .nullable()
      .describe("The settlement transaction the server reported; null if none yet."),
    status: z.enum(["signed", "settled", "released", "would_pay"]),
  })
  .nullable();

/** `x402_fetch`: fetch a URL, paying an x402 402 within the policy. @internal */
export const x402FetchTool = defineTool({
  name: "x402_fetch",
  title: "Fetch, paying x402",
  family: "execute",
  action: "createX402Fetch",
  waitsOn: "the URL's server (the paywall) or the RPC endpoint",
  description:
    "Fetches `url` (http or https) and, when the server answers 402 Payment Required with x402 v2 requirements (exact on eip155:42220 in USDC, USD₮ or USA₮), pays with this server's signer (an EIP-3009 authorization) and retries. The payment must fit the spending policy: the token's caps.<TOKEN>.perCall and `max_amount` (at least one is needed; the lower wins), caps.<TOKEN>.perDay (x402 payments count with every other spend, from the moment they are signed), and the policy's x402.hosts / x402.payTo allow-lists. Hosts resolving to loopback or private addresses are refused unless listed in x402.hosts. Above the policy's approval.above of the token, a person approves the exact payment (MCP elicitation, form or URL mode) before it is signed; a client that cannot ask gets APPROVAL_REQUIRED with what would be paid. An authorization stays redeemable at most x402.maxTimeoutSeconds (default 300 s); a server asking for longer is refused. A refusal happens before anything is signed. Every address the URL's host resolves to is checked (any spelling of loopback, private, link-local... is refused) and the connection goes to one of them; redirects are answered, never followed. Returns the HTTP status, the body as text (read as a stream, at most 32768 characters; truncated: true when cut) and what was paid; a failure after the payment was signed (the server hung, dripped or broke its body) is X402_FETCH_FAILED naming the server, with the payment in details.payment. dry_run: true fetches without paying or signing and reports what would be paid, refused as a payment would be (perCall, max_amount, perDay, allow-lists).",
  input: z.strictObject({
    url: z.string().min(1).max(2048).describe("The http(s) URL."),
    method: z.enum(METHODS).optional().describe("HTTP method (default GET)."),
    headers: z.record(z.string().max(256), z.string().max(8192)).optional().describe("Request headers."),
    body: z.string().max(1_000_000).optional().describe("Request body (text)."),
    max_amount: amount(
      'The most this request may pay, human decimal in the token asked for, e.g. "0.05".',
    ).optional(),
    dry_run: z
      .boolean()
      .optional()
      .describe("true: fetch without paying; report what would be paid (default false)."),
  }),
  output: z.strictObject({
    status: z.number().int(),
    body: z.string(),
    truncated: z.boolean(),
    payment,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async run(args, context, call) {
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw new InvalidInputError({
        tool: "x402_fetch",
        path: "url",
        value: args.url,
        rule: "must be an absolute http(s) URL",
      });
    }
    const runtime = await context.runtime();
    const { createOutsideFetch } = await import("../outsideUrl/fetchOutsideUrl.js");
    const outside = createOutsideFetch({ allowedHosts: runtime.policy?.x402?.hosts, tool: "x402_fetch" });
    try {
      // Refused before anything is loaded or requested; the addresses checked are the ones connected to.
      await outside.check(url);
      // Loaded on first use: the tool server's start never loads the x402 packages.
      const x402 = await import("@preflow/x402");
      const limits = x402PaymentLimits(runtime, args.max_amount, x402);
      // The paywall's own bound, well inside the tool's: a server that does not answer (or drips its body) is
      // named as the failing party (X402_FETCH_FAILED), not taken for a slow RPC endpoint (TOOL_TIMEOUT).
      const signal = AbortSignal.any([
        call.signal,
        AbortSignal.timeout(Math.max(1_000, call.deadline - Date.now() - FETCH_MARGIN_MS)),
      ]);
      const init: RequestInit = {
        method: args.method ?? "GET",
        redirect: "manual", // a redirect is answered, never followed (it could point inside)
        signal,
        ...(args.headers ? { headers: args.headers } : {}),
        ...(args.body === undefined ? {} : { body: args.body }),
      };
      const request: X402FetchRequest = {
        url,
        shownUrl: `${url.origin}${url.pathname}`,
        init,
        outside,
        limits,
        x402,
        runtime,
        context,
        call,
      };
      return args.dry_run ? await previewX402Payment(request) : await payX402Fetch(request);
    } finally {
      await outside.close();
    }
  },
});
