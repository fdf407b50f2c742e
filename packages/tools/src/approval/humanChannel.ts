// The way to a person during one tool call: MCP elicitation through the client that made the call (the request is
// related to the tool call, so a client can show it beside it). Small and free of heavy imports: the server creates
// one per call.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalMode } from "./readApprovalSection.js";

/** Asks the person through the MCP client (elicitation), when the client can. @internal */
export interface HumanChannel {
  /** The elicitation modes the client declared at initialisation (`[]`: it cannot ask anyone). */
  modes(): ApprovalMode[];
  /** Sends `elicitation/create`; rejects on timeout (McpError RequestTimeout), abort or a client error. */
  ask(
    params: ElicitRequestFormParams | ElicitRequestURLParams,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<ElicitResult>;
  /** Sends `notifications/elicitation/complete` for a URL-mode question (errors ignored). */
  complete(elicitationId: string): Promise<void>;
}

/** The channel of one tool call (`requestId`: the `tools/call` request it belongs to). @internal */
export function humanChannel(server: Server, requestId: RequestId): HumanChannel {
  return {
    modes() {
      const elicitation = server.getClientCapabilities()?.elicitation;
      if (!elicitation) return [];
      return (["form", "url"] as const).filter((mode) => elicitation[mode] !== undefined);
    },
    ask(params, options) {
      return server.elicitInput(params, {
        relatedRequestId: requestId,
        timeout: options.timeoutMs,
        signal: options.signal,
      });
    },
    async complete(elicitationId) {
      try {
        await server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: requestId })();
      } catch {
        // The client went away or never could take it: the question is over either way.
      }
    },
  };
}
