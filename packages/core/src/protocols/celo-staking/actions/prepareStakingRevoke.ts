import { rejectUnknownKeys } from "@preflow/attribution";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { type CeloStakingReadErrorType, CeloStakingRefusedError } from "../errors.js";
import { readCeloAccountState } from "../lens.js";
import { groupNeighbours } from "../neighbours.js";
import { parseCeloAmount } from "../parameters.js";
import { buildCeloStep, celo, celoFlow } from "../steps.js";

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
export async function prepareStakingRevoke(
  client: SdkBaseClient,
  parameters: PrepareStakingRevokeParameters,
): Promise<PrepareStakingRevokeReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["from", "group", "amount", "signal"]);
  const from = parseAddress(raw.from, "from");
  const group = parseAddress(raw.group, "group");
  const amount = parseCeloAmount(raw.amount);
  const s = await readCeloAccountState(client, from, parseSignal(raw.signal));
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
  const steps: PreparedStep[] = [];
  // biome-ignore lint/complexity/useMathMinMax: bigints have no Math.min
  const fromPending = vote.pending < amount ? vote.pending : amount;
  for (const [fn, value, kind] of [
    ["revokePending", fromPending, "pending"],
    ["revokeActive", amount - fromPending, "active"],
  ] as const) {
    if (value === 0n) continue;
    total -= value;
    const { lesser, greater } = groupNeighbours(s.eligible, group, total);
    steps.push(
      buildCeloStep(
        "election",
        fn,
        [group, value, lesser, greater, BigInt(index)],
        `Revoke ${celo(value)} of ${kind} votes for ${group}`,
        client.tag,
      ),
    );
  }
  return celoFlow(
    from,
    `Revoke ${celo(amount)} of ${from}'s votes for validator group ${group}`,
    steps,
    { kind: "revoke", group, amount: amount.toString() },
    s.blockNumber,
  );
}
