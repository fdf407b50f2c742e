import { type ProtocolRefusalParameters, ProtocolRefusedError } from "../../errors/refusal.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * The stable `code`s of Celo staking and governance refusals; part of `CoreErrorCode`.
 *
 * @example
 * ```ts
 * import type { CeloStakingErrorCode } from "@preflow/core";
 * const code: CeloStakingErrorCode = "CELO_STAKING_REFUSED";
 * ```
 */
export type CeloStakingErrorCode = "CELO_STAKING_REFUSED" | "CELO_GOVERNANCE_REFUSED";

/**
 * Every {@link CeloStakingErrorCode}, which the staking definition declares (`errorCodes`); a test checks the list
 * is the whole union. @internal
 */
export const CELO_STAKING_ERROR_CODES = [
  "CELO_STAKING_REFUSED",
  "CELO_GOVERNANCE_REFUSED",
] as const satisfies readonly CeloStakingErrorCode[];

/**
 * Why a staking operation was refused, read on chain before anything was prepared:
 * - `not-enough-celo`: the CELO balance is below what would be locked;
 * - `not-enough-nonvoting`: the locked CELO that is not voting for a group is below the amount (vote or unlock);
 * - `locked-in-governance`: unlocking would leave less locked than backs the account's referendum votes;
 * - `not-enough-pending-withdrawals`: relocking more than the pending withdrawals;
 * - `no-matured-withdrawal`: no pending withdrawal has reached its unlock time (`details.secondsLeft`);
 * - `not-an-account`: the address has no Celo account (it has never locked CELO);
 * - `group-not-eligible`, `group-over-capacity`, `too-many-groups`: Election would refuse the vote;
 * - `nothing-to-activate`, `not-enough-votes`: no activatable pending votes, or fewer votes for the group than the amount.
 *
 * @example
 * ```ts
 * import type { CeloStakingRefusal } from "@preflow/core";
 * const reason: CeloStakingRefusal = "no-matured-withdrawal";
 * ```
 */
export type CeloStakingRefusal =
  | "not-enough-celo"
  | "not-enough-nonvoting"
  | "locked-in-governance"
  | "not-enough-pending-withdrawals"
  | "no-matured-withdrawal"
  | "not-an-account"
  | "group-not-eligible"
  | "group-over-capacity"
  | "too-many-groups"
  | "nothing-to-activate"
  | "not-enough-votes";

/**
 * What a refusal ({@link CeloStakingRefusedError}, {@link CeloGovernanceRefusedError}) is made of: the operation's
 * words, the rule's reason, a message and the figures.
 *
 * @example
 * ```ts
 * import { CeloStakingRefusedError, type CeloRefusalParameters, type CeloStakingRefusal } from "@preflow/core";
 * const parameters: CeloRefusalParameters<CeloStakingRefusal> = { operation: "lock", reason: "not-enough-celo", message: "…" };
 * const error = new CeloStakingRefusedError(parameters);
 * ```
 */
export type CeloRefusalParameters<Reason extends string> = ProtocolRefusalParameters<Reason>;

/**
 * A staking operation (`client.staking.prepare*`) the core contracts would refuse, found by the one read before
 * anything was prepared: nothing was prepared or sent. `details.reason` says which rule
 * ({@link CeloStakingRefusal}); the other details carry the amounts (wei, decimal strings) or times.
 *
 * @example
 * ```ts
 * import { CeloStakingRefusedError } from "@preflow/core";
 * try {
 *   await client.staking.prepareWithdraw(from);
 * } catch (error) {
 *   if (error instanceof CeloStakingRefusedError && error.details.reason === "no-matured-withdrawal")
 *     console.log(`${error.details.secondsLeft} s left`);
 * }
 * ```
 */
export class CeloStakingRefusedError extends ProtocolRefusedError<
  "CELO_STAKING_REFUSED",
  CeloStakingRefusal
> {
  override readonly name: string = "CeloStakingRefusedError";

  constructor(parameters: CeloRefusalParameters<CeloStakingRefusal>) {
    super("CELO_STAKING_REFUSED", parameters.operation, parameters);
  }
}

/**
 * Why a governance operation was refused: `not-an-account` (no locked CELO to vote or upvote with),
 * `no-voting-power`, `not-queued` (upvote of a proposal not in the queue), `already-upvoted` (the account
 * upvotes another queued proposal: revoke that first), `no-upvote`, `not-in-referendum`, `not-approved`,
 * `delegation-too-large` (more than 100 % delegated), `delegatee-not-an-account` (the delegatee is neither a Celo
 * account nor an account's vote signer; `details.field`, `details.value`, `details.rule`), `not-delegated`,
 * `unknown-proposal`.
 *
 * @example
 * ```ts
 * import type { CeloGovernanceRefusal } from "@preflow/core";
 * const reason: CeloGovernanceRefusal = "not-in-referendum";
 * ```
 */
