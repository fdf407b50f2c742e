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
import { parseRegistryText } from "../agentInputs.js";
import {
  type AgentRegistrationFile,
  registrationFileToDataUri,
  validateRegistrationFile,
} from "../registrationFile.js";
import { prepareRegistryFlow } from "../registryFlow.js";

/**
 * Parameters of {@link prepareRegisterAgent}: the signer, and either the agent's `registration` file (kept on
 * chain as a `data:application/json;base64` URI) or the `uri` where the file is. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { PrepareRegisterAgentParameters } from "@preflow/core";
 * const parameters: PrepareRegisterAgentParameters = { from, uri: "ipfs://bafy…/agent.json" };
 * ```
 */
export type PrepareRegisterAgentParameters = FeeCurrencyOption &
  ActionOptions & { from: string } & (
    | { registration: AgentRegistrationFile; uri?: never }
    | { uri: string; registration?: never }
  );

/**
 * The return type of {@link prepareRegisterAgent}: one step, the Identity registry's `register(agentURI)`, with
 * intent `{ kind: "agentRegister", uri }` and `preparedAt`. The agent's id is in the `Registered` event of the
 * receipt.
 *
 * @example
 * ```ts
 * import type { PrepareRegisterAgentReturnType } from "@preflow/core";
 * const flow: PrepareRegisterAgentReturnType = await prepareRegisterAgent(client, { from, uri });
 * ```
 */
export type PrepareRegisterAgentReturnType = SerializedPreparedFlow;

/**
 * The errors {@link prepareRegisterAgent} throws: bad input (an invalid registration file, both or neither of
 * `registration` and `uri`) before any request, the read's and, with `feeCurrency`, the fee's.
 *
 * @example
 * ```ts
 * import type { PrepareRegisterAgentErrorType } from "@preflow/core";
 * ```
 */
export type PrepareRegisterAgentErrorType =
  | InvalidArgumentError
  | import("../../../errors/address.js").InvalidAddressError
  | ReadBatchErrorType
  | FeeErrorType;

/**
 * Prepares the registration of a new ERC-8004 agent on Celo: the Identity registry's `register(agentURI)`, which
 * mints the agent (an ERC-721) to the signer, sets its agent wallet to the signer and emits
 * `Registered(agentId, agentURI, owner)`. Given a `registration` file, it is validated and kept on chain as a
 * `data:application/json;base64` URI; given a `uri`, the file is wherever it points. Not tracked by telemetry.
 *
 * HTTP requests: 1 (the block number, and the fee plan's reads when gas is paid in a fee currency, in one batch).
 *
 * @throws {@link PrepareRegisterAgentErrorType}
 *
 * @example
 * ```ts
 * import { buildRegistrationFile, createSdkBaseClient, prepareRegisterAgent } from "@preflow/core";
 *
 * const registration = buildRegistrationFile({ name: "Quoter", description: "Quotes Celo swaps", agentWallet: from });
 * const flow = await prepareRegisterAgent(createSdkBaseClient(), { from, registration });
 * ```
 */
export async function prepareRegisterAgent(
  client: SdkBaseClient,
  parameters: PrepareRegisterAgentParameters,
): Promise<PrepareRegisterAgentReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", [
    "from",
    "registration",
    "uri",
    "feeCurrency",
    "signal",
  ]);
  const from = parseAddress(raw.from, "from");
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
  const description = `Register an ERC-8004 agent owned by ${from}`;
  return prepareRegistryFlow(client, {
    from,
    feeCurrency: raw.feeCurrency,
    signal,
    reads: [],
    step: {
      kind: "contract",
      to: ERC8004_ADDRESSES.identityRegistry,
      data: encodeFunctionData({ abi: erc8004IdentityRegistryAbi, functionName: "register", args: [uri] }),
      value: "0",
      description,
      call: { contract: ERC8004_IDENTITY_LABEL, functionName: "register", args: [uri] },
    },
    settle: () => ({ summary: description, intent: { kind: "agentRegister", uri } }),
  });
}
