import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { groupNeighbours } from "../neighbours.js";
import { type CeloCall, prepareCeloAccountOperation } from "../operation.js";
import { parseCeloAmount } from "../parameters.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareStakingRevoke}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeParameters } from "@preflow/core";
 * const parameters: PrepareStakingRevokeParameters = { from, group, amount: "30" };
 * ```
 */
export interface PrepareStakingRevokeParameters {
  /** The voter (and signer). */
  from: string;
  /** The validator group voted for. */
  group: string;
  /** Votes to revoke, a human decimal string. */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingRevoke}: `[Election.revokePending (if any pending), Election.revokeActive
 * (for the rest)]`, intent `{ kind: "revoke", group, amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeReturnType } from "@preflow/core";
 * const flow: PrepareStakingRevokeReturnType = await client.staking.prepareRevoke(from, group, "30");
 * ```
 */
export type PrepareStakingRevokeReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingRevoke} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingRevokeErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingRevokeErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares revoking votes for a validator group: pending votes first, then active ones, each with the sorted-list
 * neighbours Election needs for the group's new total and the group's index in the account's list. The CELO
 * becomes non-voting locked CELO. Refused when the account votes less than the amount for the group
 * (`not-enough-votes`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingRevokeErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingRevoke } from "@preflow/core";
 * const flow = await prepareStakingRevoke(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 */
export function prepareStakingRevoke(
  client: SdkBaseClient,
  parameters: PrepareStakingRevokeParameters,
): Promise<PrepareStakingRevokeReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: ["group", "amount"],
    parse: (raw) => ({ group: parseAddress(raw.group, "group"), amount: parseCeloAmount(raw.amount) }),
    plan: (from, { group, amount }, s) => {
      const index = s.votes.findIndex((v) => v.group.toLowerCase() === group.toLowerCase());
      const vote = s.votes[index];
      const has = vote ? vote.pending + vote.active : 0n;
      if (!vote || has < amount) {
        throw new CeloStakingRefusedError({
          operation: "revoke",
          reason: "not-enough-votes",
          message: `${from} votes ${celo(has)} for ${group}, less than ${celo(amount)}`,
          details: {
            group,
            amount: amount.toString(),
            pending: (vote?.pending ?? 0n).toString(),
            active: (vote?.active ?? 0n).toString(),
          },
        });
      }
      let total = s.eligible.find((g) => g.group.toLowerCase() === group.toLowerCase())?.votes ?? has;
      const calls: CeloCall[] = [];
      // biome-ignore lint/complexity/useMathMinMax: bigints have no Math.min
      const fromPending = vote.pending < amount ? vote.pending : amount;
      for (const [functionName, value, kind] of [
        ["revokePending", fromPending, "pending"],
        ["revokeActive", amount - fromPending, "active"],
      ] as const) {
        if (value === 0n) continue;
        total -= value;
        const { lesser, greater } = groupNeighbours(s.eligible, group, total);
        calls.push({
          contract: "election",
          functionName,
          args: [group, value, lesser, greater, BigInt(index)],
          description: `Revoke ${celo(value)} of ${kind} votes for ${group}`,
        });
      }
      return {
        summary: `Revoke ${celo(amount)} of ${from}'s votes for validator group ${group}`,
        calls,
        intent: { kind: "revoke", group, amount: amount.toString() },
      };
    },
  });
}
