// A MetaMask MultiSigDeleGator smart account (Delegation Framework v1.3.0, `@metamask/delegation-abis` 2.0.0): an
// ERC1967Proxy to the MultiSigDeleGatorImpl the devnet places at its Celo address, initialised with its signers and
// threshold. A contract wallet whose signers are NOT its own address: its ERC-1271 `isValidSignature(hash, sig)`
// answers the magic value when `sig` is `threshold` of its signers' 65-byte ECDSA signatures of `hash` itself (no
// wrapping), concatenated in ascending signer order.
import * as abis from "@metamask/delegation-abis";
import * as bytecode from "@metamask/delegation-abis/bytecode";
import { type Abi, type Address, encodeDeployData, encodeFunctionData, getAddress, type Hex } from "viem";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DELEGATION_FRAMEWORK } from "./delegationFramework.js";

/**
 * Deploys a fresh MultiSigDeleGator smart account with `signers` and `threshold` (default 1) by one proxy creation
 * transaction from a random funded account (so concurrent callers never contend for a nonce) and returns its
 * address. Needs the Delegation Framework the devnet places at start.
 *
 * @example
 * ```ts
 * import { deployMultiSigDeleGator } from "@preflow/devnet";
 * const wallet = await deployMultiSigDeleGator(devnet.rpcUrl, { signers: [signer.address] });
 * ```
 */
export async function deployMultiSigDeleGator(
  rpcUrl: string,
  options: { signers: readonly Address[]; threshold?: number },
): Promise<Address> {
  const implementation = DELEGATION_FRAMEWORK.MultiSigDeleGatorImpl;
  if ((await rpcCall<Hex>(rpcUrl, "eth_getCode", [implementation, "latest"])) === "0x")
    throw new Error(
      `devnet: no MultiSigDeleGatorImpl at ${implementation} (is the Delegation Framework placed?)`,
    );
  const multiSig = (abis as unknown as Record<string, Abi>).MultiSigDeleGator as Abi;
  const proxyAbi = (abis as unknown as Record<string, Abi>).ERC1967Proxy as Abi;
  const proxyCode = (bytecode as unknown as Record<string, Hex>).ERC1967Proxy as Hex;
  const data = encodeDeployData({
    abi: proxyAbi,
    bytecode: proxyCode,
    args: [
      implementation,
      encodeFunctionData({
        abi: multiSig,
        functionName: "initialize",
        args: [options.signers.map((signer) => getAddress(signer)), BigInt(options.threshold ?? 1)],
      }),
    ],
  });
  const { contractAddress } = await sendImpersonated(rpcUrl, { data }, "a MultiSigDeleGator's creation");
  if (!contractAddress) throw new Error("devnet: the MultiSigDeleGator's creation returned no address");
  return getAddress(contractAddress);
}
