import { eventAbi, functionAbi, indexed, param, tuple } from "../../abi/functionAbi.js";

const agentId = param("uint256", "agentId");

/**
 * ERC-8004's Identity registry (an ERC-721 of agents) as far as preflow calls and reads it: `register`,
 * `setAgentURI`, `setAgentWallet`, the reads of an agent, `isAuthorizedOrOwner`, and the `Registered` event.
 *
 * @example
 * ```ts
 * import { decodeFunctionData } from "viem";
 * import { erc8004IdentityRegistryAbi } from "@preflow/core";
 * decodeFunctionData({ abi: erc8004IdentityRegistryAbi, data: flow.steps[0]!.data }).functionName; // "register"
 * ```
 */
export const erc8004IdentityRegistryAbi = [
  functionAbi("register", "nonpayable", [param("string", "agentURI")], [agentId]),
  functionAbi(
    "register",
    "nonpayable",
    [
      param("string", "agentURI"),
      tuple("tuple[]", "metadata", [param("string", "metadataKey"), param("bytes", "metadataValue")]),
    ],
    [agentId],
  ),
  functionAbi("setAgentURI", "nonpayable", [agentId, param("string", "newURI")], []),
  functionAbi(
    "setAgentWallet",
    "nonpayable",
    [agentId, param("address", "newWallet"), param("uint256", "deadline"), param("bytes", "signature")],
    [],
  ),
  functionAbi("ownerOf", "view", [param("uint256", "tokenId")], [param("address")]),
  functionAbi("tokenURI", "view", [param("uint256", "tokenId")], [param("string")]),
  functionAbi("getAgentWallet", "view", [agentId], [param("address")]),
  functionAbi("getMetadata", "view", [agentId, param("string", "metadataKey")], [param("bytes")]),
  functionAbi("isAuthorizedOrOwner", "view", [param("address", "spender"), agentId], [param("bool")]),
  eventAbi("Registered", [
    indexed("uint256", "agentId"),
    param("string", "agentURI"),
    indexed("address", "owner"),
  ]),
] as const;

/**
 * ERC-8004's Reputation registry as far as preflow calls and reads it: `giveFeedback`, `getSummary`,
 * `readAllFeedback`, and the `NewFeedback` event.
 *
 * @example
 * ```ts
 * import { erc8004ReputationRegistryAbi } from "@preflow/core";
 * erc8004ReputationRegistryAbi[0].name; // "giveFeedback"
 * ```
 */
export const erc8004ReputationRegistryAbi = [
  functionAbi(
    "giveFeedback",
    "nonpayable",
    [
      agentId,
      param("int128", "value"),
      param("uint8", "valueDecimals"),
      param("string", "tag1"),
      param("string", "tag2"),
      param("string", "endpoint"),
      param("string", "feedbackURI"),
      param("bytes32", "feedbackHash"),
    ],
    [],
  ),
  functionAbi(
    "getSummary",
    "view",
    [agentId, param("address[]", "clientAddresses"), param("string", "tag1"), param("string", "tag2")],
    [param("uint64", "count"), param("int128", "summaryValue"), param("uint8", "summaryValueDecimals")],
  ),
  functionAbi(
    "readAllFeedback",
    "view",
    [
      agentId,
      param("address[]", "clientAddresses"),
      param("string", "tag1"),
      param("string", "tag2"),
      param("bool", "includeRevoked"),
    ],
    [
      param("address[]", "clients"),
      param("uint64[]", "feedbackIndexes"),
      param("int128[]", "values"),
      param("uint8[]", "valueDecimals"),
      param("string[]", "tag1s"),
      param("string[]", "tag2s"),
      param("bool[]", "revokedStatuses"),
    ],
  ),
  eventAbi("NewFeedback", [
    indexed("uint256", "agentId"),
    indexed("address", "clientAddress"),
    param("uint64", "feedbackIndex"),
    param("int128", "value"),
    param("uint8", "valueDecimals"),
    indexed("string", "indexedTag1"),
    param("string", "tag1"),
    param("string", "tag2"),
    param("string", "endpoint"),
    param("string", "feedbackURI"),
    param("bytes32", "feedbackHash"),
  ]),
] as const;

/** ERC-1271's `isValidSignature`, what the registry asks a contract wallet. @internal */
export const erc1271Abi = [
  functionAbi(
    "isValidSignature",
    "view",
    [param("bytes32", "hash"), param("bytes", "signature")],
    [param("bytes4")],
  ),
] as const;
