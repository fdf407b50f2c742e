// Per-entry faults: the upstream's answers matched back to the calls that were forwarded, and each call's answer
// (a local result or error, the upstream's, or the upstream's with its result replaced or rewritten).
import { idOf, isRecord } from "./parseJsonRpcBody.js";
import type { Fault, JsonRpcRequest } from "./types.js";

/** The upstream's answer of each forwarded call (by its index in the request): by id, else by position. */
export function matchUpstreamAnswers(
  forwarded: readonly { call: JsonRpcRequest; index: number }[],
  answerText: string,
): Map<number, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(answerText);
  } catch {
    payload = undefined;
  }
  const list = Array.isArray(payload) ? [...payload] : [payload];
  const answers = new Map<number, unknown>();
  for (const [position, { call, index }] of forwarded.entries()) {
    // Match by id (a batch's answers may come in any order), else by position.
    const key = JSON.stringify(idOf(call));
    const at = list.findIndex((entry) => isRecord(entry) && JSON.stringify(entry.id ?? null) === key);
    const found = at >= 0 ? list.splice(at, 1, undefined)[0] : list[position];
    answers.set(index, found);
  }
  return answers;
}

/** The answer of `call` under `fault`, from the upstream's answer when it was forwarded. */
export function entryAnswer(
  call: JsonRpcRequest,
  fault: Fault | undefined,
  upstreamAnswer: unknown,
): unknown {
  const base = { jsonrpc: "2.0" as const, id: idOf(call) };
  if (fault?.kind === "result") return { ...base, result: fault.result };
  if (fault?.kind === "error") {
    const error = {
      code: fault.code,
      message: fault.message,
      ...("data" in fault ? { data: fault.data } : {}),
    };
    return { ...base, error };
  }
  if (upstreamAnswer === undefined) {
    return {
      ...base,
      error: { code: -32603, message: "fault proxy: the upstream's answer has no entry for this call" },
    };
  }
  if (!isRecord(upstreamAnswer) || !("result" in upstreamAnswer)) return upstreamAnswer;
  if (fault?.kind === "forward-then-result") return { ...upstreamAnswer, result: fault.result };
  if (fault?.kind === "rewrite-result") {
    try {
      return { ...upstreamAnswer, result: fault.rewrite(upstreamAnswer.result, call) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ...base, error: { code: -32603, message: `fault proxy: rewrite threw: ${reason}` } };
    }
  }
  return upstreamAnswer;
}
