import { InvalidArgumentError, rejectUnknownKeys } from "@preflow/errors";
import { type Address, type Hex, zeroAddress } from "viem";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../../rpc/readBatch.js";
import { toRpcError } from "../../../rpc/toRpcError.js";
import { parseSignal } from "../../../validation/parseSignal.js";
import { parseAgentId, parseRegistryText } from "../agentInputs.js";
import { identityRead } from "../agentReads.js";
import { type AgentRegistrationFile, parseRegistrationDataUri } from "../registrationFile.js";

/**
 * Parameters of {@link getAgent}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetAgentParameters } from "@preflow/core";
 * const parameters: GetAgentParameters = { agentId: 7n, metadataKeys: ["x402.price"] };
 * ```
 */
export interface GetAgentParameters extends ActionOptions {
  /** The agent's id in the Identity registry (bigint, safe integer or decimal string). */
  agentId: bigint | number | string;
  /** Metadata keys to read too (`getMetadata`), at most 32. */
  metadataKeys?: readonly string[];
}

/**
 * The return type of {@link getAgent}: the agent as the Identity registry holds it, or `null` when no agent has
 * that id.
 *
 * @example
 * ```ts
 * import type { GetAgentReturnType } from "@preflow/core";
 * const agent: GetAgentReturnType = await getAgent(client, { agentId: 7n });
 * ```
 */
export type GetAgentReturnType = {
  agentId: string;
  /** The agent's owner (the ERC-721 holder). */
  owner: Address;
  /** Its URI (`tokenURI`): the address of its registration file, or the file itself as a `data:` URI. */
  uri: string;
  /** Its agent wallet (where it is paid), `null` when unset (cleared by a transfer). */
  wallet: Address | null;
  /** The metadata asked for, by key (`0x` when unset). */
  metadata: Record<string, Hex>;
  /**
   * Its registration file when the URI is a `data:` URI and the file is valid; `null` otherwise (see
   * `registrationFileError`; an `https://`/`ipfs://` file is fetched by the caller and given to
   * `validateRegistrationFile`).
   */
  registrationFile: AgentRegistrationFile | null;
  /** Why a `data:` URI's file is not valid (the rule it breaks), else `null`. */
  registrationFileError: string | null;
  /** The block read at, decimal string. */
  blockNumber: string;
} | null;

/**
 * The errors {@link getAgent} throws: bad input before any request, and the read's.
 *
 * @example
 * ```ts
 * import type { GetAgentErrorType } from "@preflow/core";
 * ```
 */
export type GetAgentErrorType = ReadBatchErrorType | InvalidArgumentError;

const MAX_METADATA_KEYS = 32;

/**
 * Reads an ERC-8004 agent from the Identity registry on Celo: owner, URI, agent wallet, the metadata keys asked
 * for, and its registration file when the URI holds it (`data:application/json`), parsed and validated. `null`
 * when no agent has the id. A tracked read (`erc8004.getAgent`, by owner).
 *
 * HTTP requests: 1 (`ownerOf`, `tokenURI`, `getAgentWallet`, each `getMetadata` and the block number in one
 * Multicall3 call).
 *
 * @throws {@link GetAgentErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getAgent } from "@preflow/core";
 *
 * const agent = await getAgent(createSdkBaseClient(), { agentId: 7n });
 * agent?.registrationFile?.services.find((s) => s.name === "MCP")?.endpoint;
 * ```
 */
export async function getAgent(
  client: SdkBaseClient,
  parameters: GetAgentParameters,
): Promise<GetAgentReturnType> {
  const raw = rejectUnknownKeys(parameters, "parameters", ["agentId", "metadataKeys", "signal"]);
  const agentId = parseAgentId(raw.agentId);
  const keys = raw.metadataKeys ?? [];
  if (!Array.isArray(keys) || keys.length > MAX_METADATA_KEYS)
    throw new InvalidArgumentError({
      field: "metadataKeys",
      value: keys,
      rule: `must be an array of at most ${MAX_METADATA_KEYS} keys`,
    });
  const metadataKeys = keys.map((key, index) =>
    parseRegistryText(key, `metadataKeys[${index}]`, { nonEmpty: true }),
  );
  const signal = parseSignal(raw.signal);
  return client.track("erc8004.getAgent", undefined, async () => {
    const answer = await readBatch(client, {
      reads: [
        identityRead("ownerOf", [agentId]),
        identityRead("tokenURI", [agentId]),
        identityRead("getAgentWallet", [agentId]),
        ...metadataKeys.map((key) => identityRead("getMetadata", [agentId, key])),
      ],
      blockNumber: true,
      signal,
    });
    const [owner, uri, wallet, ...metadata] = answer.reads;
    // ownerOf reverts (ERC721NonexistentToken) for an id no agent has
    if (!owner?.success) return null;
    const values = [owner.value, uri?.value, wallet?.value, ...metadata.map((entry) => entry.value)];
    if (values.some((value) => typeof value !== "string"))
      throw toRpcError(new Error(`ERC-8004 Identity registry read of agent ${agentId} answered no value`), {
        rpcUrl: client.rpc.rpcUrl,
        method: "eth_call",
      });
    const agentUri = uri?.value as string;
    let registrationFile: AgentRegistrationFile | null = null;
    let registrationFileError: string | null = null;
    try {
      registrationFile = parseRegistrationDataUri(agentUri, "agentURI") ?? null;
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      registrationFileError = `${error.details.field}: ${error.details.rule}`;
    }
    const walletAddress = wallet?.value as Address;
    return {
      agentId: agentId.toString(),
      owner: owner.value as Address,
      uri: agentUri,
      wallet: walletAddress.toLowerCase() === zeroAddress ? null : walletAddress,
      metadata: Object.fromEntries(metadataKeys.map((key, index) => [key, metadata[index]?.value as Hex])),
      registrationFile,
      registrationFileError,
      blockNumber: (answer.blockNumber as bigint).toString(),
    };
  });
}
