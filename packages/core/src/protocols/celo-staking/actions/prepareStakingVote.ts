import type { SdkBaseClient } from "../../../clients/types.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { groupNeighbours } from "../neighbours.js";
import { prepareCeloAccountOperation } from "../operation.js";
import { parseCeloAmount } from "../parameters.js";
import { celo } from "../steps.js";

/**
 * Parameters of {@link prepareStakingVote}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteParameters } from "@preflow/core";
 * const parameters: PrepareStakingVoteParameters = { from, group: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F", amount: "30" };
 * ```
 */
export interface PrepareStakingVoteParameters {
  /** The voter (and signer). */
  from: string;
  /** The validator group's address. */
  group: string;
  /** Locked, non-voting CELO to vote with, a human decimal string. */
  amount: string;
  /** Aborts the read (`RequestAbortedError`); nothing is prepared. */
  signal?: AbortSignal | undefined;
}

/**
 * The return type of {@link prepareStakingVote}: `[Election.vote(group, amount, lesser, greater)]`, intent
 * `{ kind: "vote", group, amount }`.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteReturnType } from "@preflow/core";
 * const flow: PrepareStakingVoteReturnType = await client.staking.prepareVote(from, group, "30");
 * ```
 */
export type PrepareStakingVoteReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareStakingVote} throws.
 *
 * @example
 * ```ts
 * import type { PrepareStakingVoteErrorType } from "@preflow/core";
 * ```
 */
export type PrepareStakingVoteErrorType = CeloStakingReadErrorType | CeloStakingRefusedError;

/**
 * Prepares a vote of locked CELO for a validator group (a pending vote, activatable from the next epoch). Checked
 * as Election would: the group is eligible (`group-not-eligible`), the vote fits its capacity
 * (`group-over-capacity`), the account has that much locked and non-voting CELO (`not-enough-nonvoting`,
 * `not-an-account`) and votes for fewer groups than the maximum (`too-many-groups`). The sorted-list neighbours
 * (`lesser`, `greater`) are computed from the eligible groups' votes.
 *
 * HTTP requests: 1.
 *
 * @throws {@link PrepareStakingVoteErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareStakingVote } from "@preflow/core";
 * const flow = await prepareStakingVote(createSdkBaseClient(), { from, group, amount: "30" });
 * ```
 */
export function prepareStakingVote(
  client: SdkBaseClient,
  parameters: PrepareStakingVoteParameters,
): Promise<PrepareStakingVoteReturnType> {
  return prepareCeloAccountOperation(client, parameters, {
    keys: ["group", "amount"],
    parse: (raw) => ({ group: parseAddress(raw.group, "group"), amount: parseCeloAmount(raw.amount) }),
    plan: (from, { group, amount }, s) => {
      const refuse = (
        reason: ConstructorParameters<typeof CeloStakingRefusedError>[0]["reason"],
        message: string,
        details: Record<string, string>,
      ) =>
        new CeloStakingRefusedError({
          operation: "vote",
          reason,
          message,
          details: { group, amount: amount.toString(), ...details },
        });
      if (!s.isAccount) throw refuse("not-an-account", `${from} has no Celo account: lock CELO first`, {});
      const eligible = s.eligible.find((g) => g.group.toLowerCase() === group.toLowerCase());
      if (!eligible) throw refuse("group-not-eligible", `${group} is not an eligible validator group`, {});
      if (amount > s.nonvoting) {
        throw refuse(
          "not-enough-nonvoting",
          `${from} has ${celo(s.nonvoting)} locked and not voting, less than ${celo(amount)}`,
          { nonvoting: s.nonvoting.toString() },
        );
      }
      if (eligible.votes + amount > eligible.receivable) {
        const room = eligible.receivable > eligible.votes ? eligible.receivable - eligible.votes : 0n;
        throw refuse(
          "group-over-capacity",
          `${group} can receive ${celo(room)} more votes, less than ${celo(amount)}`,
          {
            votes: eligible.votes.toString(),
            capacity: eligible.receivable.toString(),
          },
        );
      }
      const already = s.votes.some((v) => v.group.toLowerCase() === group.toLowerCase());
      if (!already && BigInt(s.votes.length) >= s.maxGroupsVotedFor) {
        throw refuse(
          "too-many-groups",
          `${from} already votes for ${s.votes.length} groups, the most Election allows`,
          {
            groups: String(s.votes.length),
          },
        );
      }
      const { lesser, greater } = groupNeighbours(s.eligible, group, eligible.votes + amount);
      return {
        summary: `Vote ${celo(amount)} of ${from}'s locked CELO for validator group ${group}`,
        calls: [
          {
            contract: "election",
            functionName: "vote",
            args: [group, amount, lesser, greater],
            description: `Vote ${celo(amount)} for validator group ${group} (pending until the next epoch)`,
          },
        ],
        intent: { kind: "vote", group, amount: amount.toString() },
      };
    },
  });
}
