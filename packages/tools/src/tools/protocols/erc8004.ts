// ERC-8004 (Trustless Agents) on Celo (core's ERC-8004 actions): read an agent (its registration file when kept on
// chain) and its reputation among reviewers the caller trusts; prepare its registration, URI and wallet changes
// and feedback on others' agents. Each read and prepare is ONE HTTP request; the flows go to
// execute_prepared_flow like any other, and the spending policy reads the registries' calls as known calls that
// spend nothing.
import { z } from "zod/v4";
import { address, feeCurrency, hex, jsonValue, MAX, uint } from "../../schemas/common.js";
import { preparedFlowResult } from "../../schemas/flow.js";
import {
  addressOrSigner,
  defineTool,
  feeOptions,
  READ_ONLY,
  type ToolDefinition,
  type ToolRuntime,
} from "../context.js";
import { PREPARE_ANNOTATIONS } from "../prepareTool.js";

const NEXT =
  "Returns a prepared flow (snake_case JSON with its intent); nothing is signed or sent. Pass it unchanged to execute_prepared_flow (dry_run: true to simulate first). Refusals (ERC8004_REFUSED: no-such-agent, not-authorized, self-feedback, deadline-out-of-window, invalid-wallet-signature) come before anything is built.";
const from = address("Who will sign and send the step (default: this server's signer).").optional();
const agentId = uint("The agent's id in the ERC-8004 Identity registry on Celo (decimal string).");
const tag = z.string().max(MAX.label).describe('A feedback tag (e.g. "starred"); default any / none.');
const registration = z
  .record(z.string().max(MAX.label), jsonValue)
  .describe(
    'An ERC-8004 registration file: { type: "https://eips.ethereum.org/EIPS/eip-8004#registration-v1", name, description, image?, services: [{ name, endpoint, version? }], x402Support?, active?, registrations?: [{ agentId, agentRegistry }], supportedTrust? }. Kept on chain as a data:application/json;base64 URI.',
  );
const uri = z
  .string()
  .min(1)
  .max(10_000)
  .describe("The agent URI: where its registration file is (https://, ipfs://, data:).");

/** A prepare tool of this file: its words, its own input fields and the exported action it runs. */
function prepareTool<shape extends z.ZodRawShape>(spec: {
  name: string;
  title: string;
  action: string;
  description: string;
  input: shape;
  prepare: (
    runtime: ToolRuntime,
    sender: string,
    args: z.output<z.ZodObject<shape>>,
    options: { signal: AbortSignal; feeCurrency?: string },
  ) => Promise<unknown>;
}): ToolDefinition {
  return defineTool({
    name: spec.name,
    title: spec.title,
    family: "prepare",
    action: spec.action,
    description: `${spec.description} ${NEXT} One HTTP request.`,
    input: z.strictObject({ from, ...spec.input, fee_currency: feeCurrency().optional() }),
    output: preparedFlowResult,
    annotations: PREPARE_ANNOTATIONS,
    async run(args, context, call) {
      const runtime = await context.runtime();
      const { from: sender, fee_currency, ...own } = args as { from?: string; fee_currency?: string };
      const signer = addressOrSigner(sender, runtime, "from");
      const options = { signal: call.signal, ...feeOptions(fee_currency) };
      return { data: (await spec.prepare(runtime, signer, own as never, options)) as never };
    },
  });
}

