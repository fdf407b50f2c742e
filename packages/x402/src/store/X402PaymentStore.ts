import type { Address, Hash, Hex } from "viem";

/**
 * What a payment is: `reserved` (limits passed, being signed: counts as spent), `signed` (an authorization
 * exists and can be redeemed until `validBefore`: counts), `settled` (the server answered with a settlement:
 * counts), `released` (never signed, or found unused on chain after `validBefore`: does not count).
 */
export type X402PaymentStatus = "reserved" | "signed" | "settled" | "released";

/**
 * One x402 payment as `createX402Fetch` records it. Amounts are base units as decimal strings; times unix
 * seconds. JSON-safe, so a store may keep it as it is.
 *
 * @example
 * ```ts
 * import type { X402PaymentRecord } from "@preflow/x402";
 * const paid = (p: X402PaymentRecord) => p.status !== "released";
 * ```
 */
export interface X402PaymentRecord {
  readonly id: string;
  readonly status: X402PaymentStatus;
  /** When the limits were checked and the amount reserved (unix seconds): the start of its 24 hours. */
  readonly reservedAt: number;
  readonly url: string;
  readonly network: "eip155:42220";
  readonly token: "USDC" | "USDT";
  readonly asset: Address;
  readonly amount: string;
  readonly payTo: Address;
  readonly payer: Address;
  /** The EIP-3009 nonce, once signed. */
  readonly nonce?: Hex | undefined;
  readonly validBefore?: number | undefined;
  /** The settlement transaction the server reported (`PAYMENT-RESPONSE`). */
  readonly transaction?: Hash | undefined;
  /** Why it was released. */
  readonly releasedBecause?: "not signed" | "unused after validBefore" | undefined;
}

/**
 * Where `createX402Fetch` keeps what was paid: in memory by default ({@link createMemoryX402PaymentStore}); a
 * durable store (the tool server's) makes it survive restarts. `createX402Fetch` serialises its own
 * check-then-reserve; a store shared by several processes must make `reserve` atomic itself (check the day's
 * total and insert in one transaction) and answer `false` when the limit would be crossed.
 *
 * @example
 * ```ts
 * import type { X402PaymentStore } from "@preflow/x402";
 * const store: X402PaymentStore = createMemoryX402PaymentStore();
 * ```
 */
export interface X402PaymentStore {
  /**
   * Records `payment` (status `reserved`) unless the payments of `payment.payer` in `payment.token` that count
   * (not `released`) and were reserved at or after `since`, plus this one, exceed `perDay` (base units;
   * `undefined` = no daily limit). Answers whether it was recorded.
   */
  reserve(payment: X402PaymentRecord, limit: { since: number; perDay: bigint | undefined }): Promise<boolean>;
  /** Replaces the fields of the payment `id` with `patch`. */
  update(id: string, patch: Partial<Omit<X402PaymentRecord, "id">>): Promise<void>;
  /** The payments of `payer` reserved at or after `since` (every status), oldest first. */
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
      if (payments.has(payment.id)) return false;
      if (perDay !== undefined) {
        let total = BigInt(payment.amount);
        for (const p of payments.values()) {
          if (p.payer === payment.payer && p.token === payment.token && p.reservedAt >= since && counted(p))
            total += BigInt(p.amount);
        }
        if (total > perDay) return false;
      }
      payments.set(payment.id, { ...payment, status: "reserved" });
      return true;
    },
    async update(id, patch) {
      const payment = payments.get(id);
      if (payment) payments.set(id, { ...payment, ...patch });
    },
    async list({ payer, since }) {
      return [...payments.values()]
        .filter((p) => p.payer === payer && (since === undefined || p.reservedAt >= since))
        .sort((a, b) => a.reservedAt - b.reservedAt);
    },
  };
}
