import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { parseReputationQuery, type ReputationReadErrorType, readReputation } from "../reputationQuery.js";

/**
 * Parameters of {@link getAgentReputation}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetAgentReputationParameters } from "@preflow/core";
 * const parameters: GetAgentReputationParameters = { agentId: 7n, reviewers: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"], tag1: "starred" };
 * ```
 */
export interface GetAgentReputationParameters extends ActionOptions {
  agentId: bigint | number | string;
  /**
   * The reviewers whose feedback counts (1 to 100 addresses, no repeats): the registry summarises only feedback
   * from addresses the reader names, since anyone may give feedback (Sybil reviewers included).
   */
  reviewers: readonly string[];
  /** Count only feedback with this `tag1` (default: any). */
  tag1?: string;
  /** Count only feedback with this `tag2` (default: any). */
  tag2?: string;
}

/**
 * The return type of {@link getAgentReputation}: the Reputation registry's `getSummary` over the reviewers.
 *
 * @example
 * ```ts
 * import type { GetAgentReputationReturnType } from "@preflow/core";
 * const { count, average }: GetAgentReputationReturnType = await getAgentReputation(client, { agentId: 7n, reviewers });
 * ```
 */
export interface GetAgentReputationReturnType {
  agentId: string;
  reviewers: Address[];
  tag1: string;
  tag2: string;
  /** How many feedback entries (not revoked, matching the tags) counted. */
  count: string;
  /** Their average in units of 10^-`decimals` (signed decimal string; the registry's `summaryValue`). */
  value: string;
  /** The most common decimals among them (the registry's `summaryValueDecimals`). */
  decimals: number;
  /** The average as a decimal number (`"80.25"`); `"0"` when `count` is 0. */
  average: string;
  /** The block read at, decimal string. */
  blockNumber: string;
}

/**
 * The errors {@link getAgentReputation} throws: bad input before any request, and the read's.
 *
 * @example
 * ```ts
 * import type { GetAgentReputationErrorType } from "@preflow/core";
 * ```
 */
export type GetAgentReputationErrorType = ReputationReadErrorType;

/**
 * Reads an ERC-8004 agent's reputation among reviewers the reader trusts: the Reputation registry's
 * `getSummary(agentId, reviewers, tag1, tag2)` (count of their feedback, its average at the most common
 * decimals). A tracked read (`erc8004.getAgentReputation`).
 *
 * HTTP requests: 1 (`getSummary` and the block number in one Multicall3 call).
 *
 * @throws {@link GetAgentReputationErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAgentReputation } from "@preflow/core";
 *
 * const reputation = await getAgentReputation(createSdkBaseClient(), { agentId: 7n, reviewers: trusted, tag1: "starred" });
 * console.log(`${reputation.average} over ${reputation.count} reviews`);
 * ```
 */
export async function getAgentReputation(
  client: SdkBaseClient,
  parameters: GetAgentReputationParameters,
): Promise<GetAgentReputationReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["agentId", "reviewers", "tag1", "tag2", "signal"]);
  const { agentId, reviewers, tag1, tag2 } = parseReputationQuery(raw);
  const signal = parseSignal(raw.signal);
  const { value: summary, blockNumber } = await readReputation(client, {
    action: "getAgentReputation",
    functionName: "getSummary",
    agentId,
    args: [agentId, reviewers, tag1, tag2],
    fields: 3,
    signal,
  });
  const [count, value, decimals] = summary as [bigint, bigint, number];
  return {
    agentId: agentId.toString(),
    reviewers,
    tag1,
    tag2,
    count: count.toString(),
    value: value.toString(),
    decimals,
    average: signedAmount(value, decimals),
    blockNumber,
  };
}

/** A signed integer in units of 10^-decimals as a decimal number. @internal */
export function signedAmount(value: bigint, decimals: number): string {
  return value < 0n ? `-${formatAmount(-value, decimals)}` : formatAmount(value, decimals);
}
