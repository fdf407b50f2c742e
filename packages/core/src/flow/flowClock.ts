import type { SerializedPreparedFlow } from "./types.js";

/**
 * The current time for deadlines, in unix seconds: the later of the chain's latest block time and the local
 * clock. A chain that has not produced a block for a while lags the clock; a deadline from its block time alone
 * would be born expired (the next block, whenever it comes, is at least "now"). A devnet whose clock was warped
 * ahead of the local one is ahead: its block time wins.
 *
 * @param blockTimestamp - The latest block's timestamp (seconds).
 * @param nowMs - The local clock in milliseconds (default `Date.now()`).
 * @returns Unix seconds.
 *
 * @example
 * ```ts
 * import { currentChainTime } from "@preflow/core";
 * const deadline = currentChainTime(block.timestamp) + 300n;
 * ```
 */
export function currentChainTime(blockTimestamp: bigint, nowMs: number = Date.now()): bigint {
  const local = BigInt(Math.floor(nowMs / 1000));
  return blockTimestamp > local ? blockTimestamp : local;
}

/**
 * Whether a prepared flow has expired: its `expiresAt` (a swap's deadline) is before `nowMs`. A flow without
 * `expiresAt` never expires. Expired flows still parse (`parsePreparedFlow` checks shape, not time); signing
 * one only pays gas for a revert (`Transaction too old`). Pure; never throws.
 *
 * @param flow - A prepared flow.
 * @param nowMs - The time to compare with, in milliseconds (default `Date.now()`).
 * @returns `true` when `expiresAt` has passed.
 *
 * @example
 * ```ts
 * import { isPreparedFlowExpired, parsePreparedFlow } from "@preflow/core";
 * const flow = parsePreparedFlow(JSON.parse(message));
 * if (isPreparedFlowExpired(flow)) throw new Error("prepare the swap again: its deadline has passed");
 * ```
 */
export function isPreparedFlowExpired(
  flow: Pick<SerializedPreparedFlow, "expiresAt">,
  nowMs: number = Date.now(),
): boolean {
  const expiresAt = flow.expiresAt;
  if (typeof expiresAt !== "string" || !/^\d{1,78}$/.test(expiresAt)) return false;
  return BigInt(expiresAt) * 1000n < BigInt(Math.floor(nowMs));
}
