// Minimal ABIs of the calls preflow prepares, from the Celo core contracts v11 (the artifacts of @celo/celo-devchain
// 7.0.0, the bytecode the devnet runs); reads go through the lens (CeloStakingLens.sol).
import { functionAbi, param, RETURNS_BOOL } from "../../abi/functionAbi.js";
import { CELO_STAKING_ADDRESSES, CELO_STAKING_LABELS } from "./addresses.js";

const NONE = [] as const;
const group = param("address", "group");
const value = param("uint256", "value");
const lesser = param("address", "lesser");
const greater = param("address", "greater");
const index = param("uint256", "index");

/** Accounts: `createAccount()` (an account must exist before it locks CELO). @internal */
export const celoAccountsAbi = [functionAbi("createAccount", "nonpayable", NONE, RETURNS_BOOL)] as const;

/** LockedGold: lock, unlock, relock, withdraw and governance-vote delegation. @internal */
export const celoLockedGoldAbi = [
  functionAbi("lock", "payable", NONE, NONE),
  functionAbi("unlock", "nonpayable", [param("uint256", "value")], NONE),
  functionAbi("relock", "nonpayable", [index, value], NONE),
  functionAbi("withdraw", "nonpayable", [index], NONE),
  functionAbi(
    "delegateGovernanceVotes",
    "nonpayable",
    [param("address", "delegatee"), param("uint256", "delegateFraction")],
    NONE,
  ),
  functionAbi(
    "revokeDelegatedGovernanceVotes",
    "nonpayable",
    [param("address", "delegatee"), param("uint256", "revokeFraction")],
    NONE,
  ),
] as const;

/** Election: vote for a validator group, activate, revoke pending or active votes. @internal */
export const celoElectionAbi = [
  functionAbi("vote", "nonpayable", [group, value, lesser, greater], RETURNS_BOOL),
  functionAbi("activate", "nonpayable", [group], RETURNS_BOOL),
  functionAbi("revokePending", "nonpayable", [group, value, lesser, greater, index], RETURNS_BOOL),
  functionAbi("revokeActive", "nonpayable", [group, value, lesser, greater, index], RETURNS_BOOL),
] as const;

const proposalId = param("uint256", "proposalId");
const lesserUpvoted = param("uint256", "lesser");
const greaterUpvoted = param("uint256", "greater");

/** Governance: upvote a queued proposal, revoke the upvote, vote on a referendum. @internal */
export const celoGovernanceAbi = [
  functionAbi("upvote", "nonpayable", [proposalId, lesserUpvoted, greaterUpvoted], RETURNS_BOOL),
  functionAbi("revokeUpvote", "nonpayable", [lesserUpvoted, greaterUpvoted], RETURNS_BOOL),
  functionAbi("vote", "nonpayable", [proposalId, index, param("uint8", "value")], RETURNS_BOOL),
] as const;

/** The four core contracts a staking or governance step calls: address, label, ABI. @internal */
export const CELO_STAKING_CONTRACTS = [
  { address: CELO_STAKING_ADDRESSES.accounts, label: CELO_STAKING_LABELS.accounts, abi: celoAccountsAbi },
  {
    address: CELO_STAKING_ADDRESSES.lockedGold,
    label: CELO_STAKING_LABELS.lockedGold,
    abi: celoLockedGoldAbi,
  },
  { address: CELO_STAKING_ADDRESSES.election, label: CELO_STAKING_LABELS.election, abi: celoElectionAbi },
  {
    address: CELO_STAKING_ADDRESSES.governance,
    label: CELO_STAKING_LABELS.governance,
    abi: celoGovernanceAbi,
  },
] as const;
