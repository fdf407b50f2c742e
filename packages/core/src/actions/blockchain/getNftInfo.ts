import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import type { InvalidArgumentError } from "../../errors/argument.js";
import { ContractReadError } from "../../errors/chainRead.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { parseAddress } from "../../validation/parseAddress.js";
import {
  decodeNftAddress,
  decodeNftText,
  expandErc1155Uri,
  type NftStandard,
  nftRead,
  standardOf,
  standardReads,
} from "./nftReads.js";
import { parseTokenId } from "./parseTokenId.js";

/**
 * Parameters of {@link getNftInfo}.
 *
 * @example
 * ```ts
 * import type { GetNftInfoParameters } from "@preflow/core";
 * const parameters: GetNftInfoParameters = { contract: "0x…", tokenId: 1n };
 * ```
 */
export interface GetNftInfoParameters extends ActionOptions {
  /** The ERC-721 or ERC-1155 contract. */
  contract: string;
  /** The token id: a bigint, a non-negative safe integer or a decimal string. */
  tokenId: bigint | number | string;
}

/**
 * The return type of {@link getNftInfo}. Strings come from the contract: show them as untrusted text.
 *
 * @example
 * ```ts
 * import type { GetNftInfoReturnType } from "@preflow/core";
 * const info: GetNftInfoReturnType = await client.blockchain.getNftInfo({ contract, tokenId: 1n });
 * ```
 */
export interface GetNftInfoReturnType {
  contract: Address;
  tokenId: bigint;
  /** What the contract declares through ERC-165. */
  standard: Exclude<NftStandard, "unknown">;
  /** ERC-721: `ownerOf(tokenId)`; `null` when it reverts (no such token, or burnt). Always `null` for ERC-1155 (many holders). */
  owner: Address | null;
  /** ERC-721 `tokenURI(tokenId)`, ERC-1155 `uri(tokenId)` with `{id}` expanded; `null` when absent or not a string. Cut to 8 KiB. */
  tokenUri: string | null;
  /** `name()`; `null` when the contract has none. */
  name: string | null;
  /** `symbol()`; `null` when the contract has none. */
  symbol: string | null;
}

/**
 * The errors {@link getNftInfo} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `contract` is not an address; before any I/O.
 * - {@link InvalidArgumentError}: `tokenId` is not a uint256, an unknown key in `parameters`, or a `signal` that is not an AbortSignal; before any I/O.
 * - {@link ContractReadError}: the contract declares neither ERC-721 nor ERC-1155 through ERC-165 (or there is no contract).
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError`, `RpcError` (URL redacted), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { GetNftInfoErrorType } from "@preflow/core";
 * ```
 */
export type GetNftInfoErrorType =
  | InvalidAddressError
  | InvalidArgumentError
  | ContractReadError
  | ReadBatchErrorType;

const KEYS = ["contract", "tokenId", "signal"] as const;

/**
 * Reads an NFT: which standard the contract declares (ERC-165 `supportsInterface`), and in the same Multicall3
 * call the owner (ERC-721), the token URI (`tokenURI`, or ERC-1155 `uri` with `{id}` expanded), the name and the
 * symbol. Every answer is decoded strictly without throwing: a view the contract lacks, or answers with garbage, is
 * `null`. A tracked read (`blockchain.getNftInfo`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetNftInfoErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getNftInfo } from "@preflow/core";
 * const nft = await getNftInfo(createSdkBaseClient(), { contract: "0x…", tokenId: 7n });
 * console.log(nft.standard, nft.owner, nft.tokenUri);
 * ```
 */
export async function getNftInfo(
  client: SdkBaseClient,
  parameters: GetNftInfoParameters,
): Promise<GetNftInfoReturnType> {
  const {
    contract: contractInput,
    tokenId: tokenIdInput,
    signal,
  } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const contract = parseAddress(contractInput, "contract");
  const tokenId = parseTokenId(tokenIdInput);
  return client.track("blockchain.getNftInfo", undefined, async () => {
    const { reads } = await readBatch(client, {
      reads: [
        ...standardReads(contract),
        nftRead(contract, "ownerOf", [tokenId]),
        nftRead(contract, "tokenURI", [tokenId]),
        nftRead(contract, "uri", [tokenId]),
        nftRead(contract, "name"),
        nftRead(contract, "symbol"),
      ],
      signal,
    });
    const standard = standardOf(reads[0], reads[1]);
    if (standard === "unknown")
      throw new ContractReadError({
        address: contract,
        functionName: "supportsInterface",
        reason:
          "the contract declares neither ERC-721 (0x80ac58cd) nor ERC-1155 (0xd9b67a26) through ERC-165, or there is no contract at this address",
      });
    const uri1155 = decodeNftText(reads[4], "uri", 1);
    return {
      contract,
      tokenId,
      standard,
      owner: standard === "erc721" ? decodeNftAddress(reads[2], "ownerOf") : null,
      tokenUri:
        standard === "erc721"
          ? decodeNftText(reads[3], "tokenURI", 1)
          : uri1155 === null
            ? null
            : expandErc1155Uri(uri1155, tokenId),
      name: decodeNftText(reads[5], "name"),
      symbol: decodeNftText(reads[6], "symbol"),
    };
  });
}
