import { InvalidArgumentError } from "@preflow/errors";
import type { LocalAccount } from "viem";
import { signAgentRequest } from "../signAgentRequest.js";

function bodyBytes(body: unknown): { body: string | Uint8Array | undefined; contentType?: string } {
  if (body === undefined || body === null) return { body: undefined };
  if (typeof body === "string" || body instanceof Uint8Array) return { body };
  if (body instanceof ArrayBuffer) return { body: new Uint8Array(body) };
  if (ArrayBuffer.isView(body))
    return { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof URLSearchParams) {
    return { body: body.toString(), contentType: "application/x-www-form-urlencoded;charset=UTF-8" };
  }
  throw new InvalidArgumentError({
    field: "init.body",
    value: Object.prototype.toString.call(body),
    rule: "must be a string, bytes or URLSearchParams (the signature covers the exact body; streams, Blob and FormData are not supported)",
  });
}

/**
 * `fetch` with the three agent-signature headers added (signed over the method, path + query and the
 * exact body). Takes a URL string or `URL`, not a `Request`. @internal
 */
export async function signedFetch(
  account: Pick<LocalAccount, "address" | "signMessage">,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  if (typeof url !== "string" && !(url instanceof URL)) {
    throw new InvalidArgumentError({
      field: "url",
      value: typeof url,
      rule: "must be a URL string or a URL object (not a Request)",
    });
  }
  const method = (init.method ?? "GET").toUpperCase();
  const { body, contentType } = bodyBytes(init.body);
  const headers = new Headers(init.headers);
  if (contentType !== undefined && !headers.has("content-type")) headers.set("content-type", contentType);
  const signed = await signAgentRequest(account, { method, url, body });
  for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  return fetch(url, { ...init, method, headers, ...(body === undefined ? {} : { body }) });
}
