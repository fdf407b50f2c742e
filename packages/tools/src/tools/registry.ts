import { checkAttributionTagTool, verifyAttributionTagTool } from "./attribution.js";
import type { ToolDefinition } from "./context.js";
import { resolveEnsTool } from "./ens.js";
import { executePreparedFlowTool, getFlowStatusTool, getPolicyTool, sendTokenTool } from "./execute.js";
import {
  getGoodDollarReserveQuoteTool,
  getUbiEntitlementTool,
  goodDollarPrepareTools,
} from "./goodDollar.js";
import { getLendingPositionsTool, lendingPrepareTools } from "./lending.js";
import { prepareApproveTool, prepareContractCallTool, prepareSendTool } from "./prepare.js";
import {
  getAllowanceTool,
  getBalancesTool,
  getFeeCurrenciesTool,
  getNetworkStatusTool,
  getTokenInfoTool,
  getTransactionTool,
  getWalletAddressTool,
} from "./read.js";
import { simulateFlowTool } from "./simulate.js";
import {
  getGovernanceProposalsTool,
  getGovernanceProposalTool,
  getStakingBalancesTool,
  getValidatorGroupsTool,
  stakingPrepareTools,
} from "./staking.js";
import { getSwapQuoteTool, prepareSwapTool } from "./swap.js";
import { x402FetchTool } from "./x402Fetch.js";

/** Every tool the server can register, in listing order. @internal */
export const TOOLS: readonly ToolDefinition[] = [
  getNetworkStatusTool,
  getFeeCurrenciesTool,
  getWalletAddressTool,
  getBalancesTool,
  getTokenInfoTool,
  getAllowanceTool,
  getTransactionTool,
  resolveEnsTool,
  getSwapQuoteTool,
  getLendingPositionsTool,
  getStakingBalancesTool,
  getValidatorGroupsTool,
  getGovernanceProposalsTool,
  getGovernanceProposalTool,
  getUbiEntitlementTool,
  getGoodDollarReserveQuoteTool,
  prepareSendTool,
  prepareApproveTool,
  prepareContractCallTool,
  prepareSwapTool,
  ...lendingPrepareTools,
  ...stakingPrepareTools,
  ...goodDollarPrepareTools,
  simulateFlowTool,
  executePreparedFlowTool,
  sendTokenTool,
  getFlowStatusTool,
  x402FetchTool,
  getPolicyTool,
  checkAttributionTagTool,
  verifyAttributionTagTool,
];
