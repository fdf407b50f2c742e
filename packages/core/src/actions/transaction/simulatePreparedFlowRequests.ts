// simulatePreparedFlow's requests: one JSON-RPC batch through a preflow client's rpc, or the same calls issued in
// one tick on a plain viem client (with eth_chainId, as the chain check). @internal
import type { Chain, Client, Transport } from "viem";
import { CHAIN_ID } from "../../chain.js";
import { ChainMismatchError } from "../../errors/chain.js";
import { redactUrl } from "../../errors/redact.js";
import { RpcError } from "../../errors/rpc.js";
import { SimulationUnsupportedError } from "../../errors/simulation.js";
import { type RpcCall, withAbort } from "../../rpc/createRpc.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import type { SimulationClient } from "./simulatePreparedFlowTypes.js";

export async function requestAll(
  client: SimulationClient,
  calls: RpcCall[],
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  const rpcUrl = endpointOf(client);
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
  const chainId =
    typeof chain?.value === "string" && /^0x[0-9a-fA-F]+$/.test(chain.value)
      ? Number.parseInt(chain.value, 16)
      : Number.NaN;
  if (chainId !== CHAIN_ID) {
    if (Number.isNaN(chainId)) {
      throw toRpcError(new Error(`eth_chainId returned ${JSON.stringify(chain?.value)}`), {
        rpcUrl,
        method: "eth_chainId",
      });
    }
    throw new ChainMismatchError({ expected: CHAIN_ID, actual: chainId, rpcUrl: redactUrl(rpcUrl) });
  }
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

export function endpointOf(client: SimulationClient): string {
  if ("rpc" in client && typeof client.rpc?.rpcUrl === "string") return client.rpc.rpcUrl;
  const url = ((client as Client).transport as { url?: unknown } | undefined)?.url;
  return typeof url === "string" && url !== "" ? url : "(the client's transport)";
}
