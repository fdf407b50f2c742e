// simulatePreparedFlow's requests: one JSON-RPC batch through a preflow client's rpc, or the same calls issued in
// one tick on a plain viem client (with eth_chainId, as the chain check). @internal
import type { Chain, Client, Transport } from "viem";
import { redactUrl } from "../../errors/redact.js";
import { RpcError } from "../../errors/rpc.js";
import { SimulationUnsupportedError } from "../../errors/simulation.js";
import { checkChainId } from "../../rpc/checkChainId.js";
import { type RpcCall, withAbort } from "../../rpc/createRpc.js";
import { endpointOf } from "../../rpc/endpointOf.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import type { SimulationClient } from "./simulatePreparedFlowTypes.js";

export async function requestAll(
  client: SimulationClient,
  calls: RpcCall[],
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  const rpcUrl = simulationEndpoint(client);
  if ("rpc" in client && typeof client.rpc?.batch === "function") {
    try {
      return await client.rpc.batch(calls, signal === undefined ? undefined : { signal });
    } catch (error) {
      throw unsupportedOr(error, rpcUrl);
    }
  }
  const viem = client as Client<Transport, Chain | undefined>;
  const all: RpcCall[] = [{ method: "eth_chainId" }, ...calls];
  // Issued in the same tick: one JSON-RPC batch on a batching transport.
  const settled = await withAbort(
    Promise.allSettled(
      all.map((call) =>
        viem.request({ method: call.method, params: call.params } as never, { dedupe: false } as never),
      ),
    ),
    signal,
    "eth_simulateV1",
  );
  const [chain, ...rest] = settled;
  if (chain?.status === "rejected") throw toRpcError(chain.reason, { rpcUrl, method: "eth_chainId" });
  checkChainId(chain?.value, rpcUrl, (reason) =>
    toRpcError(new Error(reason), { rpcUrl, method: "eth_chainId" }),
  );
  return rest.map((result, index) => {
    if (result.status === "fulfilled") return result.value;
    throw unsupportedOr(toRpcError(result.reason, { rpcUrl, method: calls[index]!.method }), rpcUrl);
  });
}

/** A `SimulationUnsupportedError` when `error` says the node lacks `eth_simulateV1`; else `error` itself. */
export function unsupportedOr(error: unknown, rpcUrl: string): unknown {
  if (!(error instanceof RpcError) || error.details.method !== "eth_simulateV1") return error;
  const { rpcCode, reason } = error.details as { rpcCode?: number; reason: string };
  const saysMissing =
    /method not found|not supported|does not exist|not available|unknown method|unsupported method/i.test(
      reason,
    );
  if (rpcCode === -32601 || saysMissing) {
    return new SimulationUnsupportedError({ rpcUrl: redactUrl(rpcUrl), reason });
  }
  return error;
}

/** The endpoint named in a simulation's errors (a label when the client's transport has no URL). */
export function simulationEndpoint(client: SimulationClient): string {
  return endpointOf(client) ?? "(the client's transport)";
}
