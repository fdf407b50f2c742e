// Celo staking and governance (core's client.staking and client.governance) on Celo's core contracts: balances,
// validator groups, proposals, and prepared lock / unlock / relock / withdraw / vote / activate / revoke, upvote,
// referendum vote, delegation. Each is ONE HTTP request (a prepare paying gas in a fee currency: two, since its
// calldata depends on the first read); the flows go to execute_prepared_flow like any other. The
// spending policy sees a lock as CELO sent to LockedGold (caps.CELO, allow.recipients) and every other staking
// or governance call as a contract call left to allow.contracts.
import { z } from "zod/v4";
import { address, amount, uint } from "../../schemas/common.js";
import { addressOrSigner, defineTool, READ_ONLY, type ToolDefinition } from "../context.js";
import { definePrepareTools, prepareToolRow } from "../prepareTool.js";

const NEXT =
  "Returns a prepared flow (snake_case JSON with its intent); nothing is signed or sent. Pass it unchanged to execute_prepared_flow (dry_run: true to simulate first). Refusals (CELO_STAKING_REFUSED, CELO_GOVERNANCE_REFUSED) name the rule and the amounts, before anything is sent. `fee_currency` (default: the server's FEE_CURRENCY) says who pays gas; the CELO a lock sends is CELO either way. One HTTP request; 2 when gas is paid in a fee currency, since the calldata depends on the first read.";
const from = address("Who will sign and send the steps (default: this server's signer).").optional();
const celoAmount = (what: string) =>
  z.strictObject({ value: uint(`${what}, wei.`), formatted: z.string().max(80).describe(`${what}, CELO.`) });
const celoInput = (what: string) => amount(`${what}: human decimal CELO, e.g. "50".`);
const group = address("The validator group's address (see get_validator_groups).");
const proposalId = z
  .union([
    z
      .string()
      .max(78)
      .regex(/^[1-9][0-9]*$/),
    z.number().int().positive(),
  ])
  .describe("The governance proposal id (see get_governance_proposals).");
const percent = z
  .union([z.string().max(32), z.number()])
  .describe('A percentage of governance voting power, above 0 and at most 100 (e.g. "50").');

const proposal = z.strictObject({
  id: uint("The proposal id."),
  stage: z.enum(["none", "queued", "approval", "referendum", "execution", "expiration"]),
  proposer: address("Who proposed it."),
  deposit: celoAmount("The proposer's deposit"),
  timestamp: uint("When it was queued, or dequeued (referendum onwards), unix seconds."),
  transaction_count: z.number().int(),
  description_url: z.string().max(10_000).describe("The URL the proposer gave (not fetched)."),
  approved: z.boolean(),
  upvotes: celoAmount("Upvotes while queued"),
  votes: z.strictObject({ yes: celoAmount("Yes"), no: celoAmount("No"), abstain: celoAmount("Abstain") }),
  dequeue_index: z
    .number()
    .int()
    .nullable()
    .describe("Its index in Governance's dequeue; null while queued."),
  account_vote: z
    .strictObject({ yes: celoAmount("Yes"), no: celoAmount("No"), abstain: celoAmount("Abstain") })
    .optional()
    .describe("The given account's own vote, when it voted."),
});

