import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { z } from "zod/v4";
import type { ToolFamily } from "../config/types.js";
import type { ExecutionCall, ExecutionContext, ExecutionRuntime } from "../execution/executionContext.js";
import type { ToolReply } from "../schemas/toolReply.js";

export { requireSigner } from "../execution/executionContext.js";

/** What the tools use once the heavy modules are loaded (execution/executionContext.ts). @internal */
export type ToolRuntime = ExecutionRuntime;
/** What every tool can use (execution/executionContext.ts). @internal */
export type ToolContext = ExecutionContext;
/** One tool call (execution/executionContext.ts). @internal */
export type ToolCall = ExecutionCall;

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

/**
 * An address argument that defaults to the signer's address, or with a budget (PREFLOW_BUDGET) to its owner's: the
 * account whose tokens the server spends and whose flows it prepares. @internal
 */
export function addressOrSigner(value: string | undefined, runtime: ToolRuntime, field: string): string {
  if (value !== undefined) return value;
  if (runtime.budget) return runtime.budget.owner;
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
