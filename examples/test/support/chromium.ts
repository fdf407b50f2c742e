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
