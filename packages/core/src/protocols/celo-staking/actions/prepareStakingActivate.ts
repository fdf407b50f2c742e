import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { prepareCeloAccountOperation } from "../operation.js";
import { celo } from "../steps.js";

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
export function prepareStakingActivate(
  client: SdkBaseClient,
  parameters: PrepareStakingActivateParameters,
): Promise<PrepareStakingActivateReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: ["group"],
    parse: (raw) => (raw.group === undefined ? undefined : parseAddress(raw.group, "group")),
    plan: (from, group, s) => {
      const forGroup = s.votes.filter(
        (v) => group === undefined || v.group.toLowerCase() === group.toLowerCase(),
      );
      const groups = forGroup.filter((v) => v.activatable);
      if (groups.length === 0) {
        const pending = forGroup.reduce((sum, v) => sum + v.pending, 0n);
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
      return {
        summary: `Activate ${from}'s pending votes for ${groups.map((g) => g.group).join(", ")}`,
        calls: groups.map((g) => ({
          contract: "election",
          functionName: "activate",
          args: [g.group],
          description: `Activate ${celo(g.pending)} of pending votes for ${g.group}`,
        })),
        intent: { kind: "activate", groups: groups.map((g) => g.group) },
      };
    },
  });
}
