import type { Address, Hash, Hex } from "viem";

/**
 * What a payment is: `signed` (an authorization exists and can be redeemed until `validBefore`: counts as
 * spent), `settled` (the server reported a settlement, or the chain shows the nonce used: counts), `released`
 * (signing failed, or the chain showed it unused after `validBefore`: does not count).
 */
export type X402PaymentStatus = "signed" | "settled" | "released";

/**
 * One x402 payment as `createX402Fetch` records it, keyed by its EIP-3009 authorization `nonce`. Amounts are
 * base units as decimal strings; times unix seconds. JSON-safe, so a store may keep it as it is.
 *
 * @example
 * ```ts
 * import type { X402PaymentRecord } from "@preflow/x402";
 * const counts = (p: X402PaymentRecord) => p.status !== "released";
 * ```
 */
export interface X402PaymentRecord {
  /** The EIP-3009 authorization nonce (0x + 64 hex): the key. */
  readonly nonce: Hex;
  readonly status: X402PaymentStatus;
  /** When it was reserved, just before signing (unix seconds): the start of its 24 hours. */
  readonly signedAt: number;
  /** The authorization's `validBefore` (unix seconds): until then anyone holding it can redeem it. */
  readonly validBefore: number;
  /** The resource paid for (origin and path; never the query). */
  readonly url: string;
  readonly network: "eip155:42220";
  readonly token: "USDC" | "USDT" | "USAT";
  readonly asset: Address;
  readonly amount: string;
  readonly payTo: Address;
  readonly payer: Address;
  /** The settlement transaction the server reported (`PAYMENT-RESPONSE`). */
  readonly transaction?: Hash | undefined;
  /** Why it was released. */
  readonly releasedBecause?: "not signed" | "unused after validBefore" | undefined;
}

/**
 * Where `createX402Fetch` keeps what was paid: in memory by default ({@link createMemoryX402PaymentStore}); a
 * durable store (the tool server's) makes it survive restarts. `reserve` is called just before signing, with the
 * authorization's nonce: it must check the payer's day total and record the payment in one step (atomically
 * when several processes share the store) and answer `false`, recording nothing, when `perDay` would be crossed.
 *
 * @example
 * ```ts
 * import { createMemoryX402PaymentStore, type X402PaymentStore } from "@preflow/x402";
 * const store: X402PaymentStore = createMemoryX402PaymentStore();
 * ```
 */
export interface X402PaymentStore {
  /**
   * Records `payment` (status `signed`) unless the payments of `payment.payer` in `payment.token` that count (not
   * `released`) signed at or after `since`, plus this one, exceed `perDay` (base units; `undefined`: no daily
   * limit). Answers whether it was recorded. A nonce already recorded is not recorded or counted again.
   */
  reserve(payment: X402PaymentRecord, limit: { since: number; perDay: bigint | undefined }): Promise<boolean>;
  /** `signed` → `settled` (with the transaction when known) or `released` (with why). */
  update(
    nonce: Hex,
    patch:
      | { status: "settled"; transaction?: Hash | undefined }
      | { status: "released"; releasedBecause: "not signed" | "unused after validBefore" },
  ): Promise<void>;
  /** The payments of `payer` signed at or after `since` (every status), oldest first. */
  list(filter: { payer: Address; since?: number | undefined }): Promise<X402PaymentRecord[]>;
}

/**
 * An {@link X402PaymentStore} in this process's memory (lost on exit).
 *
 * @example
 * ```ts
 * import { createMemoryX402PaymentStore, createX402Fetch } from "@preflow/x402";
 * const store = createMemoryX402PaymentStore();
 * const pay = createX402Fetch({ account, limits: { perPayment: { USDC: "0.05" } }, store });
 * ```
 */
export function createMemoryX402PaymentStore(): X402PaymentStore {
  const payments = new Map<string, X402PaymentRecord>();
  const counted = (p: X402PaymentRecord) => p.status !== "released";
  return {
    async reserve(payment, { since, perDay }) {
      const key = payment.nonce.toLowerCase();
      if (payments.has(key)) return true;
      if (perDay !== undefined) {
        let total = BigInt(payment.amount);
        for (const p of payments.values()) {
          if (p.payer === payment.payer && p.token === payment.token && p.signedAt >= since && counted(p))
            total += BigInt(p.amount);
        }
        if (total > perDay) return false;
      }
      payments.set(key, { ...payment, status: "signed" });
      return true;
    },
    async update(nonce, patch) {
      const key = nonce.toLowerCase();
      const payment = payments.get(key);
      if (payment?.status === "signed") payments.set(key, { ...payment, ...patch });
    },
    async list({ payer, since }) {
      return [...payments.values()]
        .filter((p) => p.payer === payer && (since === undefined || p.signedAt >= since))
        .sort((a, b) => a.signedAt - b.signedAt);
    },
  };
}
