import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import {
  Client as ModernClient,
  type ClientCapabilities as ModernClientCapabilities,
  type ElicitRequest as ModernElicitRequest,
  type ElicitResult as ModernElicitResult,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  type CallToolResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { clockEnvironment, type DevnetClient } from "@preflow/devnet";
import { Ajv, type ValidateFunction } from "ajv";
import { type Address, createPublicClient, erc20Abi, type Hex, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
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
    /**
     * Answers the server's questions: the client declares elicitation (form mode, and URL mode with `url`) and
     * answers each with `answer` (instead of `capabilities` and `setup`).
     */
    elicitation?: { answer: (question: ElicitRequest["params"]) => Promise<ElicitResult>; url?: boolean };
  } = {},
): Promise<SpawnedServer> {
  const elicitation = options.elicitation;
  if (elicitation)
    options = {
      capabilities: { elicitation: elicitation.url ? { form: {}, url: {} } : { form: {} } },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async (request) => elicitation.answer(request.params)),
    };
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
 * Spawns a server that signs with `key` on `rpcUrl` under `policy` (written to `dir`/state.policy.json), keeping its
 * state in `dir`/state: the setup of every test of a protocol's tools under a spending policy.
 */
export function spawnPolicyServer(options: {
  rpcUrl: string;
  key: string;
  dir: string;
  policy: unknown;
}): Promise<SpawnedServer> {
  return spawnServer(policyEnvironment(options).env);
}

/** A tool call's refusal, as {@link toolError} reads it. */
export type ToolError = ReturnType<typeof toolError>;

/**
 * What an approval test signs with and watches on the devnet: a fresh signer `key` (funded by `fund`), the
 * `friend` it sends USDm to, and what shows that nothing was sent: the signer's pending nonce and the friend's USDm.
 */
export interface ApprovalAccounts {
  key: Hex;
  signer: Address;
  friend: Address;
  /** The signer's pending nonce. */
  nonceOf(): Promise<number>;
  /** `owner`'s USDm in base units. */
  usdm(owner: Address): Promise<bigint>;
  /** Funds the signer with 5 CELO and 100 USDm. */
  fund(): Promise<void>;
  /**
   * Runs `refuse` (a call that must be refused), expects the refusal `code` and that its message says nothing was
   * sent, and shows it: the signer's nonce and the friend's USDm did not move. Returns the error.
   */
  refusedWith(code: string, refuse: () => Promise<ToolError>): Promise<ToolError>;
}

/** A fresh signer and recipient on `devnet` (see {@link ApprovalAccounts}). */
export function approvalAccounts(devnet: DevnetClient): ApprovalAccounts {
  const USDM = devnet.tokens.USDm.address as Address;
  const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  const friend = privateKeyToAccount(generatePrivateKey()).address;
  const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });
  const usdm = (owner: Address) =>
    reader.readContract({ address: USDM, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  return {
    key,
    signer,
    friend,
    nonceOf,
    usdm,
    async fund() {
      await devnet.fund(signer, "CELO", "5");
      await devnet.fund(signer, "USDm", "100");
    },
    async refusedWith(code, refuse) {
      const nonce = await nonceOf();
      const before = await usdm(friend);
      const error = await refuse();
      expect(error.code).toBe(code);
      expect(error.message).toContain("Nothing was signed or sent");
      expect(await nonceOf()).toBe(nonce);
      expect(await usdm(friend)).toBe(before);
      return error;
    },
  };
}

/**
 * Writes `policy` to `dir`/`name`.policy.json and returns the server environment that signs with `key` on `rpcUrl`
 * under it, keeping its state in `dir`/`name` (which the server creates): the setup of every test under a policy.
 */
export function policyEnvironment(options: {
  rpcUrl: string;
  key: string;
  dir: string;
  policy: unknown;
  /** The state directory's name in `dir` (default `state`); the policy file is `<name>.policy.json`. */
  name?: string;
}): { env: Record<string, string>; stateDir: string; policyFile: string } {
  const name = options.name ?? "state";
  const stateDir = join(options.dir, name);
  const policyFile = join(options.dir, `${name}.policy.json`);
  writeFileSync(policyFile, JSON.stringify(options.policy));
  return {
    stateDir,
    policyFile,
    env: {
      RPC_URL: options.rpcUrl,
      DO_NOT_TRACK: "1",
      CHAIN_PRIVATE_KEY: options.key,
      PREFLOW_POLICY: policyFile,
      PREFLOW_STATE_DIR: stateDir,
    },
  };
}

/** The code the server's form-mode question asks the person to type. */
export const codeOf = (question: { message: string }): string =>
  /type the code (\w{4}-\w{4})/.exec(question.message)?.[1] as string;

/** A person who accepts, typing `code(question)`. */
export const typing =
  <question extends { message: string }>(code: (question: question) => string) =>
  async (question: question) => ({ action: "accept" as const, content: { code: code(question) } });

/**
 * Connects a 2026-07-28 client (`@modelcontextprotocol/client`, pinned to 2026-07-28: `server/discover`, no
 * `initialize`) to `node dist/bin.js` with exactly `env` (plus PATH and the devnet's clock), its elicitation
 * answered by `answer` (form mode, and URL mode with `url`; without `answer` the client cannot ask, like Claude
 * Desktop), declaring `extensions` (MCP Apps' `io.modelcontextprotocol/ui`). `stderr()` is what the server wrote there.
 */
export async function connectModernClient(
  env: Record<string, string>,
  options: {
    name: string;
    answer?: (question: ModernElicitRequest["params"]) => Promise<ModernElicitResult>;
    url?: boolean;
    inputRequired?: { maxRounds: number };
    extensions?: ModernClientCapabilities["extensions"];
  },
): Promise<{ client: ModernClient; stderr(): string }> {
  const { answer } = options;
  const transport = new ModernStdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), ...env },
    stderr: "pipe",
  });
  let stderr = "";
  (transport.stderr as PassThrough | null)?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new ModernClient(
    { name: options.name, version: "0.0.0" },
    {
      capabilities: {
        ...(answer ? { elicitation: options.url ? { form: {}, url: {} } : { form: {} } } : {}),
        ...(options.extensions ? { extensions: options.extensions } : {}),
      },
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      ...(options.inputRequired ? { inputRequired: options.inputRequired } : {}),
    },
  );
  if (answer) client.setRequestHandler("elicitation/create", async (request) => answer(request.params));
  await client.connect(transport);
  return { client, stderr: () => stderr };
}
