// Celo staking and governance: everything the package exports of this protocol (core's index re-exports it in
// one line).

export {
  type GetGovernanceProposalErrorType,
  type GetGovernanceProposalParameters,
  type GetGovernanceProposalReturnType,
  getGovernanceProposal,
} from "./actions/getGovernanceProposal.js";
export {
  type GetGovernanceProposalsErrorType,
  type GetGovernanceProposalsParameters,
  type GetGovernanceProposalsReturnType,
  getGovernanceProposals,
} from "./actions/getGovernanceProposals.js";
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
  type GetStakingValidatorGroupsErrorType,
  type GetStakingValidatorGroupsParameters,
  type GetStakingValidatorGroupsReturnType,
  getStakingValidatorGroups,
} from "./actions/getStakingValidatorGroups.js";
export {
  type PrepareGovernanceDelegateErrorType,
  type PrepareGovernanceDelegateParameters,
  type PrepareGovernanceDelegateReturnType,
  prepareGovernanceDelegate,
} from "./actions/prepareGovernanceDelegate.js";
export {
  type PrepareGovernanceRevokeUpvoteErrorType,
  type PrepareGovernanceRevokeUpvoteParameters,
  type PrepareGovernanceRevokeUpvoteReturnType,
  prepareGovernanceRevokeUpvote,
} from "./actions/prepareGovernanceRevokeUpvote.js";
export {
  type PrepareGovernanceUndelegateErrorType,
  type PrepareGovernanceUndelegateParameters,
  type PrepareGovernanceUndelegateReturnType,
  prepareGovernanceUndelegate,
} from "./actions/prepareGovernanceUndelegate.js";
export {
  type PrepareGovernanceUpvoteErrorType,
  type PrepareGovernanceUpvoteParameters,
  type PrepareGovernanceUpvoteReturnType,
  prepareGovernanceUpvote,
} from "./actions/prepareGovernanceUpvote.js";
export {
  type PrepareGovernanceVoteErrorType,
  type PrepareGovernanceVoteParameters,
  type PrepareGovernanceVoteReturnType,
  prepareGovernanceVote,
} from "./actions/prepareGovernanceVote.js";
export {
  type PrepareStakingActivateErrorType,
  type PrepareStakingActivateParameters,
  type PrepareStakingActivateReturnType,
  prepareStakingActivate,
} from "./actions/prepareStakingActivate.js";
export {
  type PrepareStakingLockErrorType,
  type PrepareStakingLockParameters,
  type PrepareStakingLockReturnType,
  prepareStakingLock,
} from "./actions/prepareStakingLock.js";
export {
  type PrepareStakingRelockErrorType,
  type PrepareStakingRelockParameters,
  type PrepareStakingRelockReturnType,
  prepareStakingRelock,
} from "./actions/prepareStakingRelock.js";
export {
  type PrepareStakingRevokeErrorType,
  type PrepareStakingRevokeParameters,
  type PrepareStakingRevokeReturnType,
  prepareStakingRevoke,
} from "./actions/prepareStakingRevoke.js";
export {
  type PrepareStakingUnlockErrorType,
  type PrepareStakingUnlockParameters,
  type PrepareStakingUnlockReturnType,
  prepareStakingUnlock,
} from "./actions/prepareStakingUnlock.js";
export {
  type PrepareStakingVoteErrorType,
  type PrepareStakingVoteParameters,
  type PrepareStakingVoteReturnType,
  prepareStakingVote,
} from "./actions/prepareStakingVote.js";
export {
  type PrepareStakingWithdrawErrorType,
  type PrepareStakingWithdrawParameters,
  type PrepareStakingWithdrawReturnType,
  prepareStakingWithdraw,
} from "./actions/prepareStakingWithdraw.js";
export { CELO_STAKING_ADDRESSES } from "./addresses.js";
export type { CeloAmount } from "./amounts.js";
export { celoStakingProtocol } from "./definition.js";
export {
  type CeloGovernanceRefusal,
  CeloGovernanceRefusedError,
  type CeloRefusalParameters,
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
export type {
  CeloActionParameters,
  CeloGovernanceActionErrorType,
  CeloGroupVotesParameters,
  CeloStakingActionErrorType,
} from "./operation.js";
export type { GovernanceVoteValue } from "./parameters.js";
export type { CeloProposal, CeloProposalStage } from "./proposals.js";
export { type StakingActions, stakingActions } from "./stakingDecorator.js";
