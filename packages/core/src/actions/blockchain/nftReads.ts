// The reads of an NFT contract (ERC-165 detection, ERC-721 and ERC-1155 views), encoded for one Multicall3
// `aggregate3` and decoded from the contract's untrusted answers without ever throwing: a failed or malformed
// answer is `undefined`, never a wrong value.
import { type Address, encodeFunctionData, getAddress } from "viem";
import { functionAbi, param } from "../../abi/functionAbi.js";
import { decodeOutputs } from "../../rpc/decodeFunctionResultStrict.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";

/** The ERC-165 interface ids of ERC-721 and ERC-1155. @internal */
export const INTERFACE_ID = { erc721: "0x80ac58cd", erc1155: "0xd9b67a26" } as const;

/** The views preflow reads of an NFT contract. @internal */
export const nftAbi = [
  functionAbi("supportsInterface", "view", [param("bytes4", "interfaceId")], [param("bool")]),
  functionAbi("ownerOf", "view", [param("uint256", "tokenId")], [param("address")]),
  functionAbi("tokenURI", "view", [param("uint256", "tokenId")], [param("string")]),
  functionAbi("uri", "view", [param("uint256", "id")], [param("string")]),
  functionAbi("name", "view", [], [param("string")]),
  functionAbi("symbol", "view", [], [param("string")]),
  functionAbi("balanceOf", "view", [param("address", "owner")], [param("uint256")]),
  functionAbi("balanceOf", "view", [param("address", "account"), param("uint256", "id")], [param("uint256")]),
] as const;

/**
 * Which NFT standard a contract declares through ERC-165: `"erc721"`, `"erc1155"`, or `"unknown"` (it declares
 * neither, or has no `supportsInterface`).
 *
 * @example
 * ```ts
 * import type { NftStandard } from "@preflow/core";
 * const standard: NftStandard = (await client.blockchain.getNftInfo({ contract, tokenId: 1n })).standard;
 * ```
 */
export type NftStandard = "erc721" | "erc1155" | "unknown";

/** A read of `functionName` on `contract` (the ABI is left off: {@link decodeNftRead} decodes without throwing). @internal */
export function nftRead(contract: Address, functionName: string, args: readonly unknown[] = []): ReadCall {
  const item = nftAbi.find((entry) => entry.name === functionName && entry.inputs.length === args.length)!;
  return { target: contract, callData: encodeFunctionData({ abi: [item], functionName, args } as never) };
}

/** The two ERC-165 reads of {@link standardOf}, in order. @internal */
export function standardReads(contract: Address): ReadCall[] {
  return [
    nftRead(contract, "supportsInterface", [INTERFACE_ID.erc721]),
    nftRead(contract, "supportsInterface", [INTERFACE_ID.erc1155]),
  ];
}

/** The value a read of `functionName` (with `inputs` arguments) returned, strictly decoded; `undefined` for a failed or malformed answer. Never throws. @internal */
export function decodeNftRead(result: ReadResult | undefined, functionName: string, inputs = 0): unknown {
  if (!result?.success || result.returnData === undefined) return undefined;
  const item = nftAbi.find((entry) => entry.name === functionName && entry.inputs.length === inputs);
  if (!item) return undefined;
  const decoded = decodeOutputs(item.outputs, result.returnData);
  return decoded.ok ? decoded.values[0] : undefined;
}

/** The standard the ERC-165 answers declare (ERC-721 first: a contract declaring both is read as ERC-721). @internal */
export function standardOf(erc721: ReadResult | undefined, erc1155: ReadResult | undefined): NftStandard {
  if (decodeNftRead(erc721, "supportsInterface", 1) === true) return "erc721";
  if (decodeNftRead(erc1155, "supportsInterface", 1) === true) return "erc1155";
  return "unknown";
}

/** The longest text preflow keeps of a contract's string (a token URI may be a data: URI; the rest is cut). */
const MAX_TEXT = 8192;

/** A string answer, cut to 8 KiB; `null` for anything else. Never throws. @internal */
export function decodeNftText(
  result: ReadResult | undefined,
  functionName: string,
  inputs = 0,
): string | null {
  const value = decodeNftRead(result, functionName, inputs);
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : null;
}

/** An address answer, checksummed; `null` for anything else. Never throws. @internal */
export function decodeNftAddress(result: ReadResult | undefined, functionName: string): Address | null {
  const value = decodeNftRead(result, functionName, 1);
  return typeof value === "string" ? getAddress(value) : null;
}

/**
 * An ERC-1155 `uri` with its `{id}` placeholder replaced by the token id as 64 lowercase hex digits (EIP-1155's
 * client rule). @internal
 */
export function expandErc1155Uri(uri: string, tokenId: bigint): string {
  return uri.replaceAll("{id}", tokenId.toString(16).padStart(64, "0"));
}
