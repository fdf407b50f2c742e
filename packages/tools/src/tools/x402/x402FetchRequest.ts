// What the two ways of answering `x402_fetch` (a dry run that only reports, a fetch that pays) share: the checked
// URL, the request, the policy's limits, the guarded fetch and the tool's context; and the result they return.
import type { X402Limits } from "@preflow/x402";
import type { OutsideFetch } from "../../outsideUrl/fetchOutsideUrl.js";
import type { ToolCall, ToolContext, ToolRuntime } from "../context.js";

/** The x402 package, loaded on the first `x402_fetch` (the tool server's start never loads it). */
export type X402Module = typeof import("@preflow/x402");

/** One `x402_fetch` call, its URL checked and its limits read from the policy. @internal */
export interface X402FetchRequest {
  /** The URL asked for, already checked by the outside-URL guard. */
  url: URL;
  /** The URL as errors show it: origin and path, never the query. */
  shownUrl: string;
  /** The request: method, headers, body, `redirect: "manual"` and the paywall's own abort signal. */
  init: RequestInit;
  /** The guarded fetch: connects only to an address that was checked. */
  outside: OutsideFetch;
  /** The policy's limits for this call (perPayment from caps.<TOKEN>.perCall and max_amount, allow-lists). */
  limits: X402Limits;
  x402: X402Module;
  runtime: ToolRuntime;
  context: ToolContext;
  call: ToolCall;
}

/** What `x402_fetch` reports was paid (or would be, on a dry run). @internal */
export interface X402FetchPayment {
  amount: string;
  token: string;
  asset: string;
  pay_to: string;
  network: string;
  transaction: string | null;
  status: "signed" | "settled" | "released" | "would_pay";
}

/** The tool's result: the HTTP status, the body read up to its bound, and the payment if any. @internal */
export function x402FetchResult(
  response: Response,
  body: { text: string; truncated: boolean },
  payment: X402FetchPayment | null,
) {
  return { data: { status: response.status, body: body.text, truncated: body.truncated, payment } };
}
