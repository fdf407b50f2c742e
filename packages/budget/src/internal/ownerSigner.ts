// The owner as a signer: a viem local account, or a viem wallet client (an injected EIP-1193 wallet, or a local
// account behind a wallet client). One shape for the grant and the revocation.
import { CELO_CHAIN, type SdkBaseClient } from "@preflow/core";
import { InvalidArgumentError } from "@preflow/errors";
import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  custom,
  type LocalAccount,
  type Transport,
  type WalletClient,
} from "viem";

/**
 * Who signs for the owner: a viem local account (`privateKeyToAccount`...) or a viem wallet client with an
 * account (for example `createWalletClient({ account, chain, transport: custom(window.ethereum) })`).
 *
 * @example
 * ```ts
 * import type { BudgetOwner } from "@preflow/budget";
 * import { privateKeyToAccount } from "viem/accounts";
 * const owner: BudgetOwner = privateKeyToAccount(ownerKey);
 * ```
 */
export type BudgetOwner = LocalAccount | WalletClient<Transport, Chain | undefined, Account>;

/** @internal */
export interface OwnerSigner {
  address: Address;
  /** A local account when the owner has one (it can sign EIP-7702 authorizations and raw transactions). */
  local: LocalAccount | undefined;
  wallet: WalletClient<Transport, Chain | undefined, Account>;
}

/** @internal */
export function ownerSigner(client: SdkBaseClient, owner: unknown, field = "owner"): OwnerSigner {
  const isObject = typeof owner === "object" && owner !== null;
  if (
    isObject &&
    (owner as LocalAccount).type === "local" &&
    typeof (owner as LocalAccount).signTypedData === "function"
  ) {
    const local = owner as LocalAccount;
    const wallet = createWalletClient({
      account: local,
      chain: CELO_CHAIN as Chain,
      transport: custom({ request: (args) => client.publicClient.request(args as never) }),
    });
    return { address: local.address, local, wallet };
  }
  const wallet = owner as WalletClient<Transport, Chain | undefined, Account>;
  if (isObject && typeof wallet.signTypedData === "function" && wallet.account?.address) {
    const account = wallet.account;
    return {
      address: account.address,
      local: account.type === "local" ? (account as LocalAccount) : undefined,
      wallet,
    };
  }
  throw new InvalidArgumentError({
    field,
    value: owner,
    rule: "expected a viem local account or a viem wallet client with an account",
  });
}
