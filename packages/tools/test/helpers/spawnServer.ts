import type { ChildProcess } from "node:child_process";
import type { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The built binary: tests drive what ships. */
export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** A StdioClientTransport that also keeps every byte the server wrote to stdout. */
class RecordingStdioClientTransport extends StdioClientTransport {
  stdoutText = "";

  override async start(): Promise<void> {
    await super.start();
    const child = (this as unknown as { _process?: ChildProcess })._process;
    child?.stdout?.on("data", (chunk: Buffer) => {
      this.stdoutText += chunk.toString("utf8");
    });
  }
}

export interface SpawnedServer {
  client: Client;
  /** Calls a tool and records the whole result. */
  call(
    name: string,
    args?: Record<string, unknown>,
    options?: Parameters<Client["callTool"]>[2],
  ): Promise<CallToolResult>;
  /** Everything captured so far: raw stdout, stderr and every tool result as JSON. */
  captured(): { stdout: string; stderr: string; results: string[] };
  close(): Promise<void>;
}

/** Spawns `node dist/bin.js` with exactly `env` (plus PATH/HOME) and connects an MCP client over stdio. */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const transport = new RecordingStdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  (transport.stderr as PassThrough | null)?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "preflow-tools-test", version: "0.0.0" });
  await client.connect(transport);
  const results: string[] = [];
  return {
    client,
    async call(name, args = {}, options) {
      const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
      results.push(JSON.stringify(result));
      return result;
    },
    captured: () => ({ stdout: transport.stdoutText, stderr, results: [...results] }),
    close: () => client.close(),
  };
}

/** The JSON a successful tool call returned. */
export function data<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** The text of a tool result. */
export function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}