/** `get_agent`: an ERC-8004 agent as the Identity registry holds it. @internal */
export const getAgentTool = defineTool({
  name: "get_agent",
  title: "ERC-8004 agent",
  family: "read",
  action: "getAgent",
  description:
    "Reads an ERC-8004 agent from the Identity registry on Celo: owner, agent URI, agent wallet (where it is paid; null when unset), the metadata keys asked for, and its registration file (services such as MCP/A2A endpoints, x402 support, registrations) when the URI holds it as a data: URI, parsed and validated (registration_file_error says why not). `agent` is null when no agent has the id. One HTTP request.",
  input: z.strictObject({
    agent_id: agentId,
    metadata_keys: z
      .array(z.string().min(1).max(MAX.label))
      .max(32)
      .optional()
      .describe("Metadata keys to read too."),
  }),
  output: z.strictObject({
    agent: z
      .strictObject({
        agent_id: uint("The agent's id."),
        owner: address("The agent's owner."),
        uri: z.string().max(200_000).describe("Its agent URI."),
        wallet: address("Its agent wallet.").nullable(),
        metadata: z
          .record(z.string().max(MAX.label), z.string().max(200_000))
          .describe("The metadata asked for, hex."),
        registration_file: z
          .record(z.string().max(MAX.label), jsonValue)
          .nullable()
          .describe("Its registration file, as the ERC-8004 spec names its keys."),
        registration_file_error: z.string().max(2_000).nullable(),
        block_number: uint("The block it was read at."),
      })
      .nullable()
      .describe("The agent, or null when no agent has the id."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    return {
      data: {
        agent: await runtime.core.getAgent(runtime.sdk, {
          agentId: args.agent_id,
          ...(args.metadata_keys === undefined ? {} : { metadataKeys: args.metadata_keys }),
          signal: call.signal,
        }),
      },
    };
  },
});

/** `get_agent_reputation`: the Reputation registry's summary over reviewers the caller trusts. @internal */
export const getAgentReputationTool = defineTool({
  name: "get_agent_reputation",
  title: "ERC-8004 agent reputation",
  family: "read",
  action: "getAgentReputation",
  description:
    "Reads an ERC-8004 agent's reputation among the reviewers you trust (anyone may give feedback, so the registry summarises only the addresses named): how many of their feedback entries count (not revoked, matching tag1/tag2) and their average (value in units of 10^-decimals, and as a decimal number). One HTTP request.",
  input: z.strictObject({
    agent_id: agentId,
    reviewers: z
      .array(address("A trusted reviewer."))
      .min(1)
      .max(100)
      .describe("The reviewers whose feedback counts."),
    tag1: tag.optional(),
    tag2: tag.optional(),
  }),
  output: z.strictObject({
    agent_id: uint("The agent's id."),
    reviewers: z.array(address("A reviewer.")),
    tag1: z.string().max(MAX.label),
    tag2: z.string().max(MAX.label),
    count: uint("Feedback entries counted."),
    value: z.string().max(80).describe("Their average in units of 10^-decimals (signed)."),
    decimals: z.number().int().min(0).max(18),
    average: z.string().max(120).describe('The average as a decimal number ("80.25").'),
    block_number: uint("The block it was read at."),
  }),
  annotations: READ_ONLY,
  async run(args, context, call) {
    const runtime = await context.runtime();
    return {
      data: await runtime.core.getAgentReputation(runtime.sdk, {
        agentId: args.agent_id,
        reviewers: args.reviewers,
        ...(args.tag1 === undefined ? {} : { tag1: args.tag1 }),
        ...(args.tag2 === undefined ? {} : { tag2: args.tag2 }),
        signal: call.signal,
      }),
    };
  },
});

/** The ERC-8004 prepare tools. @internal */
export const erc8004PrepareTools: ToolDefinition[] = [
  prepareTool({
    name: "prepare_register_agent",
    title: "Prepare an ERC-8004 agent registration",
    action: "prepareRegisterAgent",
    description:
      "Prepares registering a new ERC-8004 agent owned by `from`: one step, the Identity registry's register(agentURI); the receipt's Registered event carries the new agent's id. Give exactly one of `registration` (the file, validated and kept on chain as a data: URI) and `uri`.",
    input: { registration: registration.optional(), uri: uri.optional() },
    prepare: ({ core, sdk }, sender, args, options) =>
      core.prepareRegisterAgent(sdk, {
        from: sender,
        ...(args.registration === undefined ? {} : { registration: args.registration }),
        ...(args.uri === undefined ? {} : { uri: args.uri }),
        ...options,
      } as never),
  }),
  prepareTool({
    name: "prepare_set_agent_uri",
    title: "Prepare an ERC-8004 agent URI change",
    action: "prepareSetAgentUri",
    description:
      "Prepares changing an ERC-8004 agent's URI (its registration file): setAgentURI(agent_id, uri). `from` must own or operate the agent. Give exactly one of `registration` and `uri`.",
    input: { agent_id: agentId, registration: registration.optional(), uri: uri.optional() },
    prepare: ({ core, sdk }, sender, args, options) =>
      core.prepareSetAgentUri(sdk, {
        from: sender,
        agentId: args.agent_id,
        ...(args.registration === undefined ? {} : { registration: args.registration }),
        ...(args.uri === undefined ? {} : { uri: args.uri }),
        ...options,
      } as never),
  }),
  prepareTool({
    name: "prepare_set_agent_wallet",
    title: "Prepare an ERC-8004 agent wallet change",
    action: "prepareSetAgentWallet",
    description:
      "Prepares changing an ERC-8004 agent's wallet (where it is paid): setAgentWallet(agent_id, wallet, deadline, signature), where `signature` is the new wallet's EIP-712 AgentWalletSet(agentId, newWallet, owner, deadline) signature in the domain { name: \"ERC8004IdentityRegistry\", version: \"1\", chainId: 42220, verifyingContract: the Identity registry }, and `deadline` (unix seconds) at most 5 minutes after the block's time. The signature is checked first (ECDSA, then the wallet's ERC-1271); the flow expires at the deadline.",
    input: {
      agent_id: agentId,
      wallet: address("The new agent wallet."),
      deadline: uint("The signature's deadline, unix seconds."),
      signature: hex("The new wallet's signature.", 8_194),
    },
    prepare: ({ core, sdk }, sender, args, options) =>
      core.prepareSetAgentWallet(sdk, {
        from: sender,
        agentId: args.agent_id,
        wallet: args.wallet,
        deadline: args.deadline,
        signature: args.signature,
        ...options,
      } as never),
  }),
  prepareTool({
    name: "prepare_give_feedback",
    title: "Prepare ERC-8004 feedback",
    action: "prepareGiveFeedback",
    description:
      "Prepares feedback on an ERC-8004 agent: giveFeedback(agent_id, value, decimals, tag1, tag2, endpoint, feedback_uri, feedback_hash) on the Reputation registry (a NewFeedback event). Refused (self-feedback) when `from` owns or operates the agent. With `proof_of_payment` (an x402 payment: from_address, to_address, chain_id, tx_hash) a feedback file holding it is kept on chain as a data: URI and hashed.",
    input: {
      agent_id: agentId,
      value: z
        .string()
        .max(41)
        .regex(/^-?(0|[1-9][0-9]*)$/, "must be a signed integer as a decimal string")
        .describe(
          'The value in units of 10^-decimals, a signed decimal integer string ("9050" with decimals 2 is 90.50).',
        ),
      decimals: z.number().int().min(0).max(18).optional().describe("0…18 (default 0)."),
      tag1: tag.optional(),
      tag2: tag.optional(),
      endpoint: z.string().max(10_000).optional().describe("The agent endpoint the feedback is about."),
      feedback_uri: z
        .string()
        .max(10_000)
        .optional()
        .describe("Where a feedback file is (not with proof_of_payment)."),
      feedback_hash: hex("keccak256 of the feedback file at feedback_uri (32 bytes).", 66).optional(),
      proof_of_payment: z
        .strictObject({
          from_address: address("Who paid."),
          to_address: address("Whom."),
          chain_id: uint("On which chain."),
          tx_hash: hex("The payment's transaction hash.", 66),
        })
        .optional(),
    },
    prepare: ({ core, sdk }, sender, args, options) =>
      core.prepareGiveFeedback(sdk, {
        from: sender,
        agentId: args.agent_id,
        value: args.value,
        ...(args.decimals === undefined ? {} : { decimals: args.decimals }),
        ...(args.tag1 === undefined ? {} : { tag1: args.tag1 }),
        ...(args.tag2 === undefined ? {} : { tag2: args.tag2 }),
        ...(args.endpoint === undefined ? {} : { endpoint: args.endpoint }),
        ...(args.feedback_uri === undefined ? {} : { feedbackUri: args.feedback_uri }),
        ...(args.feedback_hash === undefined ? {} : { feedbackHash: args.feedback_hash }),
        ...(args.proof_of_payment === undefined
          ? {}
          : {
              proofOfPayment: {
                fromAddress: args.proof_of_payment.from_address,
                toAddress: args.proof_of_payment.to_address,
                chainId: args.proof_of_payment.chain_id,
                txHash: args.proof_of_payment.tx_hash,
              },
            }),
        ...options,
      } as never),
  }),
];
