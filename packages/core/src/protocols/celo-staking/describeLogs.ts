// What a simulated step did in Celo staking and governance, in words, from the core contracts' own events
// (LockedGold, Election, Governance, Accounts at their mainnet proxy addresses): "locks 50 CELO", "votes 30 CELO
// for Group A (0x…)". The celo-staking definition's `simulation` hooks.
import { type Address, decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { eventAbi, functionAbi, indexed, param } from "../../abi/functionAbi.js";
import { decodeCallStrictly } from "../decodeCallStrictly.js";
import type { ProtocolSimulation, SimulationLog, SimulationRead } from "../protocolSimulation.js";
import { celoElectionAbi } from "./abis.js";
import { CELO_STAKING_ADDRESSES } from "./addresses.js";
import { celoAmount, fixidityPercent } from "./amounts.js";

const lockedGoldEvents = [
  eventAbi("GoldLocked", [indexed("address", "account"), param("uint256", "value")]),
  eventAbi("GoldRelocked", [indexed("address", "account"), param("uint256", "value")]),
  eventAbi("GoldUnlocked", [
    indexed("address", "account"),
    param("uint256", "value"),
    param("uint256", "available"),
  ]),
  eventAbi("GoldWithdrawn", [indexed("address", "account"), param("uint256", "value")]),
  eventAbi("CeloDelegated", [
    indexed("address", "delegator"),
    indexed("address", "delegatee"),
    param("uint256", "percent"),
    param("uint256", "amount"),
  ]),
  eventAbi("DelegatedCeloRevoked", [
    indexed("address", "delegator"),
    indexed("address", "delegatee"),
    param("uint256", "percent"),
    param("uint256", "amount"),
  ]),
] as const;
const electionEvents = [
  eventAbi("ValidatorGroupVoteCast", [
    indexed("address", "account"),
    indexed("address", "group"),
    param("uint256", "value"),
  ]),
  eventAbi("ValidatorGroupVoteActivated", [
    indexed("address", "account"),
    indexed("address", "group"),
    param("uint256", "value"),
    param("uint256", "units"),
  ]),
  eventAbi("ValidatorGroupPendingVoteRevoked", [
    indexed("address", "account"),
    indexed("address", "group"),
    param("uint256", "value"),
  ]),
  eventAbi("ValidatorGroupActiveVoteRevoked", [
    indexed("address", "account"),
    indexed("address", "group"),
    param("uint256", "value"),
    param("uint256", "units"),
  ]),
] as const;
const governanceEvents = [
  eventAbi("ProposalUpvoted", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "upvotes"),
  ]),
  eventAbi("ProposalUpvoteRevoked", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "revokedUpvotes"),
  ]),
  eventAbi("ProposalVoted", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "value"),
    param("uint256", "weight"),
  ]),
  eventAbi("ProposalVotedV2", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "yesVotes"),
    param("uint256", "noVotes"),
    param("uint256", "abstainVotes"),
  ]),
  eventAbi("ProposalVoteRevoked", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "value"),
    param("uint256", "weight"),
  ]),
  eventAbi("ProposalVoteRevokedV2", [
    indexed("uint256", "proposalId"),
    indexed("address", "account"),
    param("uint256", "yesVotes"),
    param("uint256", "noVotes"),
    param("uint256", "abstainVotes"),
  ]),
] as const;
const accountsEvents = [eventAbi("AccountCreated", [indexed("address", "account")])] as const;
const accountsNameAbi = [
  functionAbi("getName", "view", [param("address", "account")], [param("string")]),
] as const;

/** The events of each core contract, by lower-cased address (built on first use: no top-level work). */
const eventsAt = (): Map<string, readonly unknown[]> =>
  new Map<string, readonly unknown[]>([
    [CELO_STAKING_ADDRESSES.lockedGold.toLowerCase(), lockedGoldEvents],
    [CELO_STAKING_ADDRESSES.election.toLowerCase(), electionEvents],
    [CELO_STAKING_ADDRESSES.governance.toLowerCase(), governanceEvents],
    [CELO_STAKING_ADDRESSES.accounts.toLowerCase(), accountsEvents],
  ]);

