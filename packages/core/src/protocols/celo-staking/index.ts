// Celo staking and governance: everything the package exports of this protocol (core's index re-exports it in
// one line).

export {
  type GetProposalErrorType,
  type GetProposalParameters,
  type GetProposalReturnType,
  getProposal,
} from "./actions/getProposal.js";
export {
  type GetProposalsErrorType,
  type GetProposalsParameters,
  type GetProposalsReturnType,
  getProposals,
} from "./actions/getProposals.js";
export {
  type CeloGroupVote,
  type CeloPendingWithdrawal,
  type GetStakingBalancesErrorType,
  type GetStakingBalancesParameters,
  type GetStakingBalancesReturnType,
  getStakingBalances,
} from "./actions/getStakingBalances.js";
export {
  type CeloValidatorGroup,
  type GetValidatorGroupsErrorType,
  type GetValidatorGroupsParameters,
  type GetValidatorGroupsReturnType,
  getValidatorGroups,
} from "./actions/getValidatorGroups.js";
export {
  type PrepareActivateErrorType,
  type PrepareActivateParameters,
  type PrepareActivateReturnType,
  prepareActivate,
} from "./actions/prepareActivate.js";
export {
  type PrepareDelegateErrorType,
  type PrepareDelegateParameters,
  type PrepareDelegateReturnType,
  prepareDelegate,
} from "./actions/prepareDelegate.js";
export {
  type PrepareGovernanceVoteErrorType,
  type PrepareGovernanceVoteParameters,
  type PrepareGovernanceVoteReturnType,
  prepareGovernanceVote,
} from "./actions/prepareGovernanceVote.js";
export {
  type PrepareLockErrorType,
  type PrepareLockParameters,
  type PrepareLockReturnType,
  prepareLock,
} from "./actions/prepareLock.js";
export {
  type PrepareRelockErrorType,
  type PrepareRelockParameters,
  type PrepareRelockReturnType,
  prepareRelock,
} from "./actions/prepareRelock.js";
export {
  type PrepareRevokeErrorType,
  type PrepareRevokeParameters,
  type PrepareRevokeReturnType,
  prepareRevoke,
} from "./actions/prepareRevoke.js";
export {
  type PrepareRevokeUpvoteErrorType,
  type PrepareRevokeUpvoteParameters,
  type PrepareRevokeUpvoteReturnType,
  prepareRevokeUpvote,
} from "./actions/prepareRevokeUpvote.js";
export {
  type PrepareUndelegateErrorType,
  type PrepareUndelegateParameters,
  type PrepareUndelegateReturnType,
  prepareUndelegate,
} from "./actions/prepareUndelegate.js";
export {
  type PrepareUnlockErrorType,
  type PrepareUnlockParameters,
  type PrepareUnlockReturnType,
  prepareUnlock,
} from "./actions/prepareUnlock.js";
export {
  type PrepareUpvoteErrorType,
  type PrepareUpvoteParameters,
  type PrepareUpvoteReturnType,
  prepareUpvote,
} from "./actions/prepareUpvote.js";
export {
  type PrepareVoteErrorType,
  type PrepareVoteParameters,
  type PrepareVoteReturnType,
  prepareVote,
} from "./actions/prepareVote.js";
export {
  type PrepareWithdrawErrorType,
  type PrepareWithdrawParameters,
  type PrepareWithdrawReturnType,
  prepareWithdraw,
} from "./actions/prepareWithdraw.js";
export { CELO_STAKING_ADDRESSES } from "./addresses.js";
export type { CeloAmount } from "./amounts.js";
export { celoStakingProtocol } from "./definition.js";
export {
  type CeloGovernanceRefusal,
  CeloGovernanceRefusedError,
  type CeloStakingErrorCode,
  type CeloStakingReadErrorType,
  type CeloStakingRefusal,
  CeloStakingRefusedError,
} from "./errors.js";
export {
  type GetProposalOptions,
  type GovernanceActions,
  governanceActions,
} from "./governanceDecorator.js";
export type {
  ActivateIntent,
  CeloStakingIntent,
  GovernanceDelegateIntent,
  GovernanceRevokeUpvoteIntent,
  GovernanceUndelegateIntent,
  GovernanceUpvoteIntent,
  GovernanceVoteIntent,
  LockIntent,
  RelockIntent,
  RevokeIntent,
  UnlockIntent,
  VoteIntent,
  WithdrawUnlockedIntent,
} from "./intents.js";
export type { GovernanceVoteValue } from "./parameters.js";
export type { CeloProposal, CeloProposalStage } from "./proposals.js";
export { type StakingActions, stakingActions } from "./stakingDecorator.js";