/** `get_staking_balances`: locked CELO, votes per group, pending withdrawals. @internal */
export const getStakingBalancesTool = defineTool({
  name: "get_staking_balances",
  title: "Celo staking balances",
  family: "read",
  member: "staking.getStakingBalances",
  description:
    "Reads an account's Celo staking (default: the signer): locked CELO (total, non-voting, voting), votes per validator group (pending, active, and whether pending votes can be activated now), pending withdrawals with their unlock times, its registration and governance part. One HTTP request.",
  input: z.strictObject({ address: address("Whose balances (default: the signer).").optional() }),
  output: z.strictObject({
    account: address("The account."),
    registered: z.boolean().describe("Whether it is a Celo account (locking registers it)."),
    balance: celoAmount("Liquid CELO"),
    locked: z.strictObject({
      total: celoAmount("Locked"),
      nonvoting: celoAmount("Locked, not voting"),
      voting: celoAmount("Locked, voting for groups"),
    }),
    votes: z.array(
      z.strictObject({
        group: address("The group."),
        pending: celoAmount("Pending votes"),
        active: celoAmount("Active votes"),
        activatable: z.boolean(),
      }),
    ),
    pending_withdrawals: z.array(
      z.strictObject({
        index: z.number().int(),
        value: celoAmount("Pending"),
        available_at: uint("Unix seconds."),
        matured: z.boolean(),
      }),
    ),
    governance: z.strictObject({
      voting_power: celoAmount("Governance voting power"),
      used_in_referendums: celoAmount("Locked CELO backing referendum votes"),
      upvoted_proposal: uint("The upvoted proposal.").nullable(),
      delegated_percent: z.string().max(40),
      delegations: z.array(
        z.strictObject({
          delegatee: address("The delegatee."),
          percent: z.string().max(40),
          amount: celoAmount("Delegated"),
        }),
      ),
    }),
    epoch: uint("The current epoch."),
    unlocking_period: uint("Seconds."),
    block_number: uint("The block it was read at."),
    timestamp: uint("The block's time, unix seconds."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const account = addressOrSigner(args.address, runtime, "address");
    return { data: await runtime.sdk.staking.getStakingBalances(account, { signal: call.signal }) };
  },
});

/** `get_validator_groups`: registered groups with votes and capacity. @internal */
export const getValidatorGroupsTool = defineTool({
  name: "get_validator_groups",
  title: "Celo validator groups",
  family: "read",
  member: "staking.getValidatorGroups",
  description:
    "Lists every registered Celo validator group: name, members, commission, votes, capacity and remaining capacity, eligibility. One HTTP request.",
  input: z.strictObject({}),
  output: z.strictObject({
    groups: z.array(
      z.strictObject({
        address: address("The group."),
        name: z.string().max(10_000),
        members: z.array(address("A member validator.")),
        commission_percent: z.string().max(40),
        votes: celoAmount("Votes"),
        capacity: celoAmount("The most votes it can hold"),
        remaining_capacity: celoAmount("Room for votes"),
        eligible: z.boolean(),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run(_args, context, call) {
    const runtime = await context.runtime();
    return { data: await runtime.sdk.staking.getValidatorGroups({ signal: call.signal }) };
  },
});

/** `get_governance_proposals`: the queue and the dequeued proposals by stage. @internal */
export const getGovernanceProposalsTool = defineTool({
  name: "get_governance_proposals",
  title: "Celo governance proposals",
  family: "read",
  member: "governance.getProposals",
  description:
    "Lists Celo governance proposals read on chain (nothing fetched from the web): the queue with upvotes, and the proposals in referendum, execution or expired with their vote totals. One HTTP request.",
  input: z.strictObject({}),
  output: z.strictObject({
    queue: z.array(proposal),
    referendum: z.array(proposal),
    execution: z.array(proposal),
    expired: z.array(proposal),
    proposal_count: uint("Proposals ever made."),
    block_number: uint("The block it was read at."),
    timestamp: uint("The block's time."),
  }),
  annotations: READ_ONLY,
  async run(_args, context, call) {
    const runtime = await context.runtime();
    return { data: await runtime.sdk.governance.getProposals({ signal: call.signal }) };
  },
});

/** `get_governance_proposal`: one proposal and an account's vote. @internal */
export const getGovernanceProposalTool = defineTool({
  name: "get_governance_proposal",
  title: "A Celo governance proposal",
  family: "read",
  member: "governance.getProposal",
  description:
    "Reads one Celo governance proposal on chain: stage, proposer, deposit, description URL, approval, upvotes, vote totals and the account's own vote (default: the signer's). One HTTP request.",
  input: z.strictObject({
    proposal_id: proposalId,
    address: address("Whose vote to read (default: the signer).").optional(),
  }),
  output: proposal.extend({ block_number: uint("The block it was read at.") }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    const account = addressOrSigner(args.address, runtime, "address");
    return {
      data: await runtime.sdk.governance.getProposal(args.proposal_id, { account, signal: call.signal }),
    };
  },
});

/** The staking and governance prepare tools, in listing order: one row each, one way to register them. */
const PREPARE_TOOLS = [
  prepareToolRow({
    name: "prepare_lock",
    title: "Prepare locking CELO",
    description:
      "Prepares locking `amount` CELO in Celo's LockedGold (to vote for validator groups and on governance): registers the account first when needed and relocks pending withdrawals before locking new CELO.",
    input: { amount: celoInput("CELO to lock") },
    member: "staking.prepareLock",
    prepare: (sdk, sender, args, options) => sdk.staking.prepareLock(sender, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_unlock",
    title: "Prepare unlocking CELO",
    description:
      "Prepares unlocking `amount` of locked CELO (withdrawable after the unlocking period, 3 days on mainnet). Refused when the CELO votes for a group or backs governance votes, with the amounts.",
    input: { amount: celoInput("CELO to unlock") },
    member: "staking.prepareUnlock",
    prepare: (sdk, sender, args, options) => sdk.staking.prepareUnlock(sender, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_relock",
    title: "Prepare relocking CELO",
    description: "Prepares relocking `amount` CELO from pending withdrawals.",
    input: { amount: celoInput("CELO to relock") },
    member: "staking.prepareRelock",
    prepare: (sdk, sender, args, options) => sdk.staking.prepareRelock(sender, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_withdraw_unlocked",
    title: "Prepare withdrawing unlocked CELO",
    description:
      "Prepares withdrawing every matured pending withdrawal back to the account. Refused with the time left (details.seconds_left) when none has matured.",
    input: {},
    member: "staking.prepareWithdraw",
    prepare: (sdk, sender, _args, options) => sdk.staking.prepareWithdraw(sender, options),
  }),
  prepareToolRow({
    name: "prepare_validator_vote",
    title: "Prepare a vote for a validator group",
    description:
      "Prepares voting `amount` of locked, non-voting CELO for validator `group` (pending until the next epoch; then prepare_activate_votes). Eligibility, capacity and balance are checked.",
    input: { group, amount: celoInput("CELO to vote with") },
    member: "staking.prepareVote",
    prepare: (sdk, sender, args, options) =>
      sdk.staking.prepareVote(sender, args.group, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_activate_votes",
    title: "Prepare activating pending votes",
    description:
      "Prepares activating pending validator-group votes cast in an earlier epoch, for `group` or every group that has some.",
    input: { group: group.optional() },
    member: "staking.prepareActivate",
    prepare: (sdk, sender, args, options) => sdk.staking.prepareActivate(sender, args.group, options),
  }),
  prepareToolRow({
    name: "prepare_revoke_votes",
    title: "Prepare revoking votes",
    description:
      "Prepares revoking `amount` of votes for validator `group`: pending votes first, then active ones.",
    input: { group, amount: celoInput("Votes to revoke") },
    member: "staking.prepareRevoke",
    prepare: (sdk, sender, args, options) =>
      sdk.staking.prepareRevoke(sender, args.group, args.amount, options),
  }),
  prepareToolRow({
    name: "prepare_governance_upvote",
    title: "Prepare a governance upvote",
    description:
      "Prepares upvoting queued governance proposal `proposal_id` with all of the account's locked CELO.",
    input: { proposal_id: proposalId },
    member: "governance.prepareUpvote",
    prepare: (sdk, sender, args, options) => sdk.governance.prepareUpvote(sender, args.proposal_id, options),
  }),
  prepareToolRow({
    name: "prepare_governance_revoke_upvote",
    title: "Prepare revoking a governance upvote",
    description: "Prepares revoking the account's upvote of a governance proposal.",
    input: {},
    member: "governance.prepareRevokeUpvote",
    prepare: (sdk, sender, _args, options) => sdk.governance.prepareRevokeUpvote(sender, options),
  }),
  prepareToolRow({
    name: "prepare_governance_vote",
    title: "Prepare a governance vote",
    description:
      "Prepares voting `value` (yes, no, abstain) on governance proposal `proposal_id` in its referendum with all of the account's voting power; its locked CELO then cannot be unlocked until the referendum ends.",
    input: { proposal_id: proposalId, value: z.enum(["yes", "no", "abstain"]) },
    member: "governance.prepareVote",
    prepare: (sdk, sender, args, options) =>
      sdk.governance.prepareVote(sender, args.proposal_id, args.value, options),
  }),
  prepareToolRow({
    name: "prepare_governance_delegate",
    title: "Prepare delegating governance votes",
    description:
      "Prepares delegating `percent` of the account's governance voting power to `to` (a Celo account).",
    input: { to: address("The delegatee."), percent },
    member: "governance.prepareDelegate",
    prepare: (sdk, sender, args, options) =>
      sdk.governance.prepareDelegate(sender, args.to, args.percent, options),
  }),
  prepareToolRow({
    name: "prepare_governance_undelegate",
    title: "Prepare taking back delegated votes",
    description: "Prepares taking back `percent` of governance voting power delegated to `to`.",
    input: { to: address("The delegatee."), percent },
    member: "governance.prepareUndelegate",
    prepare: (sdk, sender, args, options) =>
      sdk.governance.prepareUndelegate(sender, args.to, args.percent, options),
  }),
];

/** The staking and governance prepare tools (`prepare_lock` … `prepare_governance_undelegate`), in listing order. @internal */
export const stakingPrepareTools: readonly ToolDefinition[] = definePrepareTools(
  { from, next: NEXT },
  PREPARE_TOOLS,
);
