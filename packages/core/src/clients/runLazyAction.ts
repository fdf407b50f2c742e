import { isRecord } from "@preflow/errors";
import { throwIfAborted } from "../rpc/createRpc.js";
import { parseSignal } from "../validation/parseSignal.js";
import type { SdkBaseClient } from "./types.js";

/**
 * Runs an action whose module loads on its first call: an aborted `parameters.signal` stops the call before the
 * load (in a browser, a chunk download) and before any request; then the module is loaded and the action called.
 * The one way a client member or an exported action defers its code (each `lazyActions.ts` is written with it).
 *
 * @internal
 */
export async function runLazyAction<client = SdkBaseClient, parameters = unknown, result = unknown>(
  client: client,
  parameters: parameters,
  load: () => Promise<(client: client, parameters: parameters) => Promise<result>>,
): Promise<result> {
  throwIfAborted(parseSignal(isRecord(parameters) ? parameters.signal : undefined), "eth_call");
  return (await load())(client, parameters);
}
