// The third job of createToolServer: one tools/call, within the answer bound. The arguments are parsed strictly, the
// tool runs with the call's cancellation, deadline, progress (with a heartbeat while it works) and way to a person;
// its reply becomes an MCP result checked against the tool's output schema, and any error a typed error result in
// the tool's language. Every text is redacted.
import type { CallToolResult, ServerContext } from "@modelcontextprotocol/server";
import type { HumanChannel } from "../approval/humanChannel.js";
import { ToolsError } from "../errors/base.js";
import { ToolTimeoutError } from "../errors/execution.js";
import { argumentNamesOf, parseToolArguments } from "../input/parseToolArguments.js";
import type { ServerSigner } from "../signer/serverSigner.js";
import type { ToolCall, ToolContext, ToolDefinition } from "../tools/context.js";
import type { Redactor } from "./redact.js";
import { inToolLanguage } from "./toolLanguage.js";
import { errorResult, replyResult } from "./toolResult.js";

const HEARTBEAT_MS = 5_000;

/** What {@link callTool} needs of its server. @internal */
export interface ToolCaller {
  context: ToolContext;
  redactor: Redactor;
  toolTimeoutMs: number;
  /** The server's signer, unlocked before a signing tool runs. */
  signer: ServerSigner | undefined;
}

/** The tools that sign with the server's key (a locked keystore is unlocked before they run). */
const SIGNING_TOOLS: ReadonlySet<string> = new Set([
  "execute_prepared_flow",
  "send_token",
  "x402_fetch",
  "approve_flow",
]);

/** Each tool's argument names, for its errors (walked on its first error). */
const argumentNames = new WeakMap<ToolDefinition, ReadonlySet<string>>();
function languageOf(tool: ToolDefinition, toolTimeoutMs: number) {
  let names = argumentNames.get(tool);
  if (names === undefined) {
    names = argumentNamesOf(tool.input);
    argumentNames.set(tool, names);
  }
  return { argumentNames: names, toolTimeoutMs };
}

/**
 * The call's progress: notifications only ever increase and stop once answered; a heartbeat says the tool is still
 * working when a progress token was given.
 */
function toolProgress(tool: ToolDefinition, ctx: ServerContext, started: number, toolTimeoutMs: number) {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const state = { answered: false, last: -1, lastTotal: undefined as number | undefined };
  const progress: ToolCall["progress"] = async (value, total, message) => {
    if (state.answered || progressToken === undefined || value <= state.last) return;
    state.last = value;
    state.lastTotal = total;
    try {
      await ctx.mcpReq.notify({
        method: "notifications/progress",
        params: { progressToken, progress: value, ...(total === undefined ? {} : { total }), message },
      });
    } catch {
      // A lost progress notification changes nothing.
    }
  };
  const heartbeat =
    progressToken === undefined
      ? undefined
      : setInterval(
          () => {
            const base = Math.max(state.last, 0);
            const next = base + (Math.floor(base * 2 + 1) / 2 - base) / 2;
            void progress(
              next,
              state.lastTotal,
              `${tool.name}: still working (${Math.round((Date.now() - started) / 1000)} s)`,
            );
          },
          Math.min(HEARTBEAT_MS, Math.max(50, Math.floor(toolTimeoutMs / 4))),
        );
  return {
    progress,
    stop() {
      state.answered = true;
      if (heartbeat) clearInterval(heartbeat);
    },
  };
}

/** The tool's reply as an MCP result, checked against its output schema (a mismatch is a bug, reported so). */
function checkedResult(
  caller: ToolCaller,
  tool: ToolDefinition,
  reply: Awaited<ReturnType<ToolDefinition["run"]>>,
) {
  const result = replyResult(reply, caller.redactor);
  const checked = tool.output.safeParse(result.structuredContent);
  if (checked.success) return result;
  caller.context.log(
    `${tool.name}: result does not match its outputSchema: ${checked.error.issues[0]?.message} at ${checked.error.issues[0]?.path.join(".")}`,
  );
  return errorResult(
    new Error(
      `${tool.name} produced a result that does not match its outputSchema; this is a bug, please report it`,
    ),
    caller.redactor,
  );
}

/** How one call reaches its client: its request (progress), cancellation and way to a person. @internal */
export interface CallChannel {
  ctx: ServerContext;
  signal: AbortSignal;
  human: HumanChannel;
  /** Whether the client renders the flow view (MCP Apps). */
  apps?: boolean;
}

/** Runs one tools/call; see the file comment. Never rejects. @internal */
export async function callTool(
  caller: ToolCaller,
  tool: ToolDefinition,
  args: unknown,
  channel: CallChannel,
): Promise<CallToolResult> {
  const { context, redactor, toolTimeoutMs, signer } = caller;
  const started = Date.now();
  const margin = Math.min(1_000, Math.floor(toolTimeoutMs / 10));
  const deadline = started + toolTimeoutMs - margin;
  const { progress, stop } = toolProgress(tool, channel.ctx, started, toolTimeoutMs);
  const call: ToolCall = {
    signal: channel.signal,
    deadline,
    progress,
    human: channel.human,
    tool: tool.name,
    apps: channel.apps ?? false,
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = (async () => {
      const parsed = parseToolArguments(tool.name, tool.input, args);
      // A keystore unlocks before a signing tool runs (its password file's result, or a person on the local page):
      // a wrong or missing password is the tool's answer, nothing is prepared for signing; dry runs need no key.
      if (
        signer !== undefined &&
        SIGNING_TOOLS.has(tool.name) &&
        (parsed as { dry_run?: unknown }).dry_run !== true
      ) {
        await context.runtime();
        await signer.unlock(call, tool.name, toolTimeoutMs);
      }
      return tool.run(parsed, context, call);
    })();
    const expired = new Promise<"expired">((resolve) => {
      timer = setTimeout(() => resolve("expired"), Math.max(0, deadline + margin / 2 - Date.now()));
    });
    const reply = await Promise.race([run, expired]);
    if (reply === "expired") {
      run.catch(() => undefined);
      throw new ToolTimeoutError({ tool: tool.name, boundMs: toolTimeoutMs, waitsOn: tool.waitsOn });
    }
    return checkedResult(caller, tool, reply);
  } catch (error) {
    // The server's own errors already speak the tool's language (and quote what the caller typed).
    const result = errorResult(
      error,
      redactor,
      error instanceof ToolsError
        ? undefined
        : (described) => inToolLanguage(described, languageOf(tool, toolTimeoutMs)),
    );
    context.log(`${tool.name} failed: ${(result.content[0] as { text: string }).text}`);
    return result;
  } finally {
    stop();
    clearTimeout(timer);
  }
}