export type CeloGovernanceRefusal =
  | "not-an-account"
  | "no-voting-power"
  | "not-queued"
  | "already-upvoted"
  | "no-upvote"
  | "not-in-referendum"
  | "delegation-too-large"
  | "delegatee-not-an-account"
  | "not-delegated"
  | "unknown-proposal";

/**
 * A governance operation (`client.governance.prepare*`) Governance or LockedGold would refuse, found by the one
 * read before anything was prepared: nothing was prepared or sent. `details.reason` says which rule
 * ({@link CeloGovernanceRefusal}).
 *
 * @example
 * ```ts
 * import { CeloGovernanceRefusedError } from "@preflow/core";
 * try {
 *   await client.governance.prepareVote(from, 12n, "yes");
 * } catch (error) {
 *   if (error instanceof CeloGovernanceRefusedError) console.log(error.details.reason, error.details.stage);
 * }
 * ```
 */
export class CeloGovernanceRefusedError extends ProtocolRefusedError<
  "CELO_GOVERNANCE_REFUSED",
  CeloGovernanceRefusal
> {
  override readonly name: string = "CeloGovernanceRefusedError";

  constructor(parameters: CeloRefusalParameters<CeloGovernanceRefusal>) {
    super("CELO_GOVERNANCE_REFUSED", parameters.operation, parameters);
  }
}

/**
 * The `Error(string)` reasons of Celo's core contracts v11 (Accounts, LockedGold, Election, Governance), explained
 * for `decodeRevertReason`. @internal
 */
export const celoStakingRevertErrors: ProtocolRevertErrors = {
  messages: {
    "Sender must be registered with Account.createAccount to lock or unlock":
      "the account has no Celo account: create one (Accounts.createAccount) before locking CELO",
    "Not enough unlockable celo. Celo is locked in voting.":
      "the CELO backs the account's votes on governance referendums: it unlocks after they end",
    "Either account doesn't have enough locked Celo or locked Celo is being used for voting.":
      "the account has less non-voting locked CELO than asked (a validator or group keeps its requirement)",
    "Pending withdrawal not available": "the unlocking period of that pending withdrawal has not passed yet",
    "Bad pending withdrawal index": "there is no pending withdrawal at that index",
    "Requested value larger than pending value": "more than the pending withdrawal holds was asked",
    "Too many delegatees": "the account delegates to the most delegatees LockedGold allows",
    "Validators cannot delegate votes.": "validators and validator groups cannot delegate governance votes",
    "Group not eligible": "the validator group is not eligible for votes",
    "Vote value cannot be zero": "a vote of 0 CELO",
    "Group cannot receive votes": "the vote would take the group over its voting capacity",
    "Pending vote epoch not passed": "pending votes activate in the epoch after they were cast",
    "Voted for too many groups": "the account votes for the most groups Election allows",
    "cannot upvote without locking gold": "upvoting needs locked CELO",
    "cannot upvote a proposal not in the queue": "the proposal is not in the governance queue",
    "Incorrect proposal state": "the proposal is not in the stage that operation needs",
    "Proposal not approved": "the proposal has not been approved",
    "Voter weight zero": "the account has no locked CELO to vote with",
    "Account has no historical upvote": "the account has no upvote to revoke",
    "cannot upvote more than one queued proposal":
      "the account already upvotes another queued proposal: revoke that upvote first",
    "Provided index greater than dequeue length.": "the referendum index is out of range",
    "Proposal not dequeued": "the proposal is not in a referendum",
  },
};

/**
 * The errors every staking and governance operation can throw before or while reading: bad input (before any
 * request), the wrong chain, the endpoint failing or rate-limiting, an abort.
 *
 * @example
 * ```ts
 * import type { CeloStakingReadErrorType } from "@preflow/core";
 * ```
 */
export type CeloStakingReadErrorType =
  | import("../../errors/argument.js").InvalidArgumentError
  | import("../../errors/address.js").InvalidAddressError
  | import("../../errors/amount.js").InvalidAmountError
  | import("../../errors/chain.js").ChainMismatchError
  | import("../../errors/rpc.js").RpcError
  | import("../../errors/rpc.js").RpcRateLimitedError
  | import("../../errors/rpc.js").RequestAbortedError;
