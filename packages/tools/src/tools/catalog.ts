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
  { name: "get_wallet_address", family: "read", member: null, action: null },
  { name: "get_balances", family: "read", member: "token.getBalances", action: "getBalances" },
  { name: "get_token_info", family: "read", member: "token.getTokenInfo", action: "getTokenInfo" },
  { name: "get_allowance", family: "read", member: "token.getAllowance", action: "getAllowance" },
  { name: "get_transaction", family: "read", member: "blockchain.getTransaction", action: "getTransaction" },
  { name: "resolve_ens", family: "read", member: "ens.resolveEns", action: "resolveEns" },
  { name: "get_swap_quote", family: "read", member: "swap.getQuotes", action: "getSwapQuotes" },
  { name: "get_lending_positions", family: "read", member: "aave.getPositions", action: "getAavePositions" },
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
  {
    name: "simulate_flow",
    family: "prepare",
    member: "transaction.simulatePreparedFlow",
    action: "simulatePreparedFlow",
  },
  { name: "execute_prepared_flow", family: "execute", member: null, action: "executePreparedFlow" },
  { name: "send_token", family: "execute", member: "transaction.prepareSend", action: "prepareSend" },
  { name: "get_flow_status", family: "execute", member: null, action: null },
  { name: "get_policy", family: "execute", member: null, action: null },
  { name: "check_attribution_tag", family: "inspect", member: null, action: "checkAttributionInCalldata" },
  { name: "verify_attribution_tag", family: "inspect", member: null, action: "verifyAttributionInCalldata" },
];