/** Governance's `VoteValue` (None, Abstain, No, Yes) in words. */
const VOTE_VALUES = ["none", "abstain", "no", "yes"] as const;
/** Longest group name printed (a name is the group's own text: cut, control characters dropped). */
const MAX_NAME_LENGTH = 64;

/** The validator group an Election call of the step names (from its calldata), if any. */
function groupOfStep(to: Address, data: Hex): Address | undefined {
  if (to.toLowerCase() !== CELO_STAKING_ADDRESSES.election.toLowerCase()) return undefined;
  // calldata may carry an ERC-8021 attribution suffix: decode the head strictly, by the function's own length
  for (const length of [4 + 32, 4 + 5 * 32, 4 + 4 * 32]) {
    const call = decodeCallStrictly(celoElectionAbi, data.slice(0, 2 + 2 * length) as Hex);
    const group = call?.args[0];
    if (call && typeof group === "string") return group as Address;
  }
  return undefined;
}

/** The name a read of `Accounts.getName` answered, cleaned for a one-line preview; `undefined` when none. */
function nameOf(answer: Hex | null | undefined): string | undefined {
  if (!answer) return undefined;
  try {
    const name = decodeFunctionResult({ abi: accountsNameAbi, functionName: "getName", data: answer });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
    if (clean === "") return undefined;
    return clean.length > MAX_NAME_LENGTH ? `${clean.slice(0, MAX_NAME_LENGTH - 3)}...` : clean;
  } catch {
    return undefined;
  }
}

function decode(log: SimulationLog) {
  const abi = eventsAt().get(log.address.toLowerCase());
  if (!abi || log.topics.length === 0) return undefined;
  try {
    return decodeEventLog({
      abi: abi as typeof lockedGoldEvents,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    }) as unknown as { eventName: string; args: Record<string, unknown> };
  } catch {
    return undefined;
  }
}

const celo = (value: unknown) => `${celoAmount(value as bigint).formatted} CELO`;

function time(seconds: unknown): string {
  const value = seconds as bigint;
  if (value > 253_402_300_799n) return `unix ${value}`; // beyond year 9999
  return `${new Date(Number(value) * 1000).toISOString().replace(".000Z", "Z")}`;
}

/**
 * The sentences of one step's logs (the account as the subject; another account's events name it first).
 *
 * @example
 * ```ts
 * describeCeloStakingLogs({ step: 0, account, to: lockedGold, data: "0xf83d08ba", logs, reads: [] });
 * // ["locks 50 CELO"]
 * ```
 */
