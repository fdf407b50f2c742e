import { type Address, type Client, parseAbi } from "viem";
import { readContract } from "viem/actions";
import type { X402PaymentStore } from "../store/X402PaymentStore.js";

const authorizationStateAbi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
]);

/** Seconds after `validBefore` before the chain is asked (a block may carry a timestamp a little behind). */
const EXPIRY_MARGIN_SECONDS = 5;

/**
 * Releases the signed payments of `payer` whose authorization expired unused: for each `signed` payment past
 * `validBefore`, one `authorizationState(payer, nonce)` read on its token; `false` (never redeemed, and now it
 * cannot be) marks it `released`, `true` marks it `settled`. Answers how many were released. One eth_call per
 * expired signed payment, each asked once (it leaves `signed` either way).
 *
 * @internal
 */
export async function releaseExpiredPayments(
  client: Client,
  store: X402PaymentStore,
  payer: Address,
  now: number,
): Promise<number> {
  const payments = await store.list({ payer });
  let released = 0;
  for (const payment of payments) {
    if (payment.status !== "signed" || payment.nonce === undefined || payment.validBefore === undefined)
      continue;
    if (payment.validBefore + EXPIRY_MARGIN_SECONDS > now) continue;
    const used = await readContract(client, {
      address: payment.asset,
      abi: authorizationStateAbi,
      functionName: "authorizationState",
      args: [payer, payment.nonce],
    });
    if (used) await store.update(payment.nonce, { status: "settled" });
    else {
      await store.update(payment.nonce, { status: "released", releasedBecause: "unused after validBefore" });
      released += 1;
    }
  }
  return released;
}
