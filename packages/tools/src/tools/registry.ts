import { approveFlowTool } from "./approveFlow.js";
import { checkAttributionTagTool, verifyAttributionTagTool } from "./attribution.js";
import { chainReadTools } from "./chainReads.js";
import type { ToolDefinition } from "./context.js";
import { resolveEnsTool } from "./ens.js";
import { executePreparedFlowTool, getFlowStatusTool, getPolicyTool, sendTokenTool } from "./execute.js";
import { prepareApproveTool, prepareContractCallTool, prepareSendTool } from "./prepare.js";
import { getLendingPositionsTool, lendingPrepareTools } from "./protocols/aave-v3.js";
import {
  getGovernanceProposalsTool,
  getGovernanceProposalTool,
  getStakingBalancesTool,
  getValidatorGroupsTool,
  stakingPrepareTools,
} from "./protocols/celo-staking.js";
import { erc8004PrepareTools, getAgentReputationTool, getAgentTool } from "./protocols/erc8004.js";
import {
  getGoodDollarReserveQuoteTool,
  getUbiEntitlementTool,
  goodDollarPrepareTools,
} from "./protocols/gooddollar.js";
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
  ...chainReadTools,
  resolveEnsTool,
  getSwapQuoteTool,
  getLendingPositionsTool,
  getStakingBalancesTool,
  getValidatorGroupsTool,
  getGovernanceProposalsTool,
  getGovernanceProposalTool,
  getUbiEntitlementTool,
  getGoodDollarReserveQuoteTool,
  getAgentTool,
  getAgentReputationTool,
  prepareSendTool,
  prepareApproveTool,
  prepareContractCallTool,
  prepareSwapTool,
  ...lendingPrepareTools,
  ...stakingPrepareTools,
  ...goodDollarPrepareTools,
  ...erc8004PrepareTools,
  simulateFlowTool,
  executePreparedFlowTool,
  sendTokenTool,
  getFlowStatusTool,
  x402FetchTool,
  getPolicyTool,
  approveFlowTool,
  checkAttributionTagTool,
  verifyAttributionTagTool,
];
