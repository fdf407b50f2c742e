import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { readCeloAccountState } from "../lens.js";
import { buildCeloStep, celo, celoFlow } from "../steps.js";

/**
 * Parameters of {@link prepareStakingActivate}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateParameters } from "@preflow/core";
 * const parameters: PrepareStakingActivateParameters = { from };
 * ```
 */
export interface PrepareStakingActivateParameters {
  /** The voter (and signer). */
  from: string;
  /** Only this group; every group with activatable pending votes when omitted. */
  group?: string | undefined;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingActivate}: one `Election.activate(group)` per group, intent
 * `{ kind: "activate", groups }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateReturnType } from "@preflow/core";
 * const flow: PrepareStakingActivateReturnType = await client.staking.prepareActivate(from);
 * ```
 */
export type PrepareStakingActivateReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingActivate} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingActivateErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingActivateErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares activating pending votes (cast in an earlier epoch) for `group`, or for every group that has some.
 * Refused when there is nothing to activate (`nothing-to-activate`; pending votes cast in this epoch activate
 * from the next).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingActivateErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingActivate } from "@preflow/core";
 * const flow = await prepareStakingActivate(createSdkBaseClient(), { from });
 * ```
 */
export async function prepareStakingActivate(
  client: SdkBaseClient,
  parameters: PrepareStakingActivateParameters,
): Promise<PrepareStakingActivateReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "group", "signal"]);
  const from = parseAddress(raw.from, "from");
  const group = raw.group === undefined ? undefined : parseAddress(raw.group, "group");
  const s = await readCeloAccountState(client, from, parseSignal(raw.signal));
  const groups = s.votes.filter(
    (v) => v.activatable && (group === undefined || v.group.toLowerCase() === group.toLowerCase()),
  );
  if (groups.length === 0) {
    const pending = s.votes
      .filter((v) => group === undefined || v.group.toLowerCase() === group.toLowerCase())
      .reduce((sum, v) => sum + v.pending, 0n);
    throw new CeloStakingRefusedError({
      operation: "activate",
      reason: "nothing-to-activate",
      message:
        pending > 0n
          ? `${celo(pending)} of pending votes were cast in epoch ${s.epoch} and activate from the next epoch`
          : `${from} has no pending votes${group ? ` for ${group}` : ""}`,
      details: { epoch: s.epoch.toString(), pending: pending.toString(), ...(group ? { group } : {}) },
    });
  }
  return celoFlow(
    from,
    `Activate ${from}'s pending votes for ${groups.map((g) => g.group).join(", ")}`,
    groups.map((g) =>
      buildCeloStep(
        "election",
        "activate",
        [g.group],
        `Activate ${celo(g.pending)} of pending votes for ${g.group}`,
        client.tag,
      ),
    ),
    { kind: "activate", groups: groups.map((g) => g.group) },
    s.blockNumber,
  );
}
