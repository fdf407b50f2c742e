// The staking and governance reads whose one option is `signal` (`getProposals`, `getValidatorGroups`): the
// parameters checked before any request, then the read under the client's tracking.
import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../../clients/types.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { parseSignal } from "../../validation/parseSignal.js";

/**
 * The action `(client, parameters = {})` that refuses keys other than `signal`, then runs `read(client, signal)`
 * as the tracked read `event`. Bad parameters reject (never throw synchronously). @internal
 */
export function signalOnlyReadAction<Parameters extends ActionOptions, Result>(
  event: string,
  read: (client: SdkBaseClient, signal: AbortSignal | undefined) => Promise<Result>,
): (client: SdkBaseClient, parameters?: Parameters) => Promise<Result> {
  return async (client, parameters: object = {}) => {
    const raw = rejectUnknownKeys(parameters, "parameters", ["signal"]);
    const signal = parseSignal(raw.signal);
    return client.track(event, undefined, () => read(client, signal));
  };
}
