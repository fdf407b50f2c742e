import type { Address } from "viem";
import type { JsonValue } from "../../flow/stepTypes.js";
import type { CheckedStep, IntentCheckContext, IntentKindDefinition, IntentKinds } from "../definition.js";
import { type IntentOfFields, intentFields } from "../intentFields.js";
import { CELO_STAKING_ADDRESSES } from "./addresses.js";

/**
 * Lock CELO in LockedGold (`prepareStakingLock`): `amount` in wei; `relocked` of it comes from pending withdrawals,
 * the rest is sent with `lock()`.
 *
 * @example
 * ```ts
 * import type { LockIntent } from "@preflow/core";
 * const intent: LockIntent = { kind: "lock", amount: "50000000000000000000", relocked: "0" };
 * ```
 */
export interface LockIntent {
  kind: "lock";
  amount: string;
  relocked: string;
}
/**
 * Unlock CELO (`prepareStakingUnlock`): it becomes a pending withdrawal.
 *
 * @example
 * ```ts
 * import type { UnlockIntent } from "@preflow/core";
 * const intent: UnlockIntent = { kind: "unlock", amount: "20000000000000000000" };
 * ```
 */
export interface UnlockIntent {
  kind: "unlock";
  amount: string;
}
/**
 * Relock pending withdrawals (`prepareStakingRelock`).
 *
 * @example
 * ```ts
 * import type { RelockIntent } from "@preflow/core";
 * const intent: RelockIntent = { kind: "relock", amount: "20000000000000000000" };
 * ```
 */
export interface RelockIntent {
  kind: "relock";
  amount: string;
}
/**
 * Withdraw every matured pending withdrawal (`prepareStakingWithdraw`): `count` withdrawals worth `amount` wei.
 *
 * @example
 * ```ts
 * import type { WithdrawUnlockedIntent } from "@preflow/core";
 * const intent: WithdrawUnlockedIntent = { kind: "withdrawUnlocked", amount: "20000000000000000000", count: "1" };
 * ```
 */
export interface WithdrawUnlockedIntent {
  kind: "withdrawUnlocked";
  amount: string;
  count: string;
}
/**
 * Vote locked CELO for a validator group (`prepareStakingVote`).
 *
 * @example
 * ```ts
 * import type { VoteIntent } from "@preflow/core";
 * const intent: VoteIntent = { kind: "vote", group: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F", amount: "30000000000000000000" };
 * ```
 */
export interface VoteIntent {
  kind: "vote";
  group: Address;
  amount: string;
}
/**
 * Activate pending votes for these groups (`prepareStakingActivate`).
 *
 * @example
 * ```ts
 * import type { ActivateIntent } from "@preflow/core";
 * const intent: ActivateIntent = { kind: "activate", groups: ["0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F"] };
 * ```
 */
export interface ActivateIntent {
  kind: "activate";
  groups: Address[];
}
/**
 * Revoke votes for a group (`prepareStakingRevoke`): pending first, then active.
 *
 * @example
 * ```ts
 * import type { RevokeIntent } from "@preflow/core";
 * const intent: RevokeIntent = { kind: "revoke", group: "0x16dB91F12CB0009D5AfeeB62665c5fC869c83f0F", amount: "30000000000000000000" };
 * ```
 */
export interface RevokeIntent {
  kind: "revoke";
  group: Address;
  amount: string;
}
/**
 * Upvote a queued governance proposal (`client.governance.prepareUpvote`).
 *
 * @example
 * ```ts
 * import type { GovernanceUpvoteIntent } from "@preflow/core";
 * const intent: GovernanceUpvoteIntent = { kind: "governanceUpvote", proposalId: "2" };
 * ```
 */
export interface GovernanceUpvoteIntent {
  kind: "governanceUpvote";
  proposalId: string;
}
/**
 * Revoke the account's upvote (`client.governance.prepareRevokeUpvote`).
 *
 * @example
 * ```ts
 * import type { GovernanceRevokeUpvoteIntent } from "@preflow/core";
 * const intent: GovernanceRevokeUpvoteIntent = { kind: "governanceRevokeUpvote", proposalId: "2" };
 * ```
 */
