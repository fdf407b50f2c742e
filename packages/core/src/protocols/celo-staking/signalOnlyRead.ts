// The staking and governance reads whose one option is `signal` (`getProposals`, `getValidatorGroups`): the
// parameters checked before any request, then the read under the client's tracking.
import { rejectUnknownKeys } from "@preflow/errors";
import type { SdkBaseClient } from "../../clients/types.js";
import { parseSignal } from "../../validation/parseSignal.js";

/** Refuses keys other than `signal`, then runs `read(signal)` as the tracked read `event`. @internal */
export function signalOnlyRead<result>(
  client: SdkBaseClient,
  parameters: object,
  event: string,
  read: (signal: AbortSignal | undefined) => Promise<result>,
): Promise<result> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["signal"]);
  const signal = parseSignal(raw.signal);
  return client.track(event, undefined, () => read(signal));
}
