// The registries' reads as Multicall3 reads (one request with whatever else an action reads).
import { type Abi, type Address, encodeFunctionData } from "viem";
import type { ReadCall } from "../../rpc/readBatch.js";
import { erc8004IdentityRegistryAbi, erc8004ReputationRegistryAbi } from "./abis.js";
import { ERC8004_ADDRESSES } from "./addresses.js";

type IdentityRead = "ownerOf" | "tokenURI" | "getAgentWallet" | "getMetadata" | "isAuthorizedOrOwner";
type ReputationRead = "getSummary" | "readAllFeedback";

/** A read of the Identity registry. @internal */
export function identityRead(functionName: IdentityRead, args: readonly unknown[]): ReadCall {
  return read(ERC8004_ADDRESSES.identityRegistry, erc8004IdentityRegistryAbi, functionName, args);
}

/** A read of the Reputation registry. @internal */
export function reputationRead(functionName: ReputationRead, args: readonly unknown[]): ReadCall {
  return read(ERC8004_ADDRESSES.reputationRegistry, erc8004ReputationRegistryAbi, functionName, args);
}

function read(
  target: Address,
  abi: Abi | readonly unknown[],
  functionName: string,
  args: readonly unknown[],
): ReadCall {
  return { target, abi, callData: encodeFunctionData({ abi, functionName, args } as never) };
}
