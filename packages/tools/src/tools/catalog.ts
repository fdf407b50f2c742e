import type { ToolFamily } from "../config/types.js";

/**
 * One tool of the catalog: its name and family, and what it does in the SDK's words: the client member
 * (`aave.prepareSupply`, on `createSdkClient()` or a client extended with the group) and the exported action of
 * `@preflow/core` it runs (`prepareAaveSupply`); `null` when the tool has no SDK counterpart (the wallet, the
 * execution record, the policy). @internal
 */
export interface ToolCatalogEntry {
  readonly name: string;
  readonly family: ToolFamily;
  readonly member: string | null;
  readonly action: string | null;
}

/**
 * Every tool's name, family, client member and exported action, in listing order: the static tool list the
 * server answers `tools/list` from without loading the tools themselves. A test keeps it equal to the registry;
 * core's README carries the same table. @internal
 */
export const TOOL_CATALOG: readonly ToolCatalogEntry[] = [
  { name: "get_network_status", family: "read", member: "network.getStatus", action: "getStatus" },
  {
    name: "get_fee_currencies",
    family: "read",
    member: "network.getFeeCurrencies",
    action: "getFeeCurrencies",
  },
  { name: "get_wallet_address", family: "read", member: null, action: null },
  { name: "get_balances", family: "read", member: "token.getBalances", action: "getBalances" },
  { name: "get_token_info", family: "read", member: "token.getTokenInfo", action: "getTokenInfo" },
  { name: "get_allowance", family: "read", member: "token.getAllowance", action: "getAllowance" },
  { name: "get_transaction", family: "read", member: "blockchain.getTransaction", action: "getTransaction" },
  { name: "resolve_ens", family: "read", member: "ens.resolveEns", action: "resolveEns" },
  { name: "get_swap_quote", family: "read", member: "swap.getQuotes", action: "getSwapQuotes" },
  { name: "get_lending_positions", family: "read", member: "aave.getPositions", action: "getAavePositions" },
  {
    name: "get_staking_balances",
    family: "read",
    member: "staking.getStakingBalances",
    action: "getStakingBalances",
  },
  {
    name: "get_validator_groups",
    family: "read",
    member: "staking.getValidatorGroups",
    action: "getStakingValidatorGroups",
  },
  {
    name: "get_governance_proposals",
    family: "read",
    member: "governance.getProposals",
    action: "getGovernanceProposals",
  },
  {
    name: "get_governance_proposal",
    family: "read",
    member: "governance.getProposal",
    action: "getGovernanceProposal",
  },
  { name: "prepare_send", family: "prepare", member: "transaction.prepareSend", action: "prepareSend" },
  {
    name: "prepare_approve",
    family: "prepare",
    member: "transaction.prepareApprove",
    action: "prepareApprove",
  },
  {
    name: "prepare_contract_call",
    family: "prepare",
    member: "transaction.prepareContractCall",
    action: "prepareContractCall",
  },
  { name: "prepare_swap", family: "prepare", member: "swap.prepareSwap", action: "prepareSwap" },
  { name: "prepare_supply", family: "prepare", member: "aave.prepareSupply", action: "prepareAaveSupply" },
  {
    name: "prepare_withdraw",
    family: "prepare",
    member: "aave.prepareWithdraw",
    action: "prepareAaveWithdraw",
  },
  { name: "prepare_borrow", family: "prepare", member: "aave.prepareBorrow", action: "prepareAaveBorrow" },
  { name: "prepare_repay", family: "prepare", member: "aave.prepareRepay", action: "prepareAaveRepay" },
  { name: "prepare_lock", family: "prepare", member: "staking.prepareLock", action: "prepareStakingLock" },
  {
    name: "prepare_unlock",
    family: "prepare",
    member: "staking.prepareUnlock",
    action: "prepareStakingUnlock",
  },
  {
    name: "prepare_relock",
    family: "prepare",
    member: "staking.prepareRelock",
    action: "prepareStakingRelock",
  },
  {
    name: "prepare_withdraw_unlocked",
    family: "prepare",
    member: "staking.prepareWithdraw",
    action: "prepareStakingWithdraw",
  },
  {
    name: "prepare_validator_vote",
    family: "prepare",
    member: "staking.prepareVote",
    action: "prepareStakingVote",
  },
  {
    name: "prepare_activate_votes",
    family: "prepare",
    member: "staking.prepareActivate",
    action: "prepareStakingActivate",
  },
  {
    name: "prepare_revoke_votes",
    family: "prepare",
    member: "staking.prepareRevoke",
    action: "prepareStakingRevoke",
  },
  {
    name: "prepare_governance_upvote",
    family: "prepare",
    member: "governance.prepareUpvote",
    action: "prepareGovernanceUpvote",
  },
  {
    name: "prepare_governance_revoke_upvote",
    family: "prepare",
    member: "governance.prepareRevokeUpvote",
    action: "prepareGovernanceRevokeUpvote",
  },
  {
    name: "prepare_governance_vote",
    family: "prepare",
    member: "governance.prepareVote",
    action: "prepareGovernanceVote",
  },
  {
    name: "prepare_governance_delegate",
    family: "prepare",
    member: "governance.prepareDelegate",
    action: "prepareGovernanceDelegate",
  },
  {
    name: "prepare_governance_undelegate",
    family: "prepare",
    member: "governance.prepareUndelegate",
    action: "prepareGovernanceUndelegate",
  },
  {
    name: "simulate_flow",
    family: "prepare",
    member: "transaction.simulatePreparedFlow",
    action: "simulatePreparedFlow",
  },
  { name: "execute_prepared_flow", family: "execute", member: null, action: "executePreparedFlow" },
  { name: "send_token", family: "execute", member: "transaction.prepareSend", action: "prepareSend" },
  { name: "get_flow_status", family: "execute", member: null, action: null },
  { name: "x402_fetch", family: "execute", member: null, action: "createX402Fetch" },
  { name: "get_policy", family: "execute", member: null, action: null },
  { name: "check_attribution_tag", family: "inspect", member: null, action: "checkAttributionInCalldata" },
  { name: "verify_attribution_tag", family: "inspect", member: null, action: "verifyAttributionInCalldata" },
];
