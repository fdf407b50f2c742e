// The 2026-07-28 era's rounds for one tool server: the requestState codec (sealed with the key kept in the state
// directory, valid for one tool bound plus 5 s, bound to the method), the rounds that hold a question until the
// client's retry, and the signer the rounds bind a question to (read once the runtime is loaded).
import {
  createRequestStateCodec,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { readRequestStateKey } from "../state/requestStateKey.js";
import { InputRounds, type RoundState } from "./inputRounds.js";
import type { createToolContext } from "./toolServerContext.js";

/** A tool server's 2026-era rounds and what its handlers need of them. @internal */
export interface ModernRounds {
  rounds: InputRounds;
  /** Checks a client's sealed `requestState` (the SDK calls it before the handler runs). */
  verify: RequestStateCodec<RoundState>["verify"];
  /** Reads the signer's address (once loaded) so that a question is bound to it. */
  refreshSigner(): Promise<void>;
}

/** The 2026-era rounds of a server whose state directory is `stateDir`. @internal */
export function createModernRounds(parameters: {
  stateDir: string;
  toolTimeoutMs: number;
  context: ReturnType<typeof createToolContext>;
}): ModernRounds {
  const { stateDir, toolTimeoutMs, context } = parameters;
  let codec: RequestStateCodec<RoundState> | undefined;
  // the key is read (or made) on the first 2026-era request, not at start
  const stateCodec = (): RequestStateCodec<RoundState> => {
    codec ??= createRequestStateCodec<RoundState>({
      key: readRequestStateKey(stateDir),
      ttlSeconds: Math.ceil(toolTimeoutMs / 1_000) + 5,
      bind: (ctx: ServerContext) => ctx.mcpReq.method,
    });
    return codec;
  };
  let knownSigner: string | undefined;
  const rounds = new InputRounds({
    codec: {
      mint: (payload, ctx) => stateCodec().mint(payload, ctx),
      verify: (state, ctx) => stateCodec().verify(state, ctx),
    },
    signer: () => knownSigner,
    keepMs: toolTimeoutMs + 5_000,
  });
  return {
    rounds,
    verify: (state, ctx) => stateCodec().verify(state, ctx),
    async refreshSigner() {
      knownSigner = await context.runtime().then(
        (loaded) => loaded.account?.address.toLowerCase(),
        () => undefined,
      );
    },
  };
}
