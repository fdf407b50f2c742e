import { RpcError } from "../errors/rpc.js";
import { redactUrl, redactUrlIn } from "./redactUrl.js";

/** Wraps a transport or JSON-RPC failure in an {@link RpcError} with the URL redacted. @internal */
export function toRpcError(error: unknown, rpcUrl: string, method: string): RpcError {
  const record = (typeof error === "object" && error !== null ? error : {}) as {
    shortMessage?: unknown;
    details?: unknown;
    message?: unknown;
    status?: unknown;
    code?: unknown;
  };
  const short = typeof record.shortMessage === "string" ? record.shortMessage : undefined;
  const details = typeof record.details === "string" ? record.details : undefined;
  let reason = short ?? (typeof record.message === "string" ? record.message.split("\n")[0]! : String(error));
  if (details && details !== short) reason = `${reason.replace(/\.$/, "")}: ${details}`;
  reason = redactUrlIn(reason, rpcUrl).replace(/\.$/, "");
  if (reason.length > 300) reason = `${reason.slice(0, 297)}...`;
  return new RpcError({
    rpcUrl: redactUrl(rpcUrl),
    method,
    reason,
    ...(typeof record.status === "number" ? { status: record.status } : {}),
    ...(typeof record.code === "number" ? { rpcCode: record.code } : {}),
  });
}
