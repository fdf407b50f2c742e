// The endpoint a client talks to, for redaction and error messages: the one reading of it, for a preflow client
// (its `rpc`) and a viem client (its HTTP transport).
import type { Client } from "viem";

/**
 * The RPC URL of a preflow client (`client.rpc.rpcUrl`) or of a viem client's HTTP transport; `undefined` when
 * it has none (a custom or EIP-1193 transport). @internal
 */
export function endpointOf(
  client: { readonly rpc?: { readonly rpcUrl?: unknown } } | Client,
): string | undefined {
  const own = "rpc" in client ? client.rpc?.rpcUrl : undefined;
  if (typeof own === "string" && own !== "") return own;
  const url = ((client as Client).transport as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && url !== "" ? url : undefined;
}
