// The one rule of the day caps, for both engines: inside their check-and-reserve transaction they read what the
// signer spent in the window and what a reservation adds, and this says which caps it would break.
import type { CapExceeded, DayCap, SpendItem } from "./types.js";

/**
 * The caps a reservation would break: for each cap, the window's spends (`spentOf`) plus what the items add (keys in
 * `counted`, already in the ledger, add nothing) must stay at or below the limit. Gas (`fee`) counts too. @internal
 */
export function checkDayCaps(parameters: {
  caps: readonly DayCap[];
  items: readonly SpendItem[];
  counted: ReadonlySet<string>;
  spentOf: (token: string) => bigint;
}): CapExceeded[] {
  const { caps, items, counted, spentOf } = parameters;
  const exceeded: CapExceeded[] = [];
  for (const cap of caps) {
    const token = cap.token.toLowerCase();
    let adding = 0n;
    for (const item of items) {
      if (counted.has(item.key)) continue;
      for (const amount of item.amounts) if (amount.token.toLowerCase() === token) adding += amount.amount;
    }
    if (adding === 0n) continue;
    const spent = spentOf(token);
    if (spent + adding > cap.limit) {
      exceeded.push({
        token,
        limit: cap.limit,
        spent,
        adding,
        ...(cap.symbol ? { symbol: cap.symbol } : {}),
      });
    }
  }
  return exceeded;
}

/** The rows a reservation writes: one per key, token and kind (amount or fee), amounts of one kind summed. @internal */
export function spendRows(items: readonly SpendItem[]): {
  key: string;
  token: string;
  fee: 0 | 1;
  amount: bigint;
  hash: string | null;
  source: string;
}[] {
  const rows = new Map<
    string,
    { key: string; token: string; fee: 0 | 1; amount: bigint; hash: string | null; source: string }
  >();
  for (const item of items) {
    for (const amount of item.amounts) {
      if (amount.amount <= 0n) continue;
      const token = amount.token.toLowerCase();
      const fee = amount.fee ? 1 : 0;
      const id = `${item.key}\u0000${token}\u0000${fee}`;
      const row = rows.get(id);
      if (row) row.amount += amount.amount;
      else
        rows.set(id, {
          key: item.key,
          token,
          fee,
          amount: amount.amount,
          hash: item.hash?.toLowerCase() ?? null,
          source: JSON.stringify(item.source),
        });
    }
  }
  return [...rows.values()];
}
