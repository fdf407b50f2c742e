import { type Address, getAddress, type Hex } from "viem";
import { AGENT_WALLET_DOMAIN } from "./addresses.js";

/**
 * The EIP-712 typed data the new agent wallet signs for `setAgentWallet`: `AgentWalletSet(uint256 agentId,address
 * newWallet,address owner,uint256 deadline)` in the Identity registry's domain (`"ERC8004IdentityRegistry"`, `"1"`,
 * chain 42220, the registry). Sign it with any wallet (`account.signTypedData(typedData)`); the deadline is at most
 * 5 minutes after the block's time when the transaction lands.
 *
 * @example
 * ```ts
 * import { agentWalletTypedData } from "@preflow/core";
 * const signature = await wallet.signTypedData(agentWalletTypedData({ agentId: 7n, wallet: wallet.address, owner, deadline }));
 * ```
 */
export function agentWalletTypedData(input: {
  agentId: bigint;
  wallet: Address;
  owner: Address;
  deadline: bigint;
}) {
  return {
    domain: AGENT_WALLET_DOMAIN,
    types: {
      AgentWalletSet: [
        { name: "agentId", type: "uint256" },
        { name: "newWallet", type: "address" },
        { name: "owner", type: "address" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "AgentWalletSet",
    message: {
      agentId: input.agentId,
      newWallet: getAddress(input.wallet),
      owner: getAddress(input.owner),
      deadline: input.deadline,
    },
  } as const;
}

/**
 * What signs the typed data when {@link prepareSetAgentWallet} picks the deadline: the new wallet's
 * `signTypedData` (a viem account's, a wallet client's bound to it...).
 *
 * @example
 * ```ts
 * import type { AgentWalletSigner } from "@preflow/core";
 * const signer: AgentWalletSigner = (typedData) => walletAccount.signTypedData(typedData);
 * ```
 */
export type AgentWalletSigner = (typedData: ReturnType<typeof agentWalletTypedData>) => Promise<Hex>;
