import type { Address } from "viem";
import { formatAmount } from "../../../amounts/formatAmount.js";
import type { SdkBaseClient } from "../../../clients/types.js";
import type { ActionOptions } from "../../../rpc/createRpc.js";
import type { ReadBatchErrorType } from "../../../rpc/readBatch.js";
import { parseAccountReadParameters } from "../../../validation/parseAccountReadParameters.js";
import type { GoodDollarRefusal } from "../errors.js";
import { claimRefusal, readUbiState } from "../ubiState.js";

/**
 * Parameters of {@link getGoodDollarUbiEntitlement}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarUbiEntitlementParameters } from "@preflow/core";
 * const parameters: GetGoodDollarUbiEntitlementParameters = { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" };
 * ```
 */
export interface GetGoodDollarUbiEntitlementParameters extends ActionOptions {
  /** The account whose UBI is read. */
  address: string;
}

/**
 * The return type of {@link getGoodDollarUbiEntitlement}: what a claim by `address` would pay now and whether it
 * may claim.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarUbiEntitlementReturnType } from "@preflow/core";
 * const { entitlementFormatted, canClaim }: GetGoodDollarUbiEntitlementReturnType = await client.goodDollar.getUbiEntitlement(address);
 * ```
 */
export interface GetGoodDollarUbiEntitlementReturnType {
  address: Address;
  /** The whitelisted identity the address claims for (itself or the identity it is connected to); `null` when none. */
  whitelistedRoot: Address | null;
  /** G$ base units a claim now pays (the UBIScheme's `checkEntitlement`; 0 once claimed today), decimal string. */
  entitlement: string;
  /** The same in G$ (`"10000"`). */
  entitlementFormatted: string;
  /** Whether the identity has claimed today's UBI. */
  claimedToday: boolean;
  /** Whether a claim can be prepared now (whitelisted, open, not claimed today). */
  canClaim: boolean;
  /** Why not, when `canClaim` is false. */
  refusal: GoodDollarRefusal | null;
  /** The UBIScheme's day number (days since its period started). */
  day: string;
  /** The block read at, decimal string. */
  blockNumber: string;
}

/**
 * The errors {@link getGoodDollarUbiEntitlement} throws: bad input before any request, and the read's.
 *
 * @example
 * ```ts
 * import type { GetGoodDollarUbiEntitlementErrorType } from "@preflow/core";
 * ```
 */
export type GetGoodDollarUbiEntitlementErrorType =
  | ReadBatchErrorType
  | import("../../../errors/address.js").InvalidAddressError;

/**
 * Reads `address`'s GoodDollar UBI: its whitelisted identity (Identity's `getWhitelistedRoot`), what a claim now
 * pays (UBIScheme's `checkEntitlement`), whether today's UBI was claimed, and whether a claim can be prepared. A
 * tracked read (`goodDollar.getUbiEntitlement`).
 *
 * HTTP requests: 1 (the identity, the entitlement, the UBIScheme's day bookkeeping and the block's number and time
 * in one Multicall3 call).
 *
 * @throws {@link GetGoodDollarUbiEntitlementErrorType}
 *
 * @example
 * ```ts
 * import { createSdkBaseClient, getGoodDollarUbiEntitlement } from "@preflow/core";
 *
 * const ubi = await getGoodDollarUbiEntitlement(createSdkBaseClient(), { address });
 * if (ubi.canClaim) console.log(`claim ${ubi.entitlementFormatted} G$`);
 * ```
 */
export async function getGoodDollarUbiEntitlement(
  client: SdkBaseClient,
  parameters: GetGoodDollarUbiEntitlementParameters,
): Promise<GetGoodDollarUbiEntitlementReturnType> {
  const { address, signal } = parseAccountReadParameters(parameters, "address");
  return client.track("goodDollar.getUbiEntitlement", address, async () => {
    const state = await readUbiState(client, address, signal);
    const refusal = claimRefusal(state);
    return {
      address,
      whitelistedRoot: state.whitelistedRoot ?? null,
      entitlement: state.entitlement.toString(),
      entitlementFormatted: formatAmount(state.entitlement, 18),
      claimedToday: state.claimedToday,
      canClaim: refusal === undefined,
      refusal: refusal?.reason ?? null,
      day: state.day.toString(),
      blockNumber: state.blockNumber.toString(),
    };
  });
}
