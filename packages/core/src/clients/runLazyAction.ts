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

/**
 * An exported action whose module loads on its first call: `load` returns the action (`async () => (await
 * import("./x.js")).x`), and the result, with the action's exact signature, calls it through
 * {@link runLazyAction}. Each `lazyActions.ts` declares its actions with it, one line each. @internal
 */
export function lazyAction<action extends (...args: never[]) => Promise<unknown>>(
  load: () => Promise<action>,
): action {
  const run = async (client: unknown, parameters: unknown) =>
    runLazyAction(
      client,
      parameters,
      load as unknown as () => Promise<(c: unknown, p: unknown) => Promise<unknown>>,
    );
  return run as unknown as action;
}
