// The table of staking operations: what each staking action in ./actions/ parses and plans from the account
// state (one lens read, made by `celoStakingAction`).
import { type Address, zeroAddress } from "viem";
import { parseAddress } from "../../validation/parseAddress.js";
import { CeloStakingRefusedError } from "./errors.js";
import { groupNeighbours } from "./neighbours.js";
import { type CeloCall, type CeloStakingOperation, celoCall, plannerInput } from "./operation.js";
import { parseCeloAmount } from "./parameters.js";
import { relockCalls } from "./relockCalls.js";
import { celo } from "./steps.js";

/** The input of an operation on a CELO amount (`amount`), and what the on-chain planner's operation `op` is given. */
function amountOperation(op: number): Pick<CeloStakingOperation<bigint>, "keys" | "parse" | "onChain"> {
  return {
    keys: ["amount"],
    parse: (raw) => parseCeloAmount(raw.amount),
    onChain: (amount) => plannerInput(op, ["uint256"], [amount]),
  };
}

/** The input of an operation on votes for a group (`group`, `amount`), and what the planner's `op` is given. */
function groupVotesOperation(
  op: number,
): Pick<CeloStakingOperation<{ group: Address; amount: bigint }>, "keys" | "parse" | "onChain"> {
  return {
    keys: ["group", "amount"],
    parse: (raw) => ({ group: parseAddress(raw.group, "group"), amount: parseCeloAmount(raw.amount) }),
    onChain: ({ group, amount }) => plannerInput(op, ["address", "uint256"], [group, amount]),
  };
}

/** What {@link prepareStakingLock} parses and plans. @internal */
export const lockOperation: CeloStakingOperation<bigint> = {
  name: "lock",
  ...amountOperation(0),
  plan: (from, amount, s, refuse) => {
    const register = s.isAccount
      ? []
      : [
          celoCall(
            "accounts",
            "createAccount",
            [],
            `Register ${from} as a Celo account (needed to lock CELO)`,
          ),
        ];
    const relock = relockCalls(s.withdrawalValues, amount);
    const fresh = amount - relock.total;
    if (fresh > 0n && s.balance < fresh) {
      throw refuse("not-enough-celo", `${from} has ${celo(s.balance)}, and ${celo(fresh)} would be locked`, {
        balance: s.balance.toString(),
        needed: fresh.toString(),
      });
    }
    const lock =
      fresh > 0n
        ? [celoCall("lockedGold", "lock", [], `Lock ${celo(fresh)} in Celo's LockedGold`, fresh)]
        : [];
    const relocked = relock.total > 0n ? ` (${celo(relock.total)} relocked from pending withdrawals)` : "";
    return {
      summary: `Lock ${celo(amount)} from ${from}${relocked}`,
      calls: [...register, ...relock.calls, ...lock],
      intent: { kind: "lock", amount: amount.toString(), relocked: relock.total.toString() },
    };
  },
};

/** What {@link prepareStakingRelock} parses and plans. @internal */
export const relockOperation: CeloStakingOperation<bigint> = {
  name: "relock",
  ...amountOperation(1),
  plan: (from, amount, s, refuse) => {
    const pending = s.withdrawalValues.reduce((sum, value) => sum + value, 0n);
    if (pending < amount) {
      const held = `${from}'s pending withdrawals hold ${celo(pending)}, less than ${celo(amount)}`;
      throw refuse("not-enough-pending-withdrawals", held, {
        amount: amount.toString(),
        pending: pending.toString(),
      });
    }
    return {
      summary: `Relock ${celo(amount)} of ${from}'s pending withdrawals`,
      calls: relockCalls(s.withdrawalValues, amount).calls,
      intent: { kind: "relock", amount: amount.toString() },
    };
  },
};

