// x402 payments for both engines: reserved before signing (the caps checked and the payment recorded `signed`, with
// its spend under the payer, in one transaction on the payer's spends), then settled or released once. The
// reservation is durable: the signed authorization leaves the machine right after it, and it counts as spent from
// then. A lost settlement or release leaves the payment `signed` and counted (the cautious side).
import type { SqlEngine, Statements } from "../engine.js";
import { paymentFromRow } from "../storeRows.js";
import type { ReserveSpendsResult, ToolServerStore, X402PaymentRecord } from "../types.js";
import { reserveIn, spendLock } from "./spends.js";

async function paymentIn(sql: Statements, nonce: string): Promise<X402PaymentRecord | undefined> {
  const row = await sql.get("SELECT * FROM x402_payments WHERE nonce = ?", [nonce.toLowerCase()]);
  return row === undefined ? undefined : paymentFromRow(row);
}

/** Changes a `signed` payment (`change`), in one transaction on the payment; resolves it as it is after. */
function changeSignedPayment(
  engine: SqlEngine,
  nonce: string,
  change: (sql: Statements, found: X402PaymentRecord) => Promise<void>,
): Promise<X402PaymentRecord | undefined> {
  return engine.write({ locks: [`preflow-x402:${nonce.toLowerCase()}`], durable: false }, async (sql) => {
    const found = await paymentIn(sql, nonce);
    if (found?.status !== "signed") return found;
    await change(sql, found);
    return paymentIn(sql, nonce);
  });
}

/** The store's x402 payment methods over `engine`. @internal */
export function x402PaymentMethods(
  engine: SqlEngine,
): Pick<
  ToolServerStore,
  "reserveX402Payment" | "getX402Payment" | "listX402Payments" | "settleX402Payment" | "releaseX402Payment"
> {
  return {
    reserveX402Payment: ({ payment: input, caps, now }) => {
      const nonce = input.nonce.toLowerCase();
      const key = `x402:${nonce}`;
      const payer = input.payer.toLowerCase();
      return engine.write({ locks: [spendLock(payer)], durable: true }, async (sql) => {
        if (await paymentIn(sql, nonce)) return { ok: true, already: [key] } as ReserveSpendsResult;
        const amounts = [{ token: input.asset, amount: input.amount }];
        const result = await reserveIn(
          sql,
          payer,
          [{ key, source: { kind: "x402", nonce }, amounts }],
          caps,
          now,
        );
        if (!result.ok) return result;
        await sql.run(
          "INSERT INTO x402_payments (nonce, payer, asset, amount, pay_to, network, valid_before, status, transaction_hash, resource, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'signed', NULL, ?, ?, ?)",
          [
            nonce,
            payer,
            input.asset.toLowerCase(),
            input.amount.toString(),
            input.payTo,
            input.network,
            input.validBefore,
            input.resource ?? null,
            now,
            now,
          ],
        );
        return result;
      });
    },
    getX402Payment: (nonce) => engine.read((sql) => paymentIn(sql, nonce)),
    listX402Payments: ({ payer, since = 0 }) =>
      engine.read(async (sql) =>
        (
          await sql.all(
            "SELECT * FROM x402_payments WHERE payer = ? AND created_at >= ? ORDER BY created_at",
            [payer.toLowerCase(), since],
          )
        ).map(paymentFromRow),
      ),
    settleX402Payment: ({ nonce, transactionHash, now }) =>
      changeSignedPayment(engine, nonce, async (sql, found) => {
        const hash = transactionHash.toLowerCase();
        await sql.run(
          "UPDATE x402_payments SET status = 'settled', transaction_hash = ?, updated_at = ? WHERE nonce = ?",
          [hash, now, found.nonce],
        );
        await sql.run("UPDATE spends SET hash = ? WHERE signer = ? AND spend_key = ?", [
          hash,
          found.payer,
          `x402:${found.nonce}`,
        ]);
      }),
    releaseX402Payment: ({ nonce, now }) =>
      changeSignedPayment(engine, nonce, async (sql, found) => {
        await sql.run("UPDATE x402_payments SET status = 'released', updated_at = ? WHERE nonce = ?", [
          now,
          found.nonce,
        ]);
        await sql.run("DELETE FROM spends WHERE signer = ? AND spend_key = ?", [
          found.payer,
          `x402:${found.nonce}`,
        ]);
      }),
  };
}
