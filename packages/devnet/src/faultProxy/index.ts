// A fault-injecting JSON-RPC proxy for tests: a real HTTP server on 127.0.0.1 in front of a JSON-RPC endpoint
// (the devnet's RPC, bundler or sponsor endpoint). It forwards everything unchanged and counts what passes,
// until a test injects a fault: lose the answer after forwarding, answer an HTTP status (with Retry-After),
// hang, replace or rewrite a result, answer a static result or a JSON-RPC error, or delay. viem and
// permissionless run unmodified against it.
// One file per job: types.ts (calls, faults, rules, the proxy), parseJsonRpcBody.ts (request bodies),
// forwardUrl.ts (where a request goes), rules.ts (checking and matching faults), httpExchange.ts (bodies, error
// answers, waits), handleRequest.ts (one request: refused, delayed, an HTTP-level fault, forwarded, or answered
// entry by entry), entryAnswers.ts (each entry's answer under its fault), startFaultProxy.ts (the server, its
// counters and rules), closedPortUrl.ts (an endpoint that is down). A new fault kind: its type in types.ts, its
// check in rules.ts, its answer in handleRequest.ts (HTTP level) or entryAnswers.ts (per entry).
export { closedPortUrl } from "./closedPortUrl.js";
export { forwardUrl } from "./forwardUrl.js";
export {
  INVALID_REQUEST_ERROR,
  MAX_BODY_BYTES,
  PARSE_ERROR,
  type ParsedJsonRpcBody,
  parseJsonRpcBody,
} from "./parseJsonRpcBody.js";
export { startFaultProxy } from "./startFaultProxy.js";
export type {
  Fault,
  FaultKind,
  FaultProxy,
  FaultProxyOptions,
  FaultRule,
  InjectedFault,
  JsonRpcId,
  JsonRpcRequest,
} from "./types.js";
