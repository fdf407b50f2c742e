// x402_fetch: an HTTP request that pays a `402 Payment Required` (x402 v2, `exact` on Celo) with the signer,
// under the spending policy: caps.<TOKEN>.perCall (and max_amount) per payment, caps.<TOKEN>.perDay in the same
// ledger as flows, the policy's x402 section ({ hosts, payTo, maxTimeoutSeconds }); special addresses refused
// unless listed and every connection made to an address that was checked (outsideUrl/); bodies read as a stream
// up to MAX_BODY_CHARS; a failure after a payment was signed carries that payment (X402_FETCH_FAILED).
import type { X402PaymentRecord } from "@preflow/x402";
import type { LocalAccount } from "viem";
import { z } from "zod/v4";
import { InvalidInputError } from "../errors/input.js";
import { amount } from "../schemas/common.js";
import { defineTool, requireSigner } from "./context.js";

/** The most body text a result carries. */
const MAX_BODY_CHARS = 32_768;
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
    const policy = runtime.policy;
    const [{ createOutsideFetch }, { readBoundedText }] = await Promise.all([
      import("../outsideUrl/fetchOutsideUrl.js"),
      import("../outsideUrl/readBoundedText.js"),
    ]);
    const outside = createOutsideFetch({ allowedHosts: policy?.x402?.hosts, tool: "x402_fetch" });
    try {
      // Refused before anything is loaded or requested; the addresses checked are the ones connected to.
      await outside.check(url);
      // Loaded on first use: the tool server's start never loads the x402 packages.
      const [x402, { toolX402PaymentStore }] = await Promise.all([
        import("@preflow/x402"),
        import("../x402/toolX402PaymentStore.js"),
      ]);
      const { core } = runtime;
      // perPayment per token: the lower of caps.<TOKEN>.perCall and max_amount; a token with neither is not paid.
      const perPayment: Partial<Record<"USDC" | "USDT" | "USAT", string>> = {};
      for (const token of Object.values(x402.X402_PAYABLE_TOKENS)) {
        const cap = policy?.caps.get(token.address.toLowerCase())?.perCall;
        const max =
          args.max_amount === undefined
            ? undefined
            : core.parseAmount(args.max_amount, {
                decimals: token.decimals,
                token: token.symbol,
                field: "max_amount",
              });
        let limit = cap;
        if (max !== undefined && (limit === undefined || max < limit)) limit = max;
        if (limit !== undefined) perPayment[token.symbol] = core.formatAmount(limit, token.decimals);
      }
      const limits = {
        perPayment,
        ...(policy?.x402?.hosts ? { hosts: policy.x402.hosts } : {}),
        ...(policy?.x402?.payTo ? { payTo: policy.x402.payTo } : {}),
        ...(policy?.x402?.maxTimeoutSeconds === undefined
          ? {}
          : { maxTimeoutSeconds: policy.x402.maxTimeoutSeconds }),
      };
      // The paywall's own bound, well inside the tool's: a server that does not answer (or drips its body) is
      // named as the failing party (X402_FETCH_FAILED), not taken for a slow RPC endpoint (TOOL_TIMEOUT).
      const signal = AbortSignal.any([
        call.signal,
        AbortSignal.timeout(Math.max(1_000, call.deadline - Date.now() - FETCH_MARGIN_MS)),
      ]);
      const shownUrl = `${url.origin}${url.pathname}`;
      /** Reads the body up to the bound; a failure (reset, timeout) is the server's, with the payment if any. */
      const readBody = async (response: Response, paid: X402PaymentRecord | null) => {
        try {
          return await readBoundedText(response, MAX_BODY_CHARS);
        } catch (error) {
          throw new x402.X402FetchError({
            url: shownUrl,
            nonce: paid?.nonce ?? null,
            signed: paid !== null,
            cause: error,
            payment: paid ? x402.summarizeX402Payment(paid) : null,
            stage: "body",
          });
        }
      };
      const init: RequestInit = {
        method: args.method ?? "GET",
        redirect: "manual", // a redirect is answered, never followed (it could point inside)
        signal,
        ...(args.headers ? { headers: args.headers } : {}),
        ...(args.body === undefined ? {} : { body: args.body }),
      };
      const result = (
        response: Response,
        body: { text: string; truncated: boolean },
        paid: z.infer<typeof payment>,
      ) => ({
        data: { status: response.status, body: body.text, truncated: body.truncated, payment: paid },
      });

      if (args.dry_run) {
        let response: Response;
        try {
          response = await outside.fetch(url, init);
        } catch (error) {
          throw new x402.X402FetchError({ url: shownUrl, nonce: null, signed: false, cause: error });
        }
        const text = await readBody(response, null);
        if (response.status !== 402) return result(response, text, null);
        const parsed = x402.parsePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED"));
        const parsedLimits = x402.parseX402Limits(limits);
        const chosen =
          parsed.payable.find((p) => parsedLimits.perPayment.has(p.token.symbol)) ?? parsed.payable[0];
        if (!chosen) return result(response, text, null);
        const limit = parsedLimits.perPayment.get(chosen.token.symbol);
        const shown = core.formatAmount(chosen.amount, chosen.token.decimals);
        const refuse = (rule: "token" | "perPayment" | "hosts" | "payTo" | "maxTimeoutSeconds") => {
          throw new x402.X402PaymentRefusedError({
            rule,
            amount: shown,
            token: chosen.token.symbol,
            payTo: chosen.payTo,
            host: url.host,
            ...(rule === "maxTimeoutSeconds"
              ? {
                  limit: String(parsedLimits.maxTimeoutSeconds),
                  asked: chosen.requirements.maxTimeoutSeconds,
                }
              : limit === undefined
                ? {}
                : { limit: core.formatAmount(limit, chosen.token.decimals) }),
          });
        };
        if (limit === undefined) refuse("token");
        if (parsedLimits.hosts && !parsedLimits.hosts.has(url.host)) refuse("hosts");
        if (parsedLimits.payTo && !parsedLimits.payTo.has(chosen.payTo)) refuse("payTo");
        if (limit !== undefined && chosen.amount > limit) refuse("perPayment");
        if (chosen.requirements.maxTimeoutSeconds > parsedLimits.maxTimeoutSeconds)
          refuse("maxTimeoutSeconds");
        // caps.<TOKEN>.perDay as a real payment meets it: the signer's rolling 24 h in the store plus this payment.
        const cap = policy?.caps.get(chosen.token.address.toLowerCase());
        if (cap?.perDay !== undefined) {
          const [{ SPEND_WINDOW_MS }, { perDayViolation }] = await Promise.all([
            import("../store/types.js"),
            import("../x402/toolX402PaymentStore.js"),
          ]);
          const payer = runtime.account?.address.toLowerCase();
          const spent =
            payer === undefined
              ? 0n
              : await (await context.store()).spent(payer, cap.address, Date.now() - SPEND_WINDOW_MS);
          if (spent + chosen.amount > cap.perDay) {
            throw perDayViolation(
              [{ token: cap.address, symbol: cap.symbol, limit: cap.perDay, spent, adding: chosen.amount }],
              cap,
              (value, decimals) => core.formatAmount(value, decimals),
            );
          }
        }
        return result(response, text, {
          amount: shown,
          token: chosen.token.symbol,
          asset: chosen.token.address,
          pay_to: chosen.payTo,
          network: "eip155:42220",
          transaction: null,
          status: "would_pay",
        });
      }

      const account = requireSigner(runtime, "x402_fetch");
      if (account.type !== "local")
        throw new InvalidInputError({
          tool: "x402_fetch",
          path: "(signer)",
          value: account.type,
          rule: "needs a local signer (CHAIN_PRIVATE_KEY)",
        });
      const pay = x402.createX402Fetch({
        account: account as LocalAccount,
        client: runtime.client,
        limits,
        fetch: outside.fetch,
        store: toolX402PaymentStore({
          store: () => context.store(),
          caps: policy?.caps,
          format: (value, decimals) => core.formatAmount(value, decimals),
          beforeReserve: async (record) => {
            const token = x402.findPayableToken(record.asset);
            if (token && policy?.approval) await approve(record, token);
            // Within an agent budget that lists the agent: the float it pays from is topped up first when short.
            if (runtime.budget) {
              const { topUpAgentFloat } = await import("../execution/topUpAgentFloat.js");
              await topUpAgentFloat({
                tool: "x402_fetch",
                context,
                runtime,
                call,
                asset: record.asset as `0x${string}`,
                amount: BigInt(record.amount),
              });
            }
          },
        }),
      });
      /** Above approval.above of its token, a person approves this exact payment before it is signed. */
      async function approve(
        record: X402PaymentRecord,
        token: NonNullable<ReturnType<typeof x402.findPayableToken>>,
      ): Promise<void> {
        const { approvePayment } = await import("../approval/paymentApproval.js");
        await approvePayment({
          context,
          runtime,
          call,
          payment: {
            network: record.network,
            asset: record.asset,
            amount: BigInt(record.amount),
            payTo: record.payTo,
            resource: record.url,
            signer: record.payer,
            nonce: record.nonce,
            validBefore: record.validBefore,
            symbol: token.symbol,
            decimals: token.decimals,
          },
        });
      }
      const { response, payment: paid } = await pay.fetchWithPayment(url, init);
      const text = await readBody(response, paid);
      if (!paid) return result(response, text, null);
      const token = x402.X402_PAYABLE_TOKENS[paid.token];
      return result(response, text, {
        amount: core.formatAmount(BigInt(paid.amount), token.decimals),
        token: paid.token,
        asset: paid.asset,
        pay_to: paid.payTo,
        network: paid.network,
        transaction: paid.transaction ?? null,
        status: paid.status,
      });
    } finally {
      await outside.close();
    }
  },
});
