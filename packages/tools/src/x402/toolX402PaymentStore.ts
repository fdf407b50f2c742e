// @preflow/x402's X402PaymentStore on the tool server's store (tools/store): a payment is reserved with the
// policy's day cap of its token in the same ledger as flows' spends (one transaction), keyed by its
// authorization nonce, so what was paid survives restarts and counts against caps.<TOKEN>.perDay.
import type { X402PaymentRecord, X402PaymentStore } from "@preflow/x402";
import { findPayableToken } from "@preflow/x402";
import type { Address, Hash, Hex } from "viem";
import { PolicyViolationError } from "../errors/policy.js";
import type { TokenCap } from "../policy/loadPolicy.js";
import type { CapExceeded, ToolServerStore } from "../store/types.js";

/**
 * The refusal of a payment the day's cap does not allow (the same for a payment and a dry run): `exceeded` is the
 * store's answer (or the dry run's own count). @internal
 */
export function perDayViolation(
  exceeded: readonly CapExceeded[],
  cap: TokenCap | undefined,
  format: (amount: bigint, decimals: number) => string,
): PolicyViolationError {
  return new PolicyViolationError({
    violations: exceeded.map((entry) => {
      const decimals = cap?.decimals ?? 6;
      const symbol = entry.symbol ?? cap?.symbol ?? entry.token;
      return {
        rule: `caps.${cap?.key ?? symbol}.perDay`,
        step: null,
        message: `${symbol} per rolling 24 h: limit ${format(entry.limit, decimals)}, spent ${format(entry.spent, decimals)}, this payment ${format(entry.adding, decimals)}`,
        token: symbol,
        limit: format(entry.limit, decimals),
        requested: format(entry.adding, decimals),
        spent_24h: format(entry.spent, decimals),
      };
    }),
  });
}

/**
 * The adapter; `caps` are the policy's (by token address, lowercase), `format` shows base units. `beforeReserve`
 * runs first, for each payment about to be signed (the person's approval): when it rejects nothing is reserved or
 * signed. @internal
 */
export function toolX402PaymentStore(parameters: {
  store: () => Promise<ToolServerStore>;
  caps: ReadonlyMap<string, TokenCap> | undefined;
  format: (amount: bigint, decimals: number) => string;
  beforeReserve?: (payment: X402PaymentRecord) => Promise<void>;
}): X402PaymentStore {
  const { caps, format } = parameters;
  return {
    async reserve(payment) {
      await parameters.beforeReserve?.(payment);
      const store = await parameters.store();
      const cap = caps?.get(payment.asset.toLowerCase());
      const result = await store.reserveX402Payment({
        payment: {
          nonce: payment.nonce,
          payer: payment.payer.toLowerCase(),
          asset: payment.asset.toLowerCase(),
          amount: BigInt(payment.amount),
          payTo: payment.payTo,
          network: payment.network,
          validBefore: payment.validBefore,
          resource: payment.url,
        },
        caps:
          cap?.perDay === undefined ? [] : [{ token: cap.address, limit: cap.perDay, symbol: cap.symbol }],
        now: payment.signedAt * 1000,
      });
      if (result.ok) return true;
      throw perDayViolation(result.exceeded, cap, format);
    },
    async update(nonce, patch) {
      const store = await parameters.store();
      if (patch.status === "released") await store.releaseX402Payment({ nonce, now: Date.now() });
      // Settled without a hash (the chain shows the nonce used): it stays counted as it is.
      else if (patch.transaction)
        await store.settleX402Payment({ nonce, transactionHash: patch.transaction, now: Date.now() });
    },
    async list({ payer, since }) {
      const store = await parameters.store();
      const rows = await store.listX402Payments({
        payer: payer.toLowerCase(),
        ...(since === undefined ? {} : { since: since * 1000 }),
      });
      return rows.flatMap((row): X402PaymentRecord[] => {
        const token = findPayableToken(row.asset);
        if (!token) return [];
        return [
          {
            nonce: row.nonce as Hex,
            status: row.status,
            signedAt: Math.floor(row.createdAt / 1000),
            validBefore: row.validBefore,
            url: row.resource ?? "",
            network: "eip155:42220",
            token: token.symbol,
            asset: token.address,
            amount: row.amount.toString(),
            payTo: row.payTo as Address,
            payer,
            ...(row.transactionHash ? { transaction: row.transactionHash as Hash } : {}),
          },
        ];
      });
    },
  };
}
