import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { SdkClient } from "@preflow/core";
import type { Account, Chain, PublicClient, Transport } from "viem";
import type { z } from "zod/v4";
import type { HumanChannel } from "../approval/humanChannel.js";
import type { ToolFamily } from "../config/types.js";
import { SignerNotConfiguredError } from "../errors/signer.js";
import type { ExecutionRegistry } from "../execution/executionRegistry.js";
import type { LoadedPolicy } from "../policy/loadPolicy.js";
import type { ToolReply } from "../server/toolResult.js";
import type { ToolServerStore } from "../store/types.js";

/** What the tools use once the heavy modules are loaded (on the first call, not at start). @internal */
export interface ToolRuntime {
  readonly core: typeof import("@preflow/core");
  readonly sdk: SdkClient;
  /** A client whose transport timeout and retries fit inside the tool bound (execution, attribution lookups). */
  readonly client: PublicClient<Transport, Chain>;
  readonly account: Account | undefined;
  readonly policy: LoadedPolicy | undefined;
  /** The RPC URL with credentials redacted. */
  readonly rpcUrl: string;
}

/** What every tool can use: settings, the lazily loaded runtime, the executions and the log. @internal */
export interface ToolContext {
  readonly toolTimeoutMs: number;
  readonly receiptTimeoutMs: number;
  /** The signer's address is known only after load; this says whether a key is configured. */
  readonly hasSigner: boolean;
  /** `PREFLOW_STATE_DIR`, when set (else the default state directory, resolved where it is used). */
  readonly stateDir: string | undefined;
  /** `FEE_CURRENCY` (`"CELO"` by default): who pays gas when a tool's `fee_currency` argument is absent. */
  readonly feeCurrency: string;
  runtime(): Promise<ToolRuntime>;
  readonly executions: ExecutionRegistry;
  /**
   * The store (store/types.ts): opened on first use, the engine loaded then; rejects with StoreUnavailableError
   * (a failed open is tried again on the next call).
   */
  store(): Promise<ToolServerStore>;
  log(line: string): void;
  /** Removes the configured secrets (keys, the RPC URL's credentials) from a text kept outside the process. */
  redact(text: string): string;
}

/** One tool call: cancellation, the answer deadline and progress. @internal */
export interface ToolCall {
  /** Aborted by `notifications/cancelled` (or when the client goes away). */
  readonly signal: AbortSignal;
  /** When the answer must be on its way (epoch ms); executing tools answer `pending` by then. */
  readonly deadline: number;
  /** Sends `notifications/progress` if the request carries a progress token; values only ever increase. */
  progress(progress: number, total: number | undefined, message: string): Promise<void>;
  /** The way to a person through the client (MCP elicitation), for approvals. */
  readonly human?: HumanChannel;
}

/** A tool: its MCP metadata, its family, its strict input and its output schema, and what it does. @internal */
export interface ToolDefinition<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  family: ToolFamily;
  /**
   * The client member of `createSdkClient()` the tool runs (`"aave.prepareSupply"`); the exported action comes from
   * core's member table. Absent when the tool has no client member (the wallet, the execution record, the policy).
   */
  member?: string;
  /** The exported SDK action the tool runs when it has no client member (`"executePreparedFlow"`). */
  action?: string;
  description: string;
  /**
   * Who the tool waits on when it does not finish within the answer bound, as TOOL_TIMEOUT says it (default
   * "the RPC endpoint"); x402_fetch waits on the URL's server.
   */
  waitsOn?: string;
  /** A strict object schema (unknown keys refused). */
  input: Input;
  /** The shape of a successful result's `structuredContent` (errors add `{ error }`). */
  output: Output;
  annotations: ToolAnnotations;
  run(args: z.output<Input>, context: ToolContext, call: ToolCall): Promise<ToolReply>;
}

/** Keeps a tool's argument types while it is written; erases them for the registry. @internal */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/** The signer, or a {@link SignerNotConfiguredError} naming the tool. @internal */
export function requireSigner(runtime: ToolRuntime, tool: string): Account {
  if (!runtime.account) throw new SignerNotConfiguredError({ operation: tool });
  return runtime.account;
}

/** An address argument that defaults to the signer's address. @internal */
export function addressOrSigner(value: string | undefined, runtime: ToolRuntime, field: string): string {
  if (value !== undefined) return value;
  if (runtime.account) return runtime.account.address;
  throw new runtime.core.InvalidArgumentError({
    field,
    value,
    rule: "is required because this server has no CHAIN_PRIVATE_KEY signer to default to",
  });
}

/**
 * The `feeCurrency` option of a prepare: the tool's `fee_currency` argument (`"celo"` in any case is `"CELO"`);
 * nothing without one, so the client's default applies (the server creates it with `FEE_CURRENCY`). @internal
 */
export function feeOptions(argument: string | undefined): { feeCurrency: string } | Record<string, never> {
  if (argument === undefined) return {};
  return { feeCurrency: argument.toUpperCase() === "CELO" ? "CELO" : argument };
}

export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
};
