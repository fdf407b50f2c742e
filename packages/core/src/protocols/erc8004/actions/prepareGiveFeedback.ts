import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData, type Hex, zeroHash } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../../fees/flowFee.js";
import type { PreparedStep, SerializedPreparedFlow } from "../../../flow/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { blockTimestampRead, type ReadBatchErrorType } from "../../../rpc/readBatch.js";
import { toRpcError } from "../../../rpc/toRpcError.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseBoundedInteger } from "../../../validation/parseBoundedInteger.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { erc8004ReputationRegistryAbi } from "../abis.js";
import { ERC8004_ADDRESSES, ERC8004_REPUTATION_LABEL } from "../addresses.js";
import { parseAgentId, parseFeedbackValue, parseRegistryText } from "../agentInputs.js";
import { identityRead } from "../agentReads.js";
import { authorizationRefusal } from "../authorization.js";
import type { Erc8004RefusedError } from "../errors.js";
import { feedbackFile, type ProofOfPayment, parseProofOfPayment } from "../feedbackFile.js";
import { prepareRegistryFlow } from "../registryFlow.js";
import { signedAmount } from "./getAgentReputation.js";

/**
 * Parameters of {@link prepareGiveFeedback}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareGiveFeedbackParameters } from "@preflow/core";
 * const parameters: PrepareGiveFeedbackParameters = { from, agentId: 7n, value: 9050n, decimals: 2, tag1: "starred" };
 * ```
 */
export interface PrepareGiveFeedbackParameters extends FeeCurrencyOption, ActionOptions {
  /** The reviewer who signs: not the agent's owner nor an operator of it. */
  from: string;
  agentId: bigint | number | string;
  /** The feedback's value in units of 10^-`decimals`: a signed integer, at most 1e38 in absolute value. */
  value: bigint | number | string;
  /** 0 to 18 (default 0). */
  decimals?: number;
  tag1?: string;
  tag2?: string;
  /** The agent endpoint the feedback is about. */
  endpoint?: string;
  /** Where the feedback file is; with `feedbackHash`, the keccak256 of its content (optional for IPFS). */
  feedbackUri?: string;
  feedbackHash?: Hex;
  /**
   * The x402 payment the feedback is about: a feedback file holding it is built (`createdAt` the block's time)
   * and kept on chain as a `data:` URI, its keccak256 the `feedbackHash`. Not with `feedbackUri`.
   */
  proofOfPayment?: ProofOfPayment;
}

/**
 * The return type of {@link prepareGiveFeedback}: one step, the Reputation registry's `giveFeedback(...)`, with
 * intent `{ kind: "agentFeedback", ... }`.
 *
 * @example
 * ```ts
 * import type { PrepareGiveFeedbackReturnType } from "@preflow/core";
 * const flow: PrepareGiveFeedbackReturnType = await prepareGiveFeedback(client, { from, agentId: 7n, value: 90n });
 * ```
 */
export type PrepareGiveFeedbackReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareGiveFeedback} throws: bad input before any request; {@link Erc8004RefusedError}
 * (`no-such-agent`, `self-feedback`); the read's and the fee's.
 *
 * @example
 * ```ts
 * import type { PrepareGiveFeedbackErrorType } from "@preflow/core";
 * ```
 */
export type PrepareGiveFeedbackErrorType =
  | InvalidArgumentError
  | import("../../../errors/address.js").InvalidAddressError
  | Erc8004RefusedError
  | ReadBatchErrorType
  | FeeErrorType;

/**
 * Prepares feedback on an ERC-8004 agent: the Reputation registry's `giveFeedback(agentId, value, valueDecimals,
 * tag1, tag2, endpoint, feedbackURI, feedbackHash)`, which emits `NewFeedback`. Refused with
 * {@link Erc8004RefusedError} before anything is built when no agent has the id or the signer owns or operates
 * it (the registry refuses self-feedback). Not tracked by telemetry.
 *
 * HTTP requests: 1 (`isAuthorizedOrOwner`, the block's number and time and the fee plan's reads in one batch).
 *
 * @throws {@link PrepareGiveFeedbackErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, prepareGiveFeedback } from "@preflow/core";
 *
 * const flow = await prepareGiveFeedback(createSdkBaseClient(), {
 *   from,
 *   agentId: 7n,
 *   value: 95n,
 *   tag1: "starred",
 *   proofOfPayment: { fromAddress: from, toAddress: payTo, chainId: "42220", txHash: settlement.transaction },
 * });
 * ```
 */
