// The page tests' Chromium (the repository's one launcher, @preflow/devnet/chromium) and a static server on
// 127.0.0.1 for a built page.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export { CHROMIUM, launchChromium, noChromium } from "@preflow/devnet/chromium";

/** A static server on 127.0.0.1 for the built page's folder (flat: index.html and its files). */
export async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = path === "/" ? "index.html" : path.slice(1);
    if (!/^[\w.-]+$/.test(file)) return res.writeHead(404).end();
    try {
      const body = await readFile(join(dir, file));
      const type = file.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
      res.writeHead(200, { "content-type": type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Collects what the page logs as an error and what it throws, for a test to show when a step fails. */
export function collectPageErrors(page: import("puppeteer-core").Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

/** An injected wallet's read: the JSON-RPC request passed on to the node as it is; a node error is thrown. */
export async function relayToNode(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}
