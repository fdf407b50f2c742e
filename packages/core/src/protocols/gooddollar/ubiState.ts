// What a UBI entitlement and a claim read: one Multicall3 call (with the fee plan's reads when a claim pays gas in
// a fee currency), and the rules that say whether the address may claim now.
import { type Address, encodeFunctionData, zeroAddress } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { type FlowFeePlan, readWithFeePlan } from "../../fees/flowFee.js";
import { blockTimestampRead, type ReadCall, type ReadResult } from "../../rpc/readBatch.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { goodDollarIdentityAbi, goodDollarUbiSchemeAbi } from "./abis.js";
import { GOODDOLLAR_ADDRESSES } from "./addresses.js";
import type { GoodDollarRefusal } from "./errors.js";

const DAY = 86_400n;

/** The UBI state of one address, as read in one block. @internal */
export interface UbiState {
  /** The identity the address claims for (itself or the one it is connected to), or `undefined` when none. */
  whitelistedRoot: Address | undefined;
  /** What `checkEntitlement(address)` answers: G$ base units a claim now pays (0 once claimed today). */
  entitlement: bigint;
  /** Whether the identity has claimed today's UBI. */
  claimedToday: boolean;
  /** The UBIScheme's day number now (days since its period started). */
  day: bigint;
  paused: boolean;
  started: boolean;
  blockNumber: bigint;
  fee: { reads: ReadResult[]; calls: unknown[] };
}

function ubiRead(
  functionName: "checkEntitlement" | "currentDay" | "periodStart" | "dailyUbi" | "paused",
  args: readonly unknown[] = [],
): ReadCall {
  return {
    target: GOODDOLLAR_ADDRESSES.ubiScheme,
    abi: goodDollarUbiSchemeAbi,
    callData: encodeFunctionData({ abi: goodDollarUbiSchemeAbi, functionName, args } as never),
  };
}

/**
 * Reads `account`'s whitelisted root, its entitlement, the UBIScheme's day bookkeeping and the block's time in ONE
 * HTTP request. Whether the identity claimed today needs no read of its own: once anyone has claimed today the
 * UBIScheme's `currentDay` is today and `dailyUbi` is set, and `checkEntitlement` then answers 0 exactly for an
 * identity that has claimed; before that, nobody has. @internal
 */
export async function readUbiState(
  client: SdkBaseClient,
  account: Address,
  signal: AbortSignal | undefined,
  plan?: FlowFeePlan | undefined,
): Promise<UbiState> {
  const reads: ReadCall[] = [
    {
      target: GOODDOLLAR_ADDRESSES.identity,
      abi: goodDollarIdentityAbi,
      callData: encodeFunctionData({
        abi: goodDollarIdentityAbi,
        functionName: "getWhitelistedRoot",
        args: [account],
      }),
    },
    ubiRead("checkEntitlement", [account]),
    ubiRead("currentDay"),
    ubiRead("periodStart"),
    ubiRead("dailyUbi"),
    ubiRead("paused"),
    blockTimestampRead(),
  ];
  const answer = await readWithFeePlan(client, { reads, plan, signal });
  const values = answer.reads.map((result) => result.value);
  const [root, entitlement, currentDay, periodStart, dailyUbi, paused, now] = values;
  const failed = values.indexOf(undefined);
  if (
    failed >= 0 ||
    typeof root !== "string" ||
    typeof entitlement !== "bigint" ||
    typeof currentDay !== "bigint" ||
    typeof periodStart !== "bigint" ||
    typeof dailyUbi !== "bigint" ||
    typeof paused !== "boolean" ||
    typeof now !== "bigint"
  ) {
    const what = [
      "Identity.getWhitelistedRoot",
      "UBIScheme.checkEntitlement",
      "UBIScheme.currentDay",
      "UBIScheme.periodStart",
      "UBIScheme.dailyUbi",
      "UBIScheme.paused",
      "Multicall3.getCurrentBlockTimestamp",
    ][Math.max(failed, 0)];
    throw toRpcError(new Error(`GoodDollar read ${what} failed or answered no value`), {
      rpcUrl: client.rpc.rpcUrl,
      method: "eth_call",
    });
  }
  const started = now >= periodStart;
  const today = started ? (now - periodStart) / DAY : 0n;
  const whitelistedRoot = root.toLowerCase() === zeroAddress ? undefined : (root as Address);
  return {
    whitelistedRoot,
    entitlement,
    claimedToday:
      whitelistedRoot !== undefined && started && currentDay === today && dailyUbi > 0n && entitlement === 0n,
    day: today,
    paused,
    started,
    blockNumber: answer.blockNumber,
    fee: answer.fee,
  };
}

/** Why `state` cannot claim now, or `undefined` when it can. @internal */
export function claimRefusal(state: UbiState): { reason: GoodDollarRefusal; message: string } | undefined {
  if (state.whitelistedRoot === undefined)
    return {
      reason: "not-whitelisted",
      message: "the address is not a whitelisted GoodDollar identity (nor connected to one)",
    };
  if (state.paused || !state.started)
    return {
      reason: "claim-not-open",
      message: "GoodDollar's UBIScheme is paused or its claim period has not started",
    };
  if (state.claimedToday)
    return {
      reason: "already-claimed",
      message: `the identity ${state.whitelistedRoot} has already claimed today's UBI (day ${state.day})`,
    };
  return undefined;
}
