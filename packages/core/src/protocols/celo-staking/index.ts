// Celo staking and governance: everything the package exports of this protocol (core's index re-exports it in
// one line).

export type {
  GetGovernanceProposalErrorType,
  GetGovernanceProposalParameters,
  GetGovernanceProposalReturnType,
} from "./actions/getGovernanceProposal.js";
export type {
  GetGovernanceProposalsErrorType,
  GetGovernanceProposalsParameters,
  GetGovernanceProposalsReturnType,
} from "./actions/getGovernanceProposals.js";
export type {
  CeloGroupVote,
  CeloPendingWithdrawal,
  GetStakingBalancesErrorType,
  GetStakingBalancesParameters,
  GetStakingBalancesReturnType,
} from "./actions/getStakingBalances.js";
export type {
  CeloValidatorGroup,
  GetStakingValidatorGroupsErrorType,
  GetStakingValidatorGroupsParameters,
  GetStakingValidatorGroupsReturnType,
} from "./actions/getStakingValidatorGroups.js";
export type {
  PrepareGovernanceDelegateErrorType,
  PrepareGovernanceDelegateParameters,
  PrepareGovernanceDelegateReturnType,
} from "./actions/prepareGovernanceDelegate.js";
export type {
  PrepareGovernanceRevokeUpvoteErrorType,
  PrepareGovernanceRevokeUpvoteParameters,
  PrepareGovernanceRevokeUpvoteReturnType,
} from "./actions/prepareGovernanceRevokeUpvote.js";
export type {
  PrepareGovernanceUndelegateErrorType,
  PrepareGovernanceUndelegateParameters,
  PrepareGovernanceUndelegateReturnType,
} from "./actions/prepareGovernanceUndelegate.js";
export type {
  PrepareGovernanceUpvoteErrorType,
  PrepareGovernanceUpvoteParameters,
  PrepareGovernanceUpvoteReturnType,
} from "./actions/prepareGovernanceUpvote.js";
export type {
  PrepareGovernanceVoteErrorType,
  PrepareGovernanceVoteParameters,
  PrepareGovernanceVoteReturnType,
} from "./actions/prepareGovernanceVote.js";
export type {
  PrepareStakingActivateErrorType,
  PrepareStakingActivateParameters,
  PrepareStakingActivateReturnType,
} from "./actions/prepareStakingActivate.js";
export type {
  PrepareStakingLockErrorType,
  PrepareStakingLockParameters,
  PrepareStakingLockReturnType,
} from "./actions/prepareStakingLock.js";
export type {
  PrepareStakingRelockErrorType,
  PrepareStakingRelockParameters,
  PrepareStakingRelockReturnType,
} from "./actions/prepareStakingRelock.js";
export type {
  PrepareStakingRevokeErrorType,
  PrepareStakingRevokeParameters,
  PrepareStakingRevokeReturnType,
} from "./actions/prepareStakingRevoke.js";
export type {
  PrepareStakingUnlockErrorType,
  PrepareStakingUnlockParameters,
  PrepareStakingUnlockReturnType,
} from "./actions/prepareStakingUnlock.js";
export type {
  PrepareStakingVoteErrorType,
  PrepareStakingVoteParameters,
  PrepareStakingVoteReturnType,
} from "./actions/prepareStakingVote.js";
export type {
  PrepareStakingWithdrawErrorType,
  PrepareStakingWithdrawParameters,
  PrepareStakingWithdrawReturnType,
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
export * from "./governanceLazyActions.js";
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
export * from "./stakingLazyActions.js";
