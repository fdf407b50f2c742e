// The way to a person during one tool call. Two eras, one interface: on a 2025-era connection a real
// `elicitation/create` through the client that made the call (related to the tool call, so a client can show it
// beside it); on a 2026-07-28 request the server layer parks the question and answers the call `input_required`
// (server/inputRounds.ts), the client's retry carrying the answer. Small and free of heavy imports: the server
// creates one per call.
import type {
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  RequestId,
  Server,
} from "@modelcontextprotocol/server";
import type { ApprovalMode } from "./readApprovalSection.js";

/** What {@link HumanChannel.ask} rejects with when no answer came within `timeoutMs`. @internal */
export const ASK_TIMED_OUT = "REQUEST_TIMEOUT";

/** Options of {@link HumanChannel.ask}. @internal */
export interface AskOptions {
  timeoutMs: number;
  signal: AbortSignal;
  /** The approval the question is for (its id and the digest of the exact thing approved): the answer is bound to it. */
  binding?: { approvalId: string; subjectId: string; digest: `0x${string}` };
}

/** Asks the person through the MCP client, when the client can. @internal */
export interface HumanChannel {
  /** The elicitation modes the client declared (`[]`: it cannot ask anyone). */
  modes(): ApprovalMode[];
  /**
   * Asks the question; rejects with `{ code: ASK_TIMED_OUT }` (or the SDK's request timeout) when no answer came in
   * time, and on abort or a client error.
   */
  ask(params: ElicitRequestFormParams | ElicitRequestURLParams, options: AskOptions): Promise<ElicitResult>;
  /** Says a URL-mode question is over (`notifications/elicitation/complete` in the 2025 era; errors ignored). */
  complete(elicitationId: string): Promise<void>;
}

/** The elicitation modes in a client's declared capabilities. @internal */
export function elicitationModes(capabilities: { elicitation?: unknown } | undefined): ApprovalMode[] {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation || typeof elicitation !== "object") return [];
  return (["form", "url"] as const).filter((mode) => elicitation[mode] !== undefined);
}

/** The 2025-era channel of one tool call (`requestId`: the `tools/call` request it belongs to). @internal */
export function humanChannel(server: Server, requestId: RequestId): HumanChannel {
  return {
    modes() {
      return elicitationModes(server.getClientCapabilities());
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
