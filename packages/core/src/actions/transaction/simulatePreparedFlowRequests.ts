// simulatePreparedFlow's requests: one JSON-RPC batch on the client's viem client (a preflow client's
// `publicClient`), with its one-time chain check folded in (batchOnClient.ts). @internal
import { redactUrl } from "../../errors/redact.js";
import { RpcError } from "../../errors/rpc.js";
import { SimulationUnsupportedError } from "../../errors/simulation.js";
import { batchOnClient, endpointLabel, requestClientOf } from "../../rpc/batchOnClient.js";
import type { RpcCall } from "../../rpc/createRpc.js";
import type { SimulationClient } from "./simulatePreparedFlowTypes.js";

export async function requestAll(
  client: SimulationClient,
  calls: RpcCall[],
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  try {
    return await batchOnClient(requestClientOf(client), calls, signal === undefined ? undefined : { signal });
  } catch (error) {
    throw unsupportedOr(error, simulationEndpoint(client));
  }
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
  return endpointLabel(requestClientOf(client));
}
