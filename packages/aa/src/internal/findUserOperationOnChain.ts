import {
  type Address,
  decodeEventLog,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
  numberToHex,
} from "viem";
import { entryPoint07Abi } from "viem/account-abstraction";
import type { AAContext } from "./context.js";

/** How far back the event search goes (blocks); a UserOperation just sent lands well within it. @internal */
export const EVENT_SEARCH_BLOCKS = 5_000n;

/** What the chain says about a UserOperation: not included (yet), or included with its outcome. @internal */
export type OnChainUserOperation =
  | { included: false }
  | { included: true; transactionHash: Hex | undefined; success: boolean | undefined };

/**
 * Asks the chain itself (not the bundler) whether a UserOperation was included: the account's EntryPoint
 * nonce for the UserOperation's key (a sequence past the UserOperation's means it was included: keys are
 * random per UserOperation, so no other operation uses it) and, if so, its `UserOperationEvent` (bundle
 * transaction hash and success). `getNonce` and `UserOperationEvent` are the same in EntryPoint 0.7 and 0.8,
 * so the 0.7 ABI reads either (`entryPointAddress`). HTTP requests: one batched (`eth_call` getNonce + `eth_blockNumber`), plus
 * one `eth_getLogs` when included. Throws when the RPC fails. @internal
 */
export async function findUserOperationOnChain(
  ctx: AAContext,
  parameters: {
    sender: Address;
    nonce: bigint;
    userOpHash: Hex;
    entryPointAddress: Address;
    signal?: AbortSignal | undefined;
  },
): Promise<OnChainUserOperation> {
  const { sender, nonce, userOpHash, signal, entryPointAddress } = parameters;
  const key = nonce >> 64n;
  const options = { retryCount: 0, dedupe: false, ...(signal ? { signal } : {}) } as never;
  const [nonceResult, blockNumber] = await Promise.all([
    ctx.publicClient.request(
      {
        method: "eth_call",
        params: [
          {
            to: entryPointAddress,
            data: encodeFunctionData({ abi: entryPoint07Abi, functionName: "getNonce", args: [sender, key] }),
          },
          "latest",
        ],
      } as never,
      options,
    ) as Promise<Hex>,
    ctx.publicClient.request({ method: "eth_blockNumber" } as never, options) as Promise<Hex>,
  ]);
  const current = decodeFunctionResult({ abi: entryPoint07Abi, functionName: "getNonce", data: nonceResult });
  if (current <= nonce) return { included: false };

  const latest = BigInt(blockNumber);
  const fromBlock = latest > EVENT_SEARCH_BLOCKS ? latest - EVENT_SEARCH_BLOCKS : 0n;
  const topics = encodeEventTopics({
    abi: entryPoint07Abi,
    eventName: "UserOperationEvent",
    args: { userOpHash },
  });
  const logs = (await ctx.publicClient.request(
    {
      method: "eth_getLogs",
      params: [
        {
          address: entryPointAddress,
          topics,
          fromBlock: numberToHex(fromBlock),
          toBlock: numberToHex(latest),
        },
      ],
    } as never,
    options,
  )) as { data: Hex; topics: [Hex, ...Hex[]]; transactionHash: Hex }[];
  const log = Array.isArray(logs) ? logs[0] : undefined;
  if (!log) return { included: true, transactionHash: undefined, success: undefined };
  const event = decodeEventLog({ abi: entryPoint07Abi, data: log.data, topics: log.topics });
  const success =
    event.eventName === "UserOperationEvent" ? (event.args as { success: boolean }).success : undefined;
  return { included: true, transactionHash: log.transactionHash, success };
}