/** What {@link prepareStakingUnlock} parses and plans. @internal */
export const unlockOperation: CeloStakingOperation<bigint> = {
  name: "unlock",
  ...amountOperation(2),
  plan: (from, amount, s) => {
    const refuse = (
      reason: "not-an-account" | "not-enough-nonvoting" | "locked-in-governance",
      message: string,
    ) =>
      new CeloStakingRefusedError({
        operation: "unlock",
        reason,
        message,
        details: {
          amount: amount.toString(),
          locked: s.totalLocked.toString(),
          nonvoting: s.nonvoting.toString(),
          votingForGroups: (s.totalLocked - s.nonvoting).toString(),
          usedInReferendums: s.governanceVotesUsed.toString(),
        },
      });
    if (!s.isAccount) throw refuse("not-an-account", `${from} has no Celo account and nothing locked`);
    if (amount > s.nonvoting) {
      throw refuse(
        "not-enough-nonvoting",
        `${from} has ${celo(s.nonvoting)} locked and not voting (${celo(s.totalLocked - s.nonvoting)} votes for validator groups): revoke votes first`,
      );
    }
    if (s.totalLocked - amount < s.governanceVotesUsed) {
      throw refuse(
        "locked-in-governance",
        `${celo(s.governanceVotesUsed)} of ${from}'s ${celo(s.totalLocked)} locked back its votes on governance referendums; at most ${celo(s.totalLocked - s.governanceVotesUsed)} can be unlocked until they end`,
      );
    }
    return {
      summary: `Unlock ${celo(amount)} of ${from}'s locked CELO (withdrawable in ${s.unlockingPeriod} s)`,
      calls: [
        {
          contract: "lockedGold",
          functionName: "unlock",
          args: [amount],
          description: `Unlock ${celo(amount)} (a pending withdrawal after ${s.unlockingPeriod} s)`,
        },
      ],
      intent: { kind: "unlock", amount: amount.toString() },
    };
  },
};

/** What {@link prepareStakingWithdraw} parses and plans. @internal */
export const withdrawOperation: CeloStakingOperation<undefined> = {
  name: "withdraw",
  keys: [],
  parse: () => undefined,
  onChain: () => plannerInput(3, [], []),
  plan: (from, _input, s) => {
    const matured: number[] = [];
    let earliest: bigint | undefined;
    s.withdrawalTimes.forEach((time, index) => {
      if (s.timestamp >= time) matured.push(index);
      else if (earliest === undefined || time < earliest) earliest = time;
    });
    if (matured.length === 0) {
      const pending = s.withdrawalValues.reduce((sum, value) => sum + value, 0n);
      throw new CeloStakingRefusedError({
        operation: "withdraw",
        reason: "no-matured-withdrawal",
        message:
          earliest === undefined
            ? `${from} has no pending withdrawal (unlock CELO first)`
            : `none of ${from}'s pending withdrawals (${celo(pending)}) has matured; the first matures at unix ${earliest}, in ${earliest - s.timestamp} s`,
        details: {
          pending: pending.toString(),
          ...(earliest === undefined
            ? {}
            : { availableAt: earliest.toString(), secondsLeft: Number(earliest - s.timestamp) }),
        },
      });
    }
    // Last index first: LockedGold moves its last withdrawal into a withdrawn slot.
    const calls: CeloCall[] = matured.reverse().map((index) => ({
      contract: "lockedGold",
      functionName: "withdraw",
      args: [BigInt(index)],
      description: `Withdraw ${celo(s.withdrawalValues[index] ?? 0n)} (pending withdrawal ${index})`,
    }));
    const total = matured.reduce((sum, index) => sum + (s.withdrawalValues[index] ?? 0n), 0n);
    return {
      summary: `Withdraw ${celo(total)} of unlocked CELO to ${from}`,
      calls,
      intent: { kind: "withdrawUnlocked", amount: total.toString(), count: String(calls.length) },
    };
  },
};

/** What {@link prepareStakingVote} parses and plans. @internal */
export const voteOperation: CeloStakingOperation<{ group: Address; amount: bigint }> = {
  name: "vote",
  ...groupVotesOperation(4),
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
};

/** What {@link prepareStakingRevoke} parses and plans. @internal */
export const revokeOperation: CeloStakingOperation<{ group: Address; amount: bigint }> = {
  name: "revoke",
  ...groupVotesOperation(5),
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
};

/** What {@link prepareStakingActivate} parses and plans. @internal */
export const activateOperation: CeloStakingOperation<Address | undefined> = {
  name: "activate",
  keys: ["group"],
  parse: (raw) => (raw.group === undefined ? undefined : parseAddress(raw.group, "group")),
  onChain: (group) => plannerInput(6, ["address"], [group ?? zeroAddress]),
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
};
