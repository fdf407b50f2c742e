import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { InvalidArgumentError, type SdkClient } from "@preflow/core";
import type { LocalAccount } from "viem";
import type { z } from "zod";
import { SignerNotConfiguredError } from "../errors/signer.js";
import type { ToolReply } from "../server/toolResult.js";

/** What every tool can use: the SDK client, the signer (if any), settings and the log. @internal */
export interface ToolContext {
  readonly sdk: SdkClient;
  readonly account: LocalAccount | undefined;
  readonly receiptTimeoutMs: number;
  log(line: string): void;
}

/** The MCP request extras (abort signal, `_meta.progressToken`, `sendNotification`). @internal */
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A tool: its MCP metadata, its zod input shape and what it does. @internal */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: Shape;
  annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<Shape>>, context: ToolContext, extra: ToolExtra): Promise<ToolReply>;
}

/** Keeps a tool's argument types while it is written; erases them for the registry. @internal */
export function defineTool<Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/** The signer, or a {@link SignerNotConfiguredError} naming the tool. @internal */
export function requireSigner(context: ToolContext, tool: string): LocalAccount {
  if (!context.account) throw new SignerNotConfiguredError(tool);
  return context.account;
}

/** An address argument that defaults to the signer's address. @internal */
export function addressOrSigner(value: string | undefined, context: ToolContext, field: string): string {
  if (value !== undefined) return value;
  if (context.account) return context.account.address;
  throw new InvalidArgumentError({
    field: field,
    value: value,
    rule: "is required because this server has no CHAIN_PRIVATE_KEY signer to default to",
  });
}
