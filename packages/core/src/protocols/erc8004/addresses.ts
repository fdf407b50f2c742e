import type { Address } from "viem";

/**
 * ERC-8004 (Trustless Agents) v2.0.0's registries on Celo (erc-8004/erc-8004-contracts `scripts/addresses.ts`),
 * and Self's Agent ID registry, the ERC-8004-style registry of Self-verified agents that a registration file may
 * link to.
 *
 * @example
 * ```ts
 * import { ERC8004_ADDRESSES } from "@preflow/core";
 * ERC8004_ADDRESSES.identityRegistry; // "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432"
 * ```
 */
export const ERC8004_ADDRESSES = Object.freeze({
  identityRegistry: "0x8004A169FB4a3325136EB29fA0ceB6D2e539a432",
  reputationRegistry: "0x8004BAa17C55a88189AE136b182e5fdA19dE9b63",
  validationRegistry: "0x8004Cc8439f36fd5F9F049D9fF86523Df6dAAB58",
  selfAgentRegistry: "0xaC3DF9ABf80d0F5c020C06B04Cced27763355944",
} as const satisfies Record<string, Address>);

/** The Identity registry's label in previews and `call.contract`. @internal */
export const ERC8004_IDENTITY_LABEL = "ERC-8004 Identity registry";
/** The Reputation registry's label. @internal */
export const ERC8004_REPUTATION_LABEL = "ERC-8004 Reputation registry";

/**
 * The CAIP-10 id of the Identity registry on Celo, the `agentRegistry` of a registration file's entry:
 * `eip155:42220:0x8004A169FB4a3325136EB29fA0ceB6D2e539a432`.
 *
 * @example
 * ```ts
 * import { ERC8004_AGENT_REGISTRY } from "@preflow/core";
 * const registration = { agentId: 7, agentRegistry: ERC8004_AGENT_REGISTRY };
 * ```
 */
export const ERC8004_AGENT_REGISTRY = `eip155:42220:${ERC8004_ADDRESSES.identityRegistry}` as const;

/** The EIP-712 domain of `setAgentWallet`'s signature: the Identity registry's, on Celo. @internal */
export const AGENT_WALLET_DOMAIN = Object.freeze({
  name: "ERC8004IdentityRegistry",
  version: "1",
  chainId: 42220,
  verifyingContract: ERC8004_ADDRESSES.identityRegistry,
} as const);

/** The registry's rule: a wallet signature's deadline is at most 5 minutes after the block's time. @internal */
export const MAX_AGENT_WALLET_DEADLINE_DELAY = 300n;
