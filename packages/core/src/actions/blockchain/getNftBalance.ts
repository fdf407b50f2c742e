import { rejectUnknownKeys } from "@preflow/errors";
import type { Address } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import type { InvalidAddressError } from "../../errors/address.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { ContractReadError } from "../../errors/chainRead.js";
import type { ActionOptions } from "../../rpc/createRpc.js";
import { type ReadBatchErrorType, readBatch } from "../../rpc/readBatch.js";
import { parseAddress } from "../../validation/parseAddress.js";
import {
  decodeNftAddress,
  decodeNftRead,
  type NftStandard,
  nftRead,
  standardOf,
  standardReads,
} from "./nftReads.js";
import { parseTokenId } from "./parseTokenId.js";

/**
 * Parameters of {@link getNftBalance}.
 *
 * @example
 * ```ts
 * import type { GetNftBalanceParameters } from "@preflow/core";
 * const all: GetNftBalanceParameters = { owner: "0x…", contract: "0x…" }; // ERC-721: how many tokens
 * const one: GetNftBalanceParameters = { owner: "0x…", contract: "0x…", tokenId: 1n }; // ERC-1155 needs it
 * ```
 */
export interface GetNftBalanceParameters extends ActionOptions {
  /** The holder. */
  owner: string;
  /** The ERC-721 or ERC-1155 contract. */
  contract: string;
  /** ERC-1155: required (the balance of that id). ERC-721: whether `owner` holds that token (balance 1 or 0). */
  tokenId?: bigint | number | string | undefined;
}

/**
 * The return type of {@link getNftBalance}.
 *
 * @example
 * ```ts
 * import type { GetNftBalanceReturnType } from "@preflow/core";
 * const { balance }: GetNftBalanceReturnType = await client.blockchain.getNftBalance({ owner, contract });
 * ```
 */
export interface GetNftBalanceReturnType {
  owner: Address;
  contract: Address;
  standard: Exclude<NftStandard, "unknown">;
  /** The token id asked about, when given. */
  tokenId: bigint | null;
  /**
   * ERC-721 without `tokenId`: `balanceOf(owner)`, how many tokens of the collection; with `tokenId`: 1 when
   * `ownerOf(tokenId)` is `owner`, else 0. ERC-1155: `balanceOf(owner, tokenId)`.
   */
  balance: bigint;
}

/**
 * The errors {@link getNftBalance} throws (every one an `SdkError`), and when. Its client form throws the same.
 *
 * - {@link InvalidAddressError}: `owner` or `contract` is not an address; before any I/O.
 * - {@link InvalidArgumentError}: `tokenId` is not a uint256, an unknown key, a `signal` that is not an AbortSignal (before any I/O); or an ERC-1155 contract without `tokenId` (after the read).
 * - {@link ContractReadError}: the contract declares neither standard, or its balance answer is not a uint256.
 * - {@link ReadBatchErrorType}: its one request failed: `ChainMismatchError`, `RpcError` (URL redacted), `RpcRateLimitedError` or `RequestAbortedError` (`signal` aborted).
 *
 * @example
 * ```ts
 * import type { GetNftBalanceErrorType } from "@preflow/core";
 * ```
 */
export type GetNftBalanceErrorType =
  | InvalidAddressError
  | InvalidArgumentError
  | ContractReadError
  | ReadBatchErrorType;

const KEYS = ["owner", "contract", "tokenId", "signal"] as const;

/**
 * Reads how many NFTs of `contract` `owner` holds: the standard (ERC-165) and the balance views of both standards
 * in one Multicall3 call, decoded strictly without throwing. A tracked read (`blockchain.getNftBalance`).
 *
 * HTTP requests: 1.
 *
 * @throws {@link GetNftBalanceErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getNftBalance } from "@preflow/core";
 * const client = createSdkBaseClient();
 * const { balance } = await getNftBalance(client, { owner: "0x…", contract: "0x…" });
 * const copies = await getNftBalance(client, { owner: "0x…", contract: "0x…", tokenId: 1n }); // ERC-1155
 * ```
 */
export async function getNftBalance(
  client: SdkBaseClient,
  parameters: GetNftBalanceParameters,
): Promise<GetNftBalanceReturnType> {
  const {
    owner: ownerInput,
    contract: contractInput,
    tokenId: tokenIdInput,
    signal,
  } = rejectUnknownKeys(parameters, "parameters", KEYS);
  const owner = parseAddress(ownerInput, "owner");
  const contract = parseAddress(contractInput, "contract");
  const tokenId = tokenIdInput === undefined ? null : parseTokenId(tokenIdInput);
  return client.track("blockchain.getNftBalance", undefined, async () => {
    const { reads } = await readBatch(client, {
      reads: [
        ...standardReads(contract),
        nftRead(contract, "balanceOf", [owner]),
        ...(tokenId === null
          ? []
          : [nftRead(contract, "ownerOf", [tokenId]), nftRead(contract, "balanceOf", [owner, tokenId])]),
      ],
      signal,
    });
    const standard = standardOf(reads[0], reads[1]);
    const failed = (functionName: string, reason: string) =>
      new ContractReadError({ address: contract, functionName, reason });
    if (standard === "unknown")
      throw failed(
        "supportsInterface",
        "the contract declares neither ERC-721 (0x80ac58cd) nor ERC-1155 (0xd9b67a26) through ERC-165, or there is no contract at this address",
      );
    let balance: bigint;
    if (standard === "erc1155") {
      if (tokenId === null)
        throw new InvalidArgumentError({
          field: "tokenId",
          value: tokenIdInput,
          rule: `is required: ${contract} is an ERC-1155 contract, whose balances are per token id`,
        });
      const value = decodeNftRead(reads[4], "balanceOf", 2);
      if (typeof value !== "bigint") throw failed("balanceOf", "the contract's answer is not a uint256");
      balance = value;
    } else if (tokenId !== null) {
      balance = decodeNftAddress(reads[3], "ownerOf") === owner ? 1n : 0n;
    } else {
      const value = decodeNftRead(reads[2], "balanceOf", 1);
      if (typeof value !== "bigint") throw failed("balanceOf", "the contract's answer is not a uint256");
      balance = value;
    }
    return { owner, contract, standard, tokenId, balance };
  });
}
