// The spend ledger for both engines: what a signer spent in the window, the day caps checked and the items reserved
// in one transaction serialised on the signer's spends (all or none, a key or a hash counted once), a reservation
// bound to its transaction's hash, released, or its fee settled. None of these commits is durable: a reservation
// precedes a signature whose write-ahead record (durable, later in the same log) carries it to disk, and a lost
// bind, release or settlement leaves the spend counted (the cautious side).

import { checkDayCaps, spendRows } from "../checkDayCaps.js";
import type { SqlEngine, Statements } from "../engine.js";
import {
  type DayCap,
  type ReserveSpendsResult,
  SPEND_WINDOW_MS,
  type SpendItem,
  type ToolServerStore,
} from "../types.js";

/** The lock key of a signer's check-and-spend transactions. @internal */
export const spendLock = (signer: string) => `preflow-spend:${signer}`;

async function spentOf(sql: Statements, signer: string, token: string, since: number): Promise<bigint> {
  const rows = await sql.all("SELECT amount FROM spends WHERE signer = ? AND token = ? AND at > ?", [
    signer,
    token.toLowerCase(),
    since,
  ]);
  return rows.reduce((sum, row) => sum + BigInt(String(row.amount)), 0n);
}

/** Keys of `items` already counted: the key itself, or its hash under another key. */
async function countedKeys(
  sql: Statements,
  signer: string,
  items: readonly SpendItem[],
): Promise<Set<string>> {
  const counted = new Set<string>();
  for (const item of items) {
    const byKey = await sql.get("SELECT 1 AS found FROM spends WHERE signer = ? AND spend_key = ? LIMIT 1", [
      signer,
      item.key,
    ]);
    const byHash =
      byKey === undefined && item.hash
        ? await sql.get("SELECT 1 AS found FROM spends WHERE signer = ? AND hash = ? LIMIT 1", [
            signer,
            item.hash.toLowerCase(),
          ])
        : undefined;
    if (byKey !== undefined || byHash !== undefined) counted.add(item.key);
  }
  return counted;
}

/**
 * Checks the caps and reserves the items not yet counted, inside a write transaction that holds
 * {@link spendLock}(signer). @internal
 */
export async function reserveIn(
  sql: Statements,
  signer: string,
  items: readonly SpendItem[],
  caps: readonly DayCap[],
  now: number,
): Promise<ReserveSpendsResult> {
  const counted = await countedKeys(sql, signer, items);
  const spent = new Map<string, bigint>();
  for (const cap of caps) {
    const token = cap.token.toLowerCase();
    if (!spent.has(token)) spent.set(token, await spentOf(sql, signer, token, now - SPEND_WINDOW_MS));
  }
  const exceeded = checkDayCaps({ caps, items, counted, spentOf: (token) => spent.get(token) ?? 0n });
  if (exceeded.length > 0) return { ok: false, exceeded };
  for (const row of spendRows(items.filter((item) => !counted.has(item.key)))) {
    await sql.run(
      "INSERT INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      [signer, row.key, row.token, row.fee, row.amount.toString(), now, row.hash, row.source],
    );
  }
  return { ok: true, already: [...counted] };
}

/** The store's spend-ledger methods over `engine`. @internal */
export function spendMethods(
  engine: SqlEngine,
): Pick<ToolServerStore, "spent" | "reserveSpends" | "bindSpend" | "releaseSpend" | "settleFee"> {
  return {
    spent: (signer, token, since) => engine.read((sql) => spentOf(sql, signer.toLowerCase(), token, since)),
    reserveSpends: ({ signer, items, caps, now }) => {
      const who = signer.toLowerCase();
      return engine.write({ locks: [spendLock(who)], durable: false }, (sql) =>
        reserveIn(sql, who, items, caps, now),
      );
    },
    bindSpend: async ({ signer, key, hash }) => {
      const who = signer.toLowerCase();
      const lower = hash.toLowerCase();
      await engine.write({ locks: [spendLock(who)], durable: false }, async (sql) => {
        const other = await sql.get(
          "SELECT 1 AS found FROM spends WHERE signer = ? AND hash = ? AND spend_key <> ? LIMIT 1",
          [who, lower, key],
        );
        if (other !== undefined)
          await sql.run("DELETE FROM spends WHERE signer = ? AND spend_key = ?", [who, key]);
        else
          await sql.run("UPDATE spends SET hash = ? WHERE signer = ? AND spend_key = ?", [lower, who, key]);
      });
    },
    releaseSpend: async ({ signer, key }) => {
      await engine.write({ durable: false }, (sql) =>
        sql.run("DELETE FROM spends WHERE signer = ? AND spend_key = ?", [signer.toLowerCase(), key]),
      );
    },
    settleFee: async ({ signer, hash, paid }) => {
      await engine.write({ durable: false }, (sql) =>
        sql.run("UPDATE spends SET amount = ? WHERE signer = ? AND hash = ? AND fee = 1", [
          paid.toString(),
          signer.toLowerCase(),
          hash.toLowerCase(),
        ]),
      );
    },
  };
}