export interface GovernanceRevokeUpvoteIntent {
  kind: "governanceRevokeUpvote";
  proposalId: string;
}
/**
 * Vote on a referendum (`client.governance.prepareVote`).
 *
 * @example
 * ```ts
 * import type { GovernanceVoteIntent } from "@preflow/core";
 * const intent: GovernanceVoteIntent = { kind: "governanceVote", proposalId: "1", value: "yes" };
 * ```
 */
export interface GovernanceVoteIntent {
  kind: "governanceVote";
  proposalId: string;
  value: "yes" | "no" | "abstain";
}
/**
 * Delegate (or stop delegating) a percentage of governance voting power (`prepareGovernanceDelegate`, `prepareGovernanceUndelegate`);
 * `fraction` is LockedGold's Fixidity fraction (1e24 = 100 %).
 *
 * @example
 * ```ts
 * import type { GovernanceDelegateIntent } from "@preflow/core";
 * const intent: GovernanceDelegateIntent = { kind: "governanceDelegate", to: "0x2222222222222222222222222222222222222222", fraction: "500000000000000000000000" };
 * ```
 */
export interface GovernanceDelegateIntent {
  kind: "governanceDelegate";
  to: Address;
  fraction: string;
}
/**
 * Take back a delegated percentage of governance voting power (`prepareGovernanceUndelegate`); `fraction` as in
 * {@link GovernanceDelegateIntent}.
 *
 * @example
 * ```ts
 * import type { GovernanceUndelegateIntent } from "@preflow/core";
 * const intent: GovernanceUndelegateIntent = { kind: "governanceUndelegate", to: "0x2222222222222222222222222222222222222222", fraction: "500000000000000000000000" };
 * ```
 */
export interface GovernanceUndelegateIntent {
  kind: "governanceUndelegate";
  to: Address;
  fraction: string;
}

/** Every intent of Celo staking and governance. */
export type CeloStakingIntent =
  | LockIntent
  | UnlockIntent
  | RelockIntent
  | WithdrawUnlockedIntent
  | VoteIntent
  | ActivateIntent
  | RevokeIntent
  | GovernanceUpvoteIntent
  | GovernanceRevokeUpvoteIntent
  | GovernanceVoteIntent
  | GovernanceDelegateIntent
  | GovernanceUndelegateIntent;

type StakingContract = keyof typeof CELO_STAKING_ADDRESSES;

const at = (step: CheckedStep, contract: StakingContract, fn: string) =>
  step.to.toLowerCase() === CELO_STAKING_ADDRESSES[contract].toLowerCase() &&
  step.decoded?.functionName === fn;

/**
 * Whether the flow's last step calls `fn` on `contract` with these arguments (by position; an `undefined` entry is
 * not compared).
 */
const lastStepCalls = (
  c: IntentCheckContext,
  contract: StakingContract,
  fn: string,
  args: readonly (JsonValue | undefined)[],
) =>
  at(c.action, contract, fn) &&
  args.every((arg, index) => arg === undefined || c.same(c.action.decoded?.args[index], arg));

/** The sum of an argument (or the step's value) over the steps that call `fn` on `contract`. */
function sumOf(
  c: IntentCheckContext,
  contract: StakingContract,
  fns: readonly string[],
  arg: number | "value",
): bigint {
  let total = 0n;
  for (const step of c.steps) {
    if (!fns.some((fn) => at(step, contract, fn))) continue;
    const raw = arg === "value" ? step.value : step.decoded?.args[arg];
    if (typeof raw === "string" && /^\d{1,78}$/.test(raw)) total += BigInt(raw);
  }
  return total;
}

const VOTE_VALUES = { abstain: "1", no: "2", yes: "3" } as const;
const celo = (wei: string, c: { amount(value: string, token: string): string }) =>
  c.amount(wei, "0x471EcE3750Da237f93B8E339c536989b8978a438");

