// What both reads of the Reputation registry (getAgentReputation, readAgentFeedback) take and do: an agent, the
// reviewers whose feedback counts and the tags, checked before any request; then one tracked read of the
// registry with the block number, whose answer must be the function's tuple.
import type { InvalidArgumentError } from "@preflow/errors";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { parseAgentId, parseRegistryText } from "./agentInputs.js";
import { reputationRead } from "./agentReads.js";
import { parseReviewers } from "./reviewers.js";

/** An agent's feedback as a reputation read selects it: by reviewers and tags (`""`: any). @internal */
export interface ReputationQuery {
  agentId: bigint;
  reviewers: Address[];
  tag1: string;
  tag2: string;
}

/** What a reputation read throws: bad input before any request, and the read's. @internal */
export type ReputationReadErrorType = ReadBatchErrorType | InvalidArgumentError | InvalidAddressError;

/**
 * The query of a reputation read from its parameters, checked in this order: `agentId`, `reviewers` (1 to 100
 * addresses; 0 to 100 with `reviewersOptional`, absent meaning none), `tag1`, `tag2` (absent: `""`). @internal
 */
export function parseReputationQuery(
  raw: { agentId?: unknown; reviewers?: unknown; tag1?: unknown; tag2?: unknown },
  options: { reviewersOptional?: boolean } = {},
): ReputationQuery {
  const agentId = parseAgentId(raw.agentId);
  const reviewers = options.reviewersOptional
    ? parseReviewers(raw.reviewers ?? [], "reviewers", { optional: true })
    : parseReviewers(raw.reviewers, "reviewers");
  const tag1 = raw.tag1 === undefined ? "" : parseRegistryText(raw.tag1, "tag1");
  const tag2 = raw.tag2 === undefined ? "" : parseRegistryText(raw.tag2, "tag2");
  return { agentId, reviewers, tag1, tag2 };
}

/**
 * One read of the Reputation registry, tracked as `erc8004.<action>`: `functionName(args)` and the block number
 * in one Multicall3 call (1 HTTP request). Its value must be a tuple of `fields` entries, else an RPC error
 * saying the registry answered no value for the agent. @internal
 */
export async function readReputation(
  client: SdkBaseClient,
  read: {
    action: string;
    functionName: "getSummary" | "readAllFeedback";
    agentId: bigint;
    args: readonly unknown[];
    fields: number;
    signal: AbortSignal | undefined;
  },
): Promise<{ value: readonly unknown[]; blockNumber: string }> {
  return client.track(`erc8004.${read.action}`, undefined, async () => {
    const answer = await readBatch(client, {
      reads: [reputationRead(read.functionName, read.args)],
      blockNumber: true,
      signal: read.signal,
    });
    const value = answer.reads[0]?.value;
    if (!Array.isArray(value) || value.length !== read.fields)
      throw toRpcError(
        new Error(
          `ERC-8004 Reputation registry ${read.functionName} of agent ${read.agentId} answered no value`,
        ),
        { rpcUrl: client.rpc.rpcUrl, method: "eth_call" },
      );
    return { value, blockNumber: (answer.blockNumber as bigint).toString() };
  });
}
