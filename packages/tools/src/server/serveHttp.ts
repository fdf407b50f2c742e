// `preflow-tools --http 127.0.0.1:<port>`: one tool server (one process, one signer queue, one store) shared by
// several local MCP clients over Streamable HTTP at /mcp, both eras (createMcpHandler: 2026-07-28 stateless
// requests; 2025 requests served statelessly, one instance per request, so a 2025 HTTP client cannot be asked by
// elicitation and approvals answer APPROVAL_REQUIRED there). Every request is checked before the MCP handler sees
// it: the Host header must name the address served (DNS rebinding), a browser's Origin must be that address too, and
// `Authorization: Bearer <PREFLOW_HTTP_TOKEN>` must match (compared in constant time; the token is never logged).
// Loopback only unless PREFLOW_HTTP_OPEN=1.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { isIP } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { InvalidToolServerConfigError } from "../errors/config.js";
import type { ToolServer } from "./createToolServer.js";

/** Where and how to serve over HTTP (from `--http host:port` and the environment). @internal */
export interface HttpServeOptions {
  host: string;
  port: number;
  /** The bearer token every request must carry (`PREFLOW_HTTP_TOKEN`). */
  token: string;
  /** Whether a non-loopback address may be served (`PREFLOW_HTTP_OPEN=1`). */
  open: boolean;
}

/** The shortest token accepted: 16 bytes of entropy as hex or base64 are longer than this. */
const MIN_TOKEN_LENGTH = 20;
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Reads `--http host:port`, `PREFLOW_HTTP_TOKEN` and `PREFLOW_HTTP_OPEN`; throws {@link InvalidToolServerConfigError}
 * naming what is wrong (never the token). @internal
 */
export function readHttpServeOptions(
  address: string,
  env: Record<string, string | undefined>,
): HttpServeOptions {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d{1,5})$/.exec(address);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || !(port >= 0 && port < 65_536))
    throw new InvalidToolServerConfigError({
      variable: "--http",
      value: address,
      rule: "must be host:port, for example 127.0.0.1:8765",
    });
  const host = (match[1] as string).replace(/^\[|\]$/g, "");
  const open = env.PREFLOW_HTTP_OPEN === "1";
  if (!LOOPBACK.has(host) && !open)
    throw new InvalidToolServerConfigError({
      variable: "--http",
      value: address,
      rule: "must be a loopback address (127.0.0.1, ::1 or localhost) unless PREFLOW_HTTP_OPEN=1",
    });
  if (host !== "localhost" && isIP(host) === 0 && !open)
    throw new InvalidToolServerConfigError({
      variable: "--http",
      value: address,
      rule: "must be an IP address",
    });
  const token = env.PREFLOW_HTTP_TOKEN ?? "";
  if (token.trim().length < MIN_TOKEN_LENGTH)
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_HTTP_TOKEN",
      rule: `is required with --http: a secret of at least ${MIN_TOKEN_LENGTH} characters every client sends as \`Authorization: Bearer <token>\` (for example \`openssl rand -hex 32\`)`,
    });
  return { host, port, token, open };
}

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** Answers `status` with a JSON-RPC style error body (no request detail echoed). */
function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** Serves `tools` over HTTP; resolves once listening, with the URL and a way to stop. @internal */
export async function serveHttp(
  tools: ToolServer,
  options: HttpServeOptions,
  log: (line: string) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(() => tools.createServer(), {
    legacy: "stateless",
    onerror: (error) => log(`http: ${error.message}`),
  });
  const serve = toNodeHandler(handler, { onerror: (error) => log(`http: ${error.message}`) });
  const expected = digest(options.token);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const port = (server.address() as { port: number }).port;
    const names = options.open ? [options.host] : ["127.0.0.1", "localhost", "[::1]"];
    const allowed = new Set(
      names.map((name) => `${name.includes(":") && !name.startsWith("[") ? `[${name}]` : name}:${port}`),
    );
    // DNS rebinding: a page of another site resolving its name to this address still sends its own Host.
    if (!allowed.has((request.headers.host ?? "").toLowerCase()))
      return refuse(response, 403, "Forbidden: this Host is not the one served");
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let originHost = "";
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        // An unparsable Origin is refused below.
      }
      if (!allowed.has(originHost))
        return refuse(response, 403, "Forbidden: this Origin may not call the server");
    }
    const authorization = request.headers.authorization ?? "";
    const presented = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() ?? "";
    if (!timingSafeEqual(digest(presented), expected))
      return refuse(response, 401, "Unauthorized: send Authorization: Bearer <PREFLOW_HTTP_TOKEN>", {
        "www-authenticate": 'Bearer realm="preflow-tools"',
      });
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/mcp")
      return refuse(response, 404, "Not found: the MCP endpoint is /mcp");
    void serve(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const shown = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${shown}:${port}/mcp`,
    async close() {
      await handler.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
