import { defineProtocol } from "../definition.js";
import { erc8004IdentityRegistryAbi, erc8004ReputationRegistryAbi } from "./abis.js";
import { ERC8004_ADDRESSES, ERC8004_IDENTITY_LABEL, ERC8004_REPUTATION_LABEL } from "./addresses.js";
import { decodeErc8004Call } from "./decoder.js";
import { ERC8004_ERROR_CODES, type Erc8004ErrorCode, erc8004RevertErrors } from "./errors.js";
import { type Erc8004Intent, erc8004Intents } from "./intents.js";

/**
 * ERC-8004 (Trustless Agents) v2.0.0 on chain 42220: the Identity registry (read back: `register`,
 * `setAgentURI`, `setAgentWallet`) and the Reputation registry (`giveFeedback`); the intents `agentRegister`,
 * `agentSetUri`, `agentSetWallet`, `agentFeedback`; their revert strings explained; the spending policy's decoder of
 * the registries' calls.
 *
 * @example
 * ```ts
 * import { erc8004Protocol } from "@preflow/core";
 * Object.keys(erc8004Protocol.intents ?? {}); // ["agentRegister", "agentSetUri", "agentSetWallet", "agentFeedback"]
 * ```
 */
export const erc8004Protocol = /* @__PURE__ */ defineProtocol<Erc8004Intent, Erc8004ErrorCode>({
  id: "erc8004",
  label: "ERC-8004",
  contracts: [
    {
      address: ERC8004_ADDRESSES.identityRegistry,
      label: ERC8004_IDENTITY_LABEL,
      abi: erc8004IdentityRegistryAbi,
    },
    {
      address: ERC8004_ADDRESSES.reputationRegistry,
      label: ERC8004_REPUTATION_LABEL,
      abi: erc8004ReputationRegistryAbi,
    },
  ],
  intents: erc8004Intents,
  errors: erc8004RevertErrors,
  decoders: [decodeErc8004Call],
  errorCodes: ERC8004_ERROR_CODES,
});