/**
 * Delegating governance voting power and taking it back: the same fields (`to`, `fraction`) and the same check
 * (the last step is LockedGold's `fn(to, fraction)`), in other words.
 */
function delegationKind<kind extends "governanceDelegate" | "governanceUndelegate">(
  kind: kind,
  words: { fn: string; verb: string; toward: string; noun: string; preposition: string },
): IntentKindDefinition<IntentOfFields<kind, { to: "address"; fraction: "uint" }>> {
  const { fn, verb, toward, noun, preposition } = words;
  return {
    ...intentFields(kind, { to: "address", fraction: "uint" }),
    describe: (i) => `${verb} ${percentOf(i.fraction)} % of governance voting power ${toward} ${i.to}`,
    check: (i, c) =>
      lastStepCalls(c, "lockedGold", fn, [i.to, i.fraction])
        ? undefined
        : `says ${noun} of ${i.fraction} ${preposition} ${i.to}, but the last step is not that LockedGold.${fn}`,
  };
}

/**
 * The intent kinds of Celo staking and governance: how each is parsed, said in words and checked against the
 * flow's calldata (the action is read from the steps that call the core contract, by function and arguments).
 * @internal
 */
export const celoStakingIntents: IntentKinds<CeloStakingIntent> = {
  lock: {
    ...intentFields("lock", { amount: "uint", relocked: "uint" }),
    describe: (i, c) =>
      `Lock ${celo(i.amount, c)} in Celo's LockedGold${i.relocked !== "0" ? ` (${celo(i.relocked, c)} relocked from pending withdrawals)` : ""}`,
    check: (i, c) => {
      const relocked = sumOf(c, "lockedGold", ["relock"], 1);
      const locked = sumOf(c, "lockedGold", ["lock"], "value");
      if (relocked === BigInt(i.relocked) && relocked + locked === BigInt(i.amount)) return undefined;
      return `says a lock of ${i.amount} (${i.relocked} relocked), but the steps relock ${relocked} and lock ${locked}`;
    },
  },
  unlock: {
    ...intentFields("unlock", { amount: "uint" }),
    describe: (i, c) => `Unlock ${celo(i.amount, c)} (withdrawable after LockedGold's unlocking period)`,
    check: (i, c) =>
      lastStepCalls(c, "lockedGold", "unlock", [i.amount])
        ? undefined
        : `says an unlock of ${i.amount}, but the last step is not LockedGold.unlock(${i.amount})`,
  },
  relock: {
    ...intentFields("relock", { amount: "uint" }),
    describe: (i, c) => `Relock ${celo(i.amount, c)} from pending withdrawals`,
    check: (i, c) => {
      const relocked = sumOf(c, "lockedGold", ["relock"], 1);
      return relocked === BigInt(i.amount)
        ? undefined
        : `says a relock of ${i.amount}, but the steps relock ${relocked}`;
    },
  },
  withdrawUnlocked: {
    ...intentFields("withdrawUnlocked", { amount: "uint", count: "uint" }),
    describe: (i, c) =>
      `Withdraw ${celo(i.amount, c)} of unlocked CELO (${i.count} pending withdrawal${i.count === "1" ? "" : "s"})`,
    check: (i, c) => {
      const count = c.steps.filter((step) => at(step, "lockedGold", "withdraw")).length;
      return String(count) === i.count
        ? undefined
        : `says ${i.count} withdrawals, but ${count} steps call LockedGold.withdraw`;
    },
  },
  vote: {
    ...intentFields("vote", { group: "address", amount: "uint" }),
    describe: (i, c) => `Vote ${celo(i.amount, c)} of locked CELO for validator group ${i.group}`,
    check: (i, c) =>
      lastStepCalls(c, "election", "vote", [i.group, i.amount])
        ? undefined
        : `says a vote of ${i.amount} for ${i.group}, but the last step is not Election.vote(${i.group}, ${i.amount}, …)`,
  },
  activate: {
    // Hand-written: a non-empty list of addresses.
    fields: ["groups"],
    parse: (read) => {
      const list = read.jsonList("groups");
      if (list.length === 0) read.fail("groups", "at least one group");
      const groups = list.map((entry) => {
        if (typeof entry !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(entry))
          read.fail("groups", "a list of addresses");
        return entry as Address;
      });
      return { kind: "activate", groups };
    },
    describe: (i) => `Activate pending votes for ${i.groups.join(", ")}`,
    check: (i, c) => {
      const activated = c.steps
        .filter((step) => at(step, "election", "activate"))
        .map((step) => step.decoded?.args[0]);
      const ok =
        activated.length === i.groups.length && i.groups.every((g) => activated.some((a) => c.same(a, g)));
      return ok
        ? undefined
        : `says activation for ${i.groups.join(", ")}, but the steps activate ${activated.join(", ") || "nothing"}`;
    },
  },
  revoke: {
    ...intentFields("revoke", { group: "address", amount: "uint" }),
    describe: (i, c) => `Revoke ${celo(i.amount, c)} of votes for validator group ${i.group}`,
    check: (i, c) => {
      const steps = c.steps.filter(
        (step) => at(step, "election", "revokePending") || at(step, "election", "revokeActive"),
      );
      if (steps.some((step) => !c.same(step.decoded?.args[0], i.group)))
        return `says a revoke for ${i.group}, but a step revokes votes for another group`;
      const total = sumOf(c, "election", ["revokePending", "revokeActive"], 1);
      return total === BigInt(i.amount)
        ? undefined
        : `says a revoke of ${i.amount}, but the steps revoke ${total}`;
    },
  },
  governanceUpvote: {
    ...intentFields("governanceUpvote", { proposalId: "uint" }),
    describe: (i) => `Upvote governance proposal ${i.proposalId} with all of the account's voting power`,
    check: (i, c) =>
      lastStepCalls(c, "governance", "upvote", [i.proposalId])
        ? undefined
        : `says an upvote of proposal ${i.proposalId}, but the last step is not Governance.upvote(${i.proposalId}, …)`,
  },
  governanceRevokeUpvote: {
    ...intentFields("governanceRevokeUpvote", { proposalId: "uint" }),
    describe: (i) => `Revoke the upvote of governance proposal ${i.proposalId}`,
    check: (i, c) =>
      at(c.action, "governance", "revokeUpvote")
        ? undefined
        : `says the revocation of an upvote of ${i.proposalId}, but the last step is not Governance.revokeUpvote`,
  },
  governanceVote: {
    ...intentFields("governanceVote", { proposalId: "uint", value: { oneOf: ["yes", "no", "abstain"] } }),
    describe: (i) =>
      `Vote ${i.value.toUpperCase()} on governance proposal ${i.proposalId} with all of the account's voting power`,
    check: (i, c) =>
      lastStepCalls(c, "governance", "vote", [i.proposalId, undefined, VOTE_VALUES[i.value]])
        ? undefined
        : `says a ${i.value} vote on proposal ${i.proposalId}, but the last step is not that Governance.vote`,
  },
  governanceDelegate: /* @__PURE__ */ delegationKind("governanceDelegate", {
    fn: "delegateGovernanceVotes",
    verb: "Delegate",
    toward: "to",
    noun: "a delegation",
    preposition: "to",
  }),
  governanceUndelegate: /* @__PURE__ */ delegationKind("governanceUndelegate", {
    fn: "revokeDelegatedGovernanceVotes",
    verb: "Take back",
    toward: "delegated to",
    noun: "an undelegation",
    preposition: "from",
  }),
};

function percentOf(fraction: string): string {
  if (!/^\d{1,78}$/.test(fraction)) return fraction;
  const value = BigInt(fraction);
  const whole = value / 10n ** 22n;
  const rest = (value % 10n ** 22n).toString().padStart(22, "0").replace(/0+$/, "");
  return rest ? `${whole}.${rest}` : String(whole);
}