export async function prepareGiveFeedback(
  client: SdkBaseClient,
  parameters: PrepareGiveFeedbackParameters,
): Promise<PrepareGiveFeedbackReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    "agentId",
    "value",
    "decimals",
    "tag1",
    "tag2",
    "endpoint",
    "feedbackUri",
    "feedbackHash",
    "proofOfPayment",
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
  const agentId = parseAgentId(raw.agentId);
  const value = parseFeedbackValue(raw.value);
  const decimals =
    raw.decimals === undefined ? 0 : parseBoundedInteger(raw.decimals, "decimals", 0, 18, "decimals");
  const text = (key: "tag1" | "tag2" | "endpoint" | "feedbackUri") =>
    raw[key] === undefined ? "" : parseRegistryText(raw[key], key);
  const [tag1, tag2, endpoint, givenUri] = [
    text("tag1"),
    text("tag2"),
    text("endpoint"),
    text("feedbackUri"),
  ];
  if (
    raw.feedbackHash !== undefined &&
    (typeof raw.feedbackHash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(raw.feedbackHash))
  )
    throw new InvalidArgumentError({
      field: "feedbackHash",
      value: raw.feedbackHash,
      rule: "must be 32 bytes (0x + 64 hex)",
    });
  const proof =
    raw.proofOfPayment === undefined ? undefined : parseProofOfPayment(raw.proofOfPayment, "proofOfPayment");
  if (proof && (givenUri !== "" || raw.feedbackHash !== undefined))
    throw new InvalidArgumentError({
      field: "proofOfPayment",
      value: "(given with feedbackUri or feedbackHash)",
      rule: "not with `feedbackUri`/`feedbackHash`: the proof goes in the feedback file, which is built from it here",
    });
  const signal = parseSignal(raw.signal);
  const step = (feedbackUri: string, feedbackHash: Hex): PreparedStep => {
    const args = [agentId, value, decimals, tag1, tag2, endpoint, feedbackUri, feedbackHash] as const;
    return {
      kind: "contract",
      to: ERC8004_ADDRESSES.reputationRegistry,
      data: encodeFunctionData({ abi: erc8004ReputationRegistryAbi, functionName: "giveFeedback", args }),
      value: "0",
      description: `Give ERC-8004 agent ${agentId} feedback ${signedAmount(value, decimals)}${tag1 ? ` (${tag1})` : ""}`,
      call: {
        contract: ERC8004_REPUTATION_LABEL,
        functionName: "giveFeedback",
        args: [
          agentId.toString(),
          value.toString(),
          decimals,
          tag1,
          tag2,
          endpoint,
          feedbackUri,
          feedbackHash,
        ],
      },
    };
  };
  const givenHash = (raw.feedbackHash as Hex | undefined)?.toLowerCase() as Hex | undefined;
  return prepareRegistryFlow(client, {
    from,
    feeCurrency: raw.feeCurrency,
    signal,
    reads: [identityRead("isAuthorizedOrOwner", [from, agentId]), blockTimestampRead()],
    step: step(givenUri, givenHash ?? zeroHash),
    settle: ([authorized, now]) => {
      const refusal = authorizationRefusal("feedback", agentId, from, authorized, "stranger");
      if (refusal) throw refusal;
      let uri = givenUri;
      let hash = givenHash ?? zeroHash;
      if (proof) {
        if (typeof now?.value !== "bigint")
          throw toRpcError(new Error("Multicall3.getCurrentBlockTimestamp answered no value"), {
            rpcUrl: client.rpc.rpcUrl,
            method: "eth_call",
          });
        ({ uri, hash } = feedbackFile({
          agentId,
          client: from,
          createdAt: now.value,
          value,
          decimals,
          tag1,
          tag2,
          endpoint,
          proofOfPayment: proof,
        }));
      }
      const final = step(uri, hash);
      return {
        step: final,
        summary: final.description,
        intent: {
          kind: "agentFeedback",
          agentId: agentId.toString(),
          value: value.toString(),
          decimals: decimals.toString(),
          tag1,
          tag2,
          endpoint,
          feedbackUri: uri,
          feedbackHash: hash,
        },
      };
    },
  });
}
