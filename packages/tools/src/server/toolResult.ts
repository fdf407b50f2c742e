import type { CallToolResult } from "@modelcontextprotocol/server";
import { toSnakeCase } from "../schemas/caseKeys.js";
import type { ToolReply } from "../schemas/toolReply.js";
import { type DescribedError, describeError } from "./formatError.js";
import type { Redactor } from "./redact.js";

export { camelKey, snakeKey, toCamelCase, toSnakeCase } from "../schemas/caseKeys.js";
export type { ToolReply } from "../schemas/toolReply.js";

/** A tool result: the JSON as text content and as `structuredContent`. @internal */
export function replyResult(reply: ToolReply, redactor: Redactor): CallToolResult {
  const data = redactor.deep(toSnakeCase(reply.data));
  const json = JSON.stringify(data, null, 2);
  const text = reply.headline === undefined ? json : `${redactor.text(reply.headline)}\n${json}`;
  const result: CallToolResult = { content: [{ type: "text", text }] };
  if (typeof data === "object" && data !== null && !Array.isArray(data)) {
    result.structuredContent = data as Record<string, unknown>;
  }
  if (reply.isError) result.isError = true;
  return result;
}

/**
 * A tool error (`isError: true`): `CODE: message` as text, `{ error: { name, code, message, details } }` as
 * `structuredContent`. `translate` (the failing tool's `inToolLanguage`) rewrites the snake_case description
 * before it is redacted. Never throws. @internal
 */
export function errorResult(
  error: unknown,
  redactor: Redactor,
  translate: (described: DescribedError) => DescribedError = (described) => described,
): CallToolResult {
  const described = redactor.deep(translate(toSnakeCase(describeError(error)) as DescribedError));
  return {
    content: [{ type: "text", text: `${described.code}: ${described.message}` }],
    structuredContent: { error: described },
    isError: true,
  };
}
