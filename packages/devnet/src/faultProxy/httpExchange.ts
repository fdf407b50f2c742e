// The HTTP side of the proxy: reading a bounded request body and error answers in the request's shape.
import type { IncomingMessage } from "node:http";
import { idOf, MAX_BODY_BYTES } from "./parseJsonRpcBody.js";
import type { JsonRpcRequest } from "./types.js";

/** What the upstream answered: HTTP status, content type and body. */
export type Upstream = { status: number; contentType: string; text: string };

/** A JSON-RPC error answer with `code` and `message` for every call, as a batch when the request was one. */
export function errorAnswers(
  calls: readonly JsonRpcRequest[],
  batch: boolean,
  code: number,
  message: string,
): string {
  const answers = calls.map((call) => ({ jsonrpc: "2.0", id: idOf(call), error: { code, message } }));
  return JSON.stringify(batch ? answers : answers[0]);
}

/** Whether `text` parses as JSON. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The request's body as text, or `"too-large"` once it passes `MAX_BODY_BYTES`. */
export function readBody(req: IncomingMessage): Promise<string | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
