import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { clockEnvironment } from "@preflow/devnet";
import { Ajv, type ValidateFunction } from "ajv";
import { expect } from "vitest";
import { fullOutputSchema } from "../../src/server/toolListing.js";
import { TOOLS } from "../../src/tools/registry.js";

/** The built binary: tests drive what ships. */
export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** Strict Ajv, as a careful client would compile the schemas. */
export const strictAjv = (): Ajv => new Ajv({ strict: true, allErrors: true });

/** Every tool's full output schema (from the source), compiled once. */
const ajv = strictAjv();
const fullValidators = new Map<string, ValidateFunction>(
  TOOLS.map((tool) => [tool.name, ajv.compile(fullOutputSchema(tool) as object)]),
);
/** How many results were checked against their schemas, over the whole test run (per file). */
export const checkedResults = { count: 0 };

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
  /** Calls a tool, checks the result against the tool's advertised and full output schemas, records it. */
  call(
    name: string,
    args?: Record<string, unknown>,
    options?: Parameters<Client["callTool"]>[2],
  ): Promise<CallToolResult>;
  /** Everything captured so far: raw stdout, stderr and every tool result as JSON. */
  captured(): { stdout: string; stderr: string; results: string[] };
  /** The server's PREFLOW_STATE_DIR (a fresh temporary directory unless `env` names one). */
  stateDir: string;
  /** Kills the server process at once (SIGKILL: no shutdown, as a crash or an OOM kill would). */
  kill(): Promise<void>;
  /** The server process's id (to read its memory in /proc). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/**
 * Spawns `node dist/bin.js` with exactly `env` (plus PATH, and PREFLOW_STATE_DIR set to a fresh temporary
 * directory, removed on close, unless given: tests never write to the home directory) and connects an MCP client
 * over stdio.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: {
    /** The client's capabilities (for example `{ elicitation: { form: {} } }`). */
    capabilities?: ConstructorParameters<typeof Client>[1] extends infer O
      ? O extends { capabilities?: infer C }
        ? C
        : never
      : never;
    /** Set up on the client before it connects (request handlers, such as elicitation's). */
    setup?: (client: Client) => void;
  } = {},
): Promise<SpawnedServer> {
  const ownStateDir = env.PREFLOW_STATE_DIR === undefined;
  const stateDir = env.PREFLOW_STATE_DIR ?? mkdtempSync(join(tmpdir(), "preflow-tools-state-"));
  const transport = new RecordingStdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), PREFLOW_STATE_DIR: stateDir, ...env },
    stderr: "pipe",
  });
  let stderr = "";
  (transport.stderr as PassThrough | null)?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client(
    { name: "preflow-tools-test", version: "0.0.0" },
    options.capabilities === undefined ? undefined : { capabilities: options.capabilities },
  );
  options.setup?.(client);
  await client.connect(transport);
  // The advertised schemas, compiled strictly.
  const advertised = new Map<string, ValidateFunction>();
  const listed = strictAjv();
  for (const tool of (await client.listTools()).tools) {
    advertised.set(tool.name, listed.compile(tool.outputSchema as object));
  }
  const results: string[] = [];
  return {
    client,
    async call(name, args = {}, options) {
      const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
      results.push(JSON.stringify(result));
      for (const validate of [advertised.get(name), fullValidators.get(name)]) {
        if (!validate) continue;
        const valid = validate(result.structuredContent);
        expect(valid, `${name} result vs outputSchema: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      expect(result.structuredContent, `${name} has structuredContent`).toBeTypeOf("object");
      checkedResults.count++;
      return result;
    },
    captured: () => ({ stdout: transport.stdoutText, stderr, results: [...results] }),
    stateDir,
    get pid() {
      return (transport as unknown as { _process?: ChildProcess })._process?.pid;
    },
    async kill() {
      const child = (transport as unknown as { _process?: ChildProcess })._process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
    async close() {
      await client.close();
      // No key in any captured output: stdout, stderr, every result, every file of the state directory.
      const files = existsSync(stateDir)
        ? readdirSync(stateDir).map((name) => readFileSync(join(stateDir, name), "utf8"))
        : [];
      if (ownStateDir) rmSync(stateDir, { recursive: true, force: true });
      const key = env.CHAIN_PRIVATE_KEY?.replace(/^0x/i, "").toLowerCase();
      if (key) {
        for (const captured of [transport.stdoutText, stderr, ...results, ...files]) {
          expect(captured.toLowerCase().includes(key), "the private key leaked into captured output").toBe(
            false,
          );
        }
      }
    },
  };
}

/** The JSON a successful tool call returned. */
export function data<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** The error of a failed tool call. */
export function toolError(result: CallToolResult): {
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  expect(result.isError).toBe(true);
  return (result.structuredContent as { error: { code: string; message: string } }).error;
}

/** The text of a tool result. */
export function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/** The execution result of an executing tool (success or not). */
export interface Execution {
  flow_id: string;
  status: "success" | "failed" | "pending" | "cancelled";
  dry_run: boolean;
  replayed: boolean;
  completed_steps: number;
  failed_step: number | null;
  simulation?: string;
  steps: { index: number; hash: `0x${string}` | null; status: string; nonce?: number; error?: string }[];
}

/**
 * Spawns a server that signs with `key` on `rpcUrl` under `policy` (written to `dir`/policy.json), keeping its state
 * in `dir`/state: the setup of every test of a protocol's tools under a spending policy.
 */
export function spawnPolicyServer(options: {
  rpcUrl: string;
  key: string;
  dir: string;
  policy: unknown;
}): Promise<SpawnedServer> {
  const policyFile = join(options.dir, "policy.json");
  writeFileSync(policyFile, JSON.stringify(options.policy));
  return spawnServer({
    RPC_URL: options.rpcUrl,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: options.key,
    PREFLOW_POLICY: policyFile,
    PREFLOW_STATE_DIR: join(options.dir, "state"),
  });
}
