// How a tool call asks a person on a 2026-07-28 request, where the server cannot send requests to the client: the
// call runs as usual, and when it asks (HumanChannel.ask) the round's handler answers the tool call `input_required`
// with the question and a sealed `requestState` (HMAC, short lifetime, bound to the tool, the signer and the digest of
// the exact thing approved). The question stays parked in this process; the client's retry carries the person's
// answer, which resolves the parked question, and that round waits for the call's next event (its result, or another
// question). A decline or cancel is delivered at once and ends the question (the approval stage refuses and never
// asks again); a retry without an answer counts as a cancel; no retry within the question's wait is a timeout. One
// process serves every round (stdio, or the shared HTTP server), so the calls live in memory.
import { randomUUID } from "node:crypto";
import {
  type CallToolResult,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import {
  ASK_TIMED_OUT,
  type AskOptions,
  elicitationModes,
  type HumanChannel,
} from "../approval/humanChannel.js";

/** The key of the one question a round asks. */
const QUESTION_KEY = "approval";

/** What a sealed `requestState` carries (signed, readable by the client: no secret in it). @internal */
export interface RoundState {
  /** The parked call. */
  call: string;
  tool: string;
  /** The signer's address (or `"none"`). */
  signer: string;
  approvalId: string;
  subjectId: string;
  digest: `0x${string}`;
}

type Question = {
  params: ElicitRequestFormParams | ElicitRequestURLParams;
  binding: NonNullable<AskOptions["binding"]>;
  answer(result: ElicitResult): void;
};
type RoundEvent = { kind: "done"; result: CallToolResult } | { kind: "ask"; question: Question };

/** One tool call across its rounds. */
interface ParkedCall {
  id: string;
  tool: string;
  controller: AbortController;
  /** The event no round has taken yet. */
  pending: RoundEvent | undefined;
  /** The round waiting for the next event. */
  waiter: ((event: RoundEvent) => void) | undefined;
  /** The question waiting for its answer. */
  open: Question | undefined;
  /** Removes the call once its result was taken (or kept long enough for a late retry). */
  forget: NodeJS.Timeout | undefined;
}

/** What a round needs from the server. @internal */
export interface InputRoundsOptions {
  codec: RequestStateCodec<RoundState>;
  /** The signer's address (bound into every state), `undefined` without one. */
  signer(): string | undefined;
  /** How long a finished call's result is kept for a retry that comes late (ms). */
  keepMs: number;
}

/** The 2026-era rounds of the server's tool calls; see the file comment. @internal */
export class InputRounds {
  readonly #calls = new Map<string, ParkedCall>();
  readonly #options: InputRoundsOptions;

  constructor(options: InputRoundsOptions) {
    this.#options = options;
  }

  /** Whether `ctx` is a 2026-07-28 request (it carries the per-request envelope). */
  static isModern(ctx: ServerContext): boolean {
    return ctx.mcpReq.envelope?.["io.modelcontextprotocol/protocolVersion" as never] !== undefined;
  }

  /**
   * Starts a tool call: `run` gets the call's signal and its way to a person; answers with its result, or
   * `input_required` when it asks.
   */
  async start(
    tool: string,
    ctx: ServerContext,
    run: (signal: AbortSignal, human: HumanChannel) => Promise<CallToolResult>,
  ): Promise<CallToolResult | InputRequiredResult> {
    const call: ParkedCall = {
      id: randomUUID(),
      tool,
      controller: new AbortController(),
      pending: undefined,
      waiter: undefined,
      open: undefined,
      forget: undefined,
    };
    this.#calls.set(call.id, call);
    const modes = elicitationModes(
      ctx.mcpReq.envelope?.["io.modelcontextprotocol/clientCapabilities" as never] as
        | { elicitation?: unknown }
        | undefined,
    );
    const human: HumanChannel = {
      modes: () => modes,
      ask: (params, options) => this.#park(call, params, options),
      complete: async () => undefined,
    };
    run(call.controller.signal, human).then(
      (result) => this.#emit(call, { kind: "done", result }),
      // callTool never rejects; this is the last word should it ever.
      (error: unknown) =>
        this.#emit(call, {
          kind: "done",
          result: { content: [{ type: "text", text: String(error) }], isError: true },
        }),
    );
    return this.#round(call, ctx);
  }

  /** A retry: delivers its answer to the parked question and waits for the call's next event. */
  async resume(
    tool: string,
    state: RoundState,
    ctx: ServerContext,
    expired: () => CallToolResult,
  ): Promise<CallToolResult | InputRequiredResult> {
    const call = this.#calls.get(state.call);
    // Unknown (answered already, lapsed, or from before a restart), or a state minted for another tool or signer.
    if (!call || call.tool !== tool || state.tool !== tool || state.signer !== this.#signer())
      return expired();
    const open = call.open;
    if (open) {
      if (open.binding.digest !== state.digest || open.binding.approvalId !== state.approvalId)
        return expired();
      call.open = undefined;
      const view = inputResponse(ctx.mcpReq.inputResponses, QUESTION_KEY);
      // A retry without an answer (or with one of another kind) is a cancel: asked once, never again.
      open.answer(
        view.kind === "elicit"
          ? ({
              action: view.action,
              ...(view.content === undefined ? {} : { content: view.content }),
            } as ElicitResult)
          : { action: "cancel" },
      );
    }
    return this.#round(call, ctx);
  }

  #signer(): string {
    return this.#options.signer() ?? "none";
  }

  #park(
    call: ParkedCall,
    params: ElicitRequestFormParams | ElicitRequestURLParams,
    options: AskOptions,
  ): Promise<ElicitResult> {
    // A question bound to nothing in particular (the keystore's password page) is bound to itself.
    const binding = options.binding ?? {
      approvalId: randomUUID(),
      subjectId: call.tool,
      digest: "0x" as const,
    };
    return new Promise<ElicitResult>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        options.signal.removeEventListener("abort", aborted);
        if (call.open === question) call.open = undefined;
      };
      const timer = setTimeout(() => {
        settle();
        reject(Object.assign(new Error("no answer in time"), { code: ASK_TIMED_OUT }));
      }, options.timeoutMs);
      const aborted = () => {
        settle();
        reject(new Error("the tool call was cancelled"));
      };
      options.signal.addEventListener("abort", aborted, { once: true });
      const question: Question = {
        params,
        binding,
        answer: (result) => {
          settle();
          resolve(result);
        },
      };
      call.open = question;
      this.#emit(call, { kind: "ask", question });
    });
  }

  #emit(call: ParkedCall, event: RoundEvent): void {
    if (event.kind === "done") {
      // Kept a while for a retry that comes after the answer was due; then forgotten.
      call.forget = setTimeout(() => this.#calls.delete(call.id), this.#options.keepMs);
      call.forget.unref();
    }
    const waiter = call.waiter;
    if (waiter) {
      call.waiter = undefined;
      waiter(event);
    } else call.pending = event;
  }

  /** Waits for the call's next event on behalf of one request (its cancellation cancels the call). */
  async #round(call: ParkedCall, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    const signal = ctx.mcpReq.signal;
    const cancel = () => call.controller.abort(signal.reason);
    signal.addEventListener("abort", cancel, { once: true });
    try {
      const event =
        call.pending ??
        (await new Promise<RoundEvent>((resolve) => {
          call.waiter = resolve;
        }));
      call.pending = undefined;
      if (event.kind === "done") {
        clearTimeout(call.forget);
        this.#calls.delete(call.id);
        return event.result;
      }
      const { params, binding } = event.question;
      const requestState = await this.#options.codec.mint(
        {
          call: call.id,
          tool: call.tool,
          signer: this.#signer(),
          approvalId: binding.approvalId,
          subjectId: binding.subjectId,
          digest: binding.digest,
        },
        ctx,
      );
      const request =
        params.mode === "url"
          ? inputRequired.elicitUrl({ message: params.message, url: params.url })
          : inputRequired.elicit({ message: params.message, requestedSchema: params.requestedSchema });
      return inputRequired({ inputRequests: { [QUESTION_KEY]: request }, requestState });
    } finally {
      signal.removeEventListener("abort", cancel);
    }
  }
}
