// Minimal ABIs of the calls preflow prepares, from the Celo core contracts v11 (the artifacts of @celo/celo-devchain
// 7.0.0, the bytecode the devnet runs); reads go through the lens (CeloStakingLens.sol).

/** Accounts: `createAccount()` (an account must exist before it locks CELO). @internal */
export const celoAccountsAbi = [
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

/** LockedGold: lock, unlock, relock, withdraw and governance-vote delegation. @internal */
export const celoLockedGoldAbi = [
  { type: "function", name: "lock", stateMutability: "payable", inputs: [], outputs: [] },
  {
    type: "function",
    name: "unlock",
    stateMutability: "nonpayable",
    inputs: [{ name: "value", type: "uint256" }],
    outputs: [],
  },
  {
    type: "function",
    name: "relock",
    stateMutability: "nonpayable",
    inputs: [
      { name: "index", type: "uint256" },
      { name: "value", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "withdraw",
    stateMutability: "nonpayable",
    inputs: [{ name: "index", type: "uint256" }],
    outputs: [],
  },
  {
    type: "function",
    name: "delegateGovernanceVotes",
    stateMutability: "nonpayable",
    inputs: [
      { name: "delegatee", type: "address" },
      { name: "delegateFraction", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "revokeDelegatedGovernanceVotes",
    stateMutability: "nonpayable",
    inputs: [
      { name: "delegatee", type: "address" },
      { name: "revokeFraction", type: "uint256" },
    ],
    outputs: [],
  },
] as const;

/** Election: vote for a validator group, activate, revoke pending or active votes. @internal */
export const celoElectionAbi = [
  {
    type: "function",
    name: "vote",
    stateMutability: "nonpayable",
    inputs: [
      { name: "group", type: "address" },
      { name: "value", type: "uint256" },
      { name: "lesser", type: "address" },
      { name: "greater", type: "address" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "activate",
    stateMutability: "nonpayable",
    inputs: [{ name: "group", type: "address" }],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "revokePending",
    stateMutability: "nonpayable",
    inputs: [
      { name: "group", type: "address" },
      { name: "value", type: "uint256" },
      { name: "lesser", type: "address" },
      { name: "greater", type: "address" },
      { name: "index", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "revokeActive",
    stateMutability: "nonpayable",
    inputs: [
      { name: "group", type: "address" },
      { name: "value", type: "uint256" },
      { name: "lesser", type: "address" },
      { name: "greater", type: "address" },
      { name: "index", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

/** Governance: upvote a queued proposal, revoke the upvote, vote on a referendum. @internal */
export const celoGovernanceAbi = [
  {
    type: "function",
    name: "upvote",
    stateMutability: "nonpayable",
    inputs: [
      { name: "proposalId", type: "uint256" },
      { name: "lesser", type: "uint256" },
      { name: "greater", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "revokeUpvote",
    stateMutability: "nonpayable",
    inputs: [
      { name: "lesser", type: "uint256" },
      { name: "greater", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "vote",
    stateMutability: "nonpayable",
    inputs: [
      { name: "proposalId", type: "uint256" },
      { name: "index", type: "uint256" },
      { name: "value", type: "uint8" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;
