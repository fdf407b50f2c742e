import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { SdkError } from "@preflow/core";
import type { Redactor } from "./redact.js";

/** What a tool's run function returns: its data and, for a failed execution, `isError` and a headline. @internal */
export interface ToolReply {
  data: unknown;
  isError?: boolean;
  headline?: string;
}

/** A JSON-safe copy: bigints become decimal strings, `undefined` fields are dropped. @internal */
export function toJsonSafe(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map((entry) => toJsonSafe(entry));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = toJsonSafe(entry);
    return out;
  }
  return value;
}

/** A tool result: the JSON as text content and as `structuredContent` when it is an object. @internal */
export function replyResult(reply: ToolReply, redactor: Redactor): CallToolResult {
  const data = redactor.deep(toJsonSafe(reply.data));
  const json = JSON.stringify(data, null, 2);
  const text = reply.headline === undefined ? json : `${redactor.text(reply.headline)}\n${json}`;
  const result: CallToolResult = { content: [{ type: "text", text }] };
  if (typeof data === "object" && data !== null && !Array.isArray(data)) {
    result.structuredContent = data as Record<string, unknown>;
  }
  if (reply.isError) result.isError = true;
  return result;
}

/** The `{ name, code, message, details }` of an error; unexpected errors get code `UNEXPECTED_ERROR`. @internal */
export function describeError(error: unknown): {
  name: string;
  code: string;
  message: string;
  details?: unknown;
} {
  if (error instanceof SdkError) return error.toJSON();
  if (error instanceof Error) {
    const { code, details, shortMessage } = error as {
      code?: unknown;
      details?: unknown;
      shortMessage?: unknown;
    };
    const message =
      typeof shortMessage === "string" ? shortMessage : (error.message.split("\n")[0] ?? error.name);
    return {
      name: error.name,
      code: typeof code === "string" ? code : "UNEXPECTED_ERROR",
      message,
      ...(typeof details === "object" && details !== null ? { details } : {}),
    };
  }
  return { name: "Error", code: "UNEXPECTED_ERROR", message: String(error) };
}

/** A tool error (`isError: true`): `CODE: message` as text, the error object as `structuredContent`. @internal */
export function errorResult(error: unknown, redactor: Redactor): CallToolResult {
  const described = redactor.deep(toJsonSafe(describeError(error)) as ReturnType<typeof describeError>);
  return {
    content: [{ type: "text", text: `${described.code}: ${described.message}` }],
    structuredContent: { error: described },
    isError: true,
  };
}
