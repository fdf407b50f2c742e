// The endpoint a client talks to, for redaction and error messages: the one reading of it. Every client preflow
// talks to is a viem `Client` (a preflow client's is its `publicClient`), so this reads a viem client's HTTP transport.
import type { Client } from "viem";

/**
 * The RPC URL of a viem client's HTTP transport (a preflow client's: `endpointOf(client.publicClient)`, the
 * `rpcUrl` it was created with); `undefined` when it has none (a custom or EIP-1193 transport). May hold
 * credentials: print `redactUrl(url)`, never the URL itself.
 *
 * @example
 * ```ts
 * import { createSdkClient, endpointOf, redactUrl } from "@preflow/core";
 * const client = createSdkClient({ rpcUrl: "https://forno.celo.org" });
 * console.log(redactUrl(endpointOf(client.publicClient) ?? "")); // "https://forno.celo.org"
 * ```
 */
export function endpointOf(client: Pick<Client, "transport">): string | undefined {
  const url = (client.transport as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && url !== "" ? url : undefined;
}
