import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { parseReputationQuery, type ReputationReadErrorType, readReputation } from "../reputationQuery.js";
import { signedAmount } from "./getAgentReputation.js";

/**
 * Parameters of {@link readAgentFeedback}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { ReadAgentFeedbackParameters } from "@preflow/core";
 * const parameters: ReadAgentFeedbackParameters = { agentId: 7n, reviewers: [], includeRevoked: true };
 * ```
 */
export interface ReadAgentFeedbackParameters extends ActionOptions {
  agentId: bigint | number | string;
  /** Whose feedback (0 to 100 addresses); empty or absent: every reviewer the registry lists for the agent. */
  reviewers?: readonly string[];
  tag1?: string;
  tag2?: string;
  /** Include revoked feedback (default `false`). */
  includeRevoked?: boolean;
}

/**
 * One feedback entry as the Reputation registry stores it.
 *
 * @example
 * ```ts
 * import type { AgentFeedbackEntry } from "@preflow/core";
 * const entry: AgentFeedbackEntry = { reviewer: "0x…", index: "1", value: "9050", decimals: 2, amount: "90.5", tag1: "starred", tag2: "", revoked: false };
 * ```
 */
export interface AgentFeedbackEntry {
  reviewer: Address;
  /** The reviewer's feedback index for this agent (from 1), decimal string. */
  index: string;
  value: string;
  decimals: number;
  /** `value` as a decimal number. */
  amount: string;
  tag1: string;
  tag2: string;
  revoked: boolean;
}

/**
 * The return type of {@link readAgentFeedback}.
 *
 * @example
 * ```ts
 * import type { ReadAgentFeedbackReturnType } from "@preflow/core";
 * const { feedback }: ReadAgentFeedbackReturnType = await readAgentFeedback(client, { agentId: 7n });
 * ```
 */
export interface ReadAgentFeedbackReturnType {
  agentId: string;
  feedback: AgentFeedbackEntry[];
  blockNumber: string;
}

/**
 * The errors {@link readAgentFeedback} throws: bad input before any request, and the read's.
 *
 * @example
 * ```ts
 * import type { ReadAgentFeedbackErrorType } from "@preflow/core";
 * ```
 */
export type ReadAgentFeedbackErrorType = ReputationReadErrorType;

/**
 * Reads an ERC-8004 agent's feedback entries (the Reputation registry's `readAllFeedback`), optionally only from
 * `reviewers`, with tags, revoked ones included on request. A tracked read (`erc8004.readAgentFeedback`).
 *
 * HTTP requests: 1 (`readAllFeedback` and the block number in one Multicall3 call).
 *
 * @throws {@link ReadAgentFeedbackErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readAgentFeedback } from "@preflow/core";
 *
 * const { feedback } = await readAgentFeedback(createSdkBaseClient(), { agentId: 7n, reviewers: trusted });
 * for (const entry of feedback) console.log(entry.reviewer, entry.amount, entry.tag1);
 * ```
 */
export async function readAgentFeedback(
  client: SdkBaseClient,
  parameters: ReadAgentFeedbackParameters,
): Promise<ReadAgentFeedbackReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "agentId",
    "reviewers",
    "tag1",
    "tag2",
    "includeRevoked",
    "signal",
  ]);
  const { agentId, reviewers, tag1, tag2 } = parseReputationQuery(raw, { reviewersOptional: true });
  if (raw.includeRevoked !== undefined && typeof raw.includeRevoked !== "boolean")
    throw new InvalidArgumentError({
      field: "includeRevoked",
      value: raw.includeRevoked,
      rule: "must be true or false",
    });
  const includeRevoked = raw.includeRevoked === true;
  const signal = parseSignal(raw.signal);
  const { value: all, blockNumber } = await readReputation(client, {
    action: "readAgentFeedback",
    functionName: "readAllFeedback",
    agentId,
    args: [agentId, reviewers, tag1, tag2, includeRevoked],
    fields: 7,
    signal,
  });
  const [clients, indexes, values, decimals, tag1s, tag2s, revoked] = all as [
    Address[],
    bigint[],
    bigint[],
    number[],
    string[],
    string[],
    boolean[],
  ];
  const feedback = clients.map((reviewer, i) => ({
    reviewer,
    index: (indexes[i] ?? 0n).toString(),
    value: (values[i] ?? 0n).toString(),
    decimals: decimals[i] ?? 0,
    amount: signedAmount(values[i] ?? 0n, Math.min(decimals[i] ?? 0, 18)),
    tag1: tag1s[i] ?? "",
    tag2: tag2s[i] ?? "",
    revoked: revoked[i] ?? false,
  }));
  return { agentId: agentId.toString(), feedback, blockNumber };
}
