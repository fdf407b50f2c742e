import { type LocalAccount, parseSignature } from "viem";
import { hashAuthorization } from "viem/utils";

/**
 * A signer module's account with `signAuthorization` (EIP-7702) when it has only `sign({ hash })`: the
 * authorization's digest (`keccak256(0x05 || rlp([chain_id, address, nonce]))`, viem's `hashAuthorization`) signed as
 * a digest, as viem's own local accounts do. Accounts without either stay as they are (7702 flows then fail where
 * viem asks for it). @internal
 */
export function completeAccount(account: LocalAccount): LocalAccount {
  if (account.signAuthorization !== undefined || account.sign === undefined) return account;
  const sign = account.sign;
  return {
    ...account,
    async signAuthorization(authorization) {
      const address = authorization.contractAddress ?? authorization.address;
      const { chainId, nonce } = authorization;
      const { r, s, v, yParity } = parseSignature(
        await sign({ hash: hashAuthorization({ address, chainId, nonce }) }),
      );
      return { address, chainId, nonce, r, s, ...(v === undefined ? {} : { v }), yParity: yParity as number };
    },
  };
}