export function describeCeloStakingLogs(
  input: Parameters<NonNullable<ProtocolSimulation["describeLogs"]>>[0],
): string[] {
  const stepGroup = groupOfStep(input.to, input.data);
  const stepGroupName = nameOf(input.reads[0]);
  const group = (address: unknown) => {
    const named =
      stepGroup && stepGroupName && String(address).toLowerCase() === stepGroup.toLowerCase()
        ? stepGroupName
        : undefined;
    return named ? `${named} (${address})` : `group ${address}`;
  };
  const sentences: string[] = [];
  for (const log of input.logs) {
    const event = decode(log);
    if (!event) continue;
    const { args } = event;
    const actor = (args.account ?? args.delegator) as string | undefined;
    const who = actor && actor.toLowerCase() !== input.account.toLowerCase() ? `${actor} ` : "";
    const say = (text: string) => sentences.push(`${who}${text}`);
    switch (event.eventName) {
      case "GoldLocked":
        say(`locks ${celo(args.value)}`);
        break;
      case "GoldRelocked":
        say(`relocks ${celo(args.value)} from a pending withdrawal`);
        break;
      case "GoldUnlocked":
        say(`unlocks ${celo(args.value)}: a pending withdrawal, available from ${time(args.available)}`);
        break;
      case "GoldWithdrawn":
        say(`withdraws ${celo(args.value)} of unlocked CELO`);
        break;
      case "CeloDelegated":
        say(
          `delegates ${fixidityPercent(args.percent as bigint)} % of its governance votes (${celo(args.amount)}) to ${args.delegatee}`,
        );
        break;
      case "DelegatedCeloRevoked":
        say(
          `takes back ${fixidityPercent(args.percent as bigint)} % of its governance votes (${celo(args.amount)}) from ${args.delegatee}`,
        );
        break;
      case "ValidatorGroupVoteCast":
        say(`votes ${celo(args.value)} for ${group(args.group)} (pending until activated after an epoch)`);
        break;
      case "ValidatorGroupVoteActivated":
        say(`activates ${celo(args.value)} of votes for ${group(args.group)}`);
        break;
      case "ValidatorGroupPendingVoteRevoked":
        say(`revokes ${celo(args.value)} of pending votes for ${group(args.group)}`);
        break;
      case "ValidatorGroupActiveVoteRevoked":
        say(`revokes ${celo(args.value)} of active votes for ${group(args.group)}`);
        break;
      case "ProposalUpvoted":
        say(`upvotes governance proposal ${args.proposalId} with ${celo(args.upvotes)}`);
        break;
      case "ProposalUpvoteRevoked":
        say(`revokes its upvote of governance proposal ${args.proposalId} (${celo(args.revokedUpvotes)})`);
        break;
      case "ProposalVoted": {
        const value = VOTE_VALUES[Number(args.value)] ?? `value ${args.value}`;
        say(`votes ${value} on governance proposal ${args.proposalId} with ${celo(args.weight)}`);
        break;
      }
      case "ProposalVotedV2":
      case "ProposalVoteRevokedV2": {
        const parts = (
          [
            ["yes", args.yesVotes],
            ["no", args.noVotes],
            ["abstain", args.abstainVotes],
          ] as const
        ).filter(([, votes]) => (votes as bigint) > 0n);
        const verb = event.eventName === "ProposalVotedV2" ? "votes" : "revokes its vote";
        const proposal = `governance proposal ${args.proposalId}`;
        if (parts.length === 1) {
          const [value, votes] = parts[0]!;
          say(
            event.eventName === "ProposalVotedV2"
              ? `votes ${value} on ${proposal} with ${celo(votes)}`
              : `revokes its ${value} vote on ${proposal} (${celo(votes)})`,
          );
        } else {
          const split = parts.map(([value, votes]) => `${celo(votes)} ${value}`).join(", ");
          say(`${verb} on ${proposal}${split === "" ? "" : `: ${split}`}`);
        }
        break;
      }
      case "ProposalVoteRevoked":
        say(`revokes its vote on governance proposal ${args.proposalId} (${celo(args.weight)})`);
        break;
      case "AccountCreated":
        say("registers as a Celo account (Accounts.createAccount)");
        break;
    }
  }
  return sentences;
}

/**
 * The reads a step's sentences need: the name of the validator group an Election call names
 * (`Accounts.getName`), answered in the simulated block.
 *
 * @example
 * ```ts
 * celoStakingSimulationReads({ step: 0, account, to: election, data: voteCalldata }); // [{ to: accounts, data }]
 * ```
 */
export function celoStakingSimulationReads(input: {
  step: number;
  account: Address;
  to: Address;
  data: Hex;
}): SimulationRead[] {
  const group = groupOfStep(input.to, input.data);
  if (!group) return [];
  return [
    {
      to: CELO_STAKING_ADDRESSES.accounts,
      data: encodeFunctionData({ abi: accountsNameAbi, functionName: "getName", args: [group] }),
    },
  ];
}

/**
 * Celo staking's simulation hooks: the group names read beside the steps and the sentences of the core contracts'
 * events.
 *
 * @example
 * ```ts
 * import { celoStakingSimulation } from "./describeLogs.js";
 * celoStakingSimulation.describeLogs?.({ step: 0, account, to, data, logs, reads: [] });
 * ```
 */
export const celoStakingSimulation: ProtocolSimulation = {
  reads: celoStakingSimulationReads,
  describeLogs: describeCeloStakingLogs,
};
