import type { ToolFamily } from "../config/types.js";

/**
 * Every tool's name and family, in listing order: the static tool list the server answers `tools/list`
 * from without loading the tools themselves. A test keeps it equal to the registry. @internal
 */
export const TOOL_CATALOG: readonly { readonly name: string; readonly family: ToolFamily }[] = [
  { name: "get_network_status", family: "read" },
  { name: "get_wallet_address", family: "read" },
  { name: "get_balances", family: "read" },
  { name: "get_token_info", family: "read" },
  { name: "get_allowance", family: "read" },
  { name: "get_transaction", family: "read" },
  { name: "resolve_ens", family: "read" },
  { name: "get_swap_quote", family: "read" },
  { name: "get_lending_positions", family: "read" },
  { name: "prepare_send", family: "prepare" },
  { name: "prepare_approve", family: "prepare" },
  { name: "prepare_contract_call", family: "prepare" },
  { name: "prepare_swap", family: "prepare" },
  { name: "prepare_supply", family: "prepare" },
  { name: "prepare_withdraw", family: "prepare" },
  { name: "prepare_borrow", family: "prepare" },
  { name: "prepare_repay", family: "prepare" },
  { name: "simulate_flow", family: "prepare" },
  { name: "execute_prepared_flow", family: "execute" },
  { name: "send_token", family: "execute" },
  { name: "get_flow_status", family: "execute" },
  { name: "get_policy", family: "execute" },
  { name: "check_attribution_tag", family: "inspect" },
  { name: "verify_attribution_tag", family: "inspect" },
];
