// Transactions, blocks, NFTs, contract reads and gas estimates: the exported actions of this folder, each a function that loads its module on the first call, so
// that a page importing the package (or a client holding the group) fetches an action's code only when it runs.
// Generated once from the actions' own TSDoc; the implementation lives in the module each one loads.
import { lazyAction } from "../../clients/runLazyAction.js";

/**
 * Reads a transaction, its receipt status and the attribution in its calldata, including the inner calls
 * of ERC-4337 `handleOps` bundles (through `@preflow/attribution`, loaded on first use). The transaction and
 * receipt come in one JSON-RPC batch and are reused by the attribution check. A tracked read
 * (`blockchain.getTransaction`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetTransactionErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getTransaction } from "@preflow/core";
 * const tx = await getTransaction(createSdkBaseClient(), {
 *   hash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
 * });
 * console.log(tx.status, tx.attribution.tags);
 * ```
 *
 * @function
 */
export const getTransaction = /* @__PURE__ */ lazyAction(
  async () => (await import("./getTransaction.js")).getTransaction,
);

/**
 * Reads one block by `number`, by `hash`, or the latest: number, hash, parent, time, producer, gas used and limit,
 * base fee and the hashes of its transactions. The node's answer is checked field by field. A tracked read
 * (`blockchain.getBlock`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetBlockErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getBlock } from "@preflow/core";
 * const client = createSdkBaseClient();
 * const latest = await getBlock(client, {});
 * const genesis = await getBlock(client, { number: 0 });
 * console.log(latest.number, latest.timestamp, genesis.hash);
 * ```
 *
 * @function
 */
export const getBlock = /* @__PURE__ */ lazyAction(async () => (await import("./getBlock.js")).getBlock);

/**
 * Reads the latest `count` blocks (at most 20), newest first, in ONE request although their numbers are not
 * known before it: the batch holds the head block (`eth_getBlockByNumber("latest")`), the fee history of the last
 * `count` blocks (base fee, gas used ratio) and one `eth_call` of creation code that returns the block number and
 * the hashes of the blocks before it; the answers are joined by block number (a head that moves by one block while
 * the batch runs is covered through `parentHash`). The head comes whole ({@link BlockSummary}); older blocks with
 * their number, hash, base fee and fullness (a node keeps no older timestamps in reach of one request). A tracked
 * read (`blockchain.getLatestBlocks`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetLatestBlocksErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getLatestBlocks } from "@preflow/core";
 * const { latest, blocks } = await getLatestBlocks(createSdkBaseClient(), { count: 10 });
 * console.log(latest.timestamp, blocks.map((block) => block.number));
 * ```
 *
 * @function
 */
export const getLatestBlocks = /* @__PURE__ */ lazyAction(
  async () => (await import("./getLatestBlocks.js")).getLatestBlocks,
);

/**
 * Reads an NFT: which standard the contract declares (ERC-165 `supportsInterface`), and in the same Multicall3
 * call the owner (ERC-721), the token URI (`tokenURI`, or ERC-1155 `uri` with `{id}` expanded), the name and the
 * symbol. Every answer is decoded strictly without throwing: a view the contract lacks, or answers with garbage, is
 * `null`. A tracked read (`blockchain.getNftInfo`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link GetNftInfoErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getNftInfo } from "@preflow/core";
 * const nft = await getNftInfo(createSdkBaseClient(), { contract: "0x…", tokenId: 7n });
 * console.log(nft.standard, nft.owner, nft.tokenUri);
 * ```
 *
 * @function
 */
export const getNftInfo = /* @__PURE__ */ lazyAction(
  async () => (await import("./getNftInfo.js")).getNftInfo,
);

/**
 * Reads how many NFTs of `contract` `owner` holds: the standard (ERC-165) and the balance views of both standards
 * in one Multicall3 call, decoded strictly without throwing. A tracked read (`blockchain.getNftBalance`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
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
 *
 * @function
 */
export const getNftBalance = /* @__PURE__ */ lazyAction(
  async () => (await import("./getNftBalance.js")).getNftBalance,
);

/**
 * Calls any `view` or `pure` function of any contract (`eth_call` on the latest block, through Multicall3's
 * `aggregate3` so that a revert comes back with its data: `msg.sender` is Multicall3) with an ABI given as
 * human-readable signatures or JSON, and returns the result JSON-safe. Non-view functions are refused before any
 * I/O; the answer is decoded strictly (exactly the canonical encoding of the outputs, or a `ContractReadError`),
 * and a revert's reason is decoded. A tracked read (`blockchain.readContract`).
 *
 * HTTP requests: 1.
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link ReadContractErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, readContract } from "@preflow/core";
 * const { result } = await readContract(createSdkBaseClient(), {
 *   to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
 *   abi: "function balanceOf(address owner) view returns (uint256)",
 *   functionName: "balanceOf",
 *   args: ["0x4444444444444444444444444444444444444444"],
 * });
 * console.log(result); // "1000000000000000000" (a decimal string)
 * ```
 *
 * @function
 */
export const readContract = /* @__PURE__ */ lazyAction(
  async () => (await import("./readContract.js")).readContract,
);

/**
 * Estimates what a send or a contract call would cost: its gas, simulated with `eth_simulateV1` on the latest
 * state, and the fee in the chosen fee currency, planned exactly as `prepareSend` / `prepareContractCall` plan a
 * flow's fee (the same fee planner and Celo fee rule: headroom on the gas limit, `2 x base fee + tip`, the
 * currency's intrinsic gas and rate from the FeeCurrencyDirectory, rounding as the node debits). Nothing is
 * signed or sent. A tracked read (`blockchain.estimateGas`).
 *
 * HTTP requests: 1 (the fee directory's reads, balances, gas price, tip and the simulation in one JSON-RPC batch).
 *
 * Its module loads on the first call (a separate chunk in browser bundles), after an aborted `signal` has
 * stopped the call.
 *
 * @throws {@link EstimateGasErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, estimateGas } from "@preflow/core";
 * const client = createSdkBaseClient();
 * const fee = await estimateGas(client, { from, to, token: "USDm", amount: "5", feeCurrency: "USDm" });
 * console.log(`${fee.estimatedFormatted} ${fee.currency} (at most ${fee.maxFormatted})`);
 * ```
 *
 * @function
 */
export const estimateGas = /* @__PURE__ */ lazyAction(
  async () => (await import("./estimateGas.js")).estimateGas,
);
