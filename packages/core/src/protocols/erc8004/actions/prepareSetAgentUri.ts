import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { encodeFunctionData } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { FeeCurrencyOption, FeeErrorType } from "../../../fees/flowFee.js";
import type { SerializedPreparedFlow } from "../../../flow/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../../rpc/readBatch.js";
import { parseAddress } from "../../../validation/parseAddress.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { erc8004IdentityRegistryAbi } from "../abis.js";
import { ERC8004_ADDRESSES, ERC8004_IDENTITY_LABEL } from "../addresses.js";
import { parseAgentId, parseRegistryText } from "../agentInputs.js";
import { identityRead } from "../agentReads.js";
import { authorizationRefusal } from "../authorization.js";
import type { Erc8004RefusedError } from "../errors.js";
import {
  type AgentRegistrationFile,
  registrationFileToDataUri,
  validateRegistrationFile,
} from "../registrationFile.js";
import { prepareRegistryFlow } from "../registryFlow.js";

/**
 * Parameters of {@link prepareSetAgentUri}: the signer (the agent's owner or an operator), the agent, and either
 * its new `registration` file (kept on chain as a `data:` URI) or the new `uri`. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentUriParameters } from "@preflow/core";
 * const parameters: PrepareSetAgentUriParameters = { from, agentId: 7n, uri: "ipfs://bafy…/agent.json" };
 * ```
 */
export type PrepareSetAgentUriParameters = FeeCurrencyOption &
  ActionOptions & { from: string; agentId: bigint | number | string } & (
    | { registration: AgentRegistrationFile; uri?: never }
    | { uri: string; registration?: never }
  );

/**
 * The return type of {@link prepareSetAgentUri}: one step, `setAgentURI(agentId, newURI)`, with intent
 * `{ kind: "agentSetUri", agentId, uri }`.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentUriReturnType } from "@preflow/core";
 * const flow: PrepareSetAgentUriReturnType = await prepareSetAgentUri(client, { from, agentId: 7n, uri });
 * ```
 */
export type PrepareSetAgentUriReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareSetAgentUri} throws: bad input before any request; {@link Erc8004RefusedError}
 * (`no-such-agent`, `not-authorized`); the read's and the fee's.
 *
 * @example
 * ```ts
 * import type { PrepareSetAgentUriErrorType } from "@preflow/core";
 * ```
 */
export type PrepareSetAgentUriErrorType =
  | InvalidArgumentError
  | import("../../../errors/address.js").InvalidAddressError
  | Erc8004RefusedError
  | ReadBatchErrorType
  | FeeErrorType;

/**
 * Prepares a change of an ERC-8004 agent's URI (its registration file): the Identity registry's
 * `setAgentURI(agentId, newURI)`. Refused with {@link Erc8004RefusedError} before anything is built when no
 * agent has the id or the signer is neither its owner nor an operator. Not tracked by telemetry.
 *
 * HTTP requests: 1 (`isAuthorizedOrOwner`, the block number and the fee plan's reads in one batch).
 *
 * @throws {@link PrepareSetAgentUriErrorType}
 *
 * @example
 * ```ts
 * import { buildRegistrationFile, createSdkBaseClient, prepareSetAgentUri } from "@preflow/core";
 *
 * const registration = buildRegistrationFile({ name: "Quoter", description: "Quotes Celo swaps", agentId: 7n });
 * const flow = await prepareSetAgentUri(createSdkBaseClient(), { from, agentId: 7n, registration });
 * ```
 */
export async function prepareSetAgentUri(
  client: SdkBaseClient,
  parameters: PrepareSetAgentUriParameters,
): Promise<PrepareSetAgentUriReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    "agentId",
    "registration",
    "uri",
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
  const agentId = parseAgentId(raw.agentId);
  if ((raw.registration === undefined) === (raw.uri === undefined))
    throw new InvalidArgumentError({
      field: "registration",
      value: raw.registration,
      rule: "give exactly one of `registration` (a registration file) and `uri`",
    });
  const uri =
    raw.uri === undefined
      ? registrationFileToDataUri(validateRegistrationFile(raw.registration, "registration"))
      : parseRegistryText(raw.uri, "uri", { nonEmpty: true });
  const signal = parseSignal(raw.signal);
  const description = `Set ERC-8004 agent ${agentId}'s URI`;
  return prepareRegistryFlow(client, {
    from,
    feeCurrency: raw.feeCurrency,
    signal,
    reads: [identityRead("isAuthorizedOrOwner", [from, agentId])],
    step: {
      kind: "contract",
      to: ERC8004_ADDRESSES.identityRegistry,
      data: encodeFunctionData({
        abi: erc8004IdentityRegistryAbi,
        functionName: "setAgentURI",
        args: [agentId, uri],
      }),
      value: "0",
      description,
      call: {
        contract: ERC8004_IDENTITY_LABEL,
        functionName: "setAgentURI",
        args: [agentId.toString(), uri],
      },
    },
    settle: ([authorized]) => {
      const refusal = authorizationRefusal("agent URI change", agentId, from, authorized, "owner");
      if (refusal) throw refusal;
      return { summary: description, intent: { kind: "agentSetUri", agentId: agentId.toString(), uri } };
    },
  });
}
