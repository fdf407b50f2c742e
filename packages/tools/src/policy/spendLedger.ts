import { join } from "node:path";
import { readJsonFile, writeJsonAtomic } from "../state/writeJsonAtomic.js";

const DAY_MS = 24 * 60 * 60 * 1000;

interface SpendEntry {
  /** Token address, lowercase. */
  token: string;
  /** Base units, decimal string. */
  amount: string;
  /** Unix ms. */
  at: number;
  hash: string | null;
  /** Gas paid in the token (CIP-64): `fee.max` when signed, what the receipt says once mined. */
  fee?: true;
}

interface LedgerFile {
  version: 1;
  /** By signer address (lowercase). */
  spends: Record<string, SpendEntry[]>;
}

/**
 * What a signer spent per token over the last 24 hours, kept in `<stateDir>/spending.json` (written
 * atomically on every change), so caps per day survive a restart. @internal
 */
export class SpendLedger {
  readonly file: string;
  private readonly signer: string;
  private entries: SpendEntry[];
  private readonly now: () => number;

  constructor(parameters: { stateDir: string; signer: string; now?: () => number }) {
    this.file = join(parameters.stateDir, "spending.json");
    this.signer = parameters.signer.toLowerCase();
    this.now = parameters.now ?? Date.now;
    const loaded = readJsonFile(this.file) as LedgerFile | undefined;
    const list = loaded?.version === 1 ? loaded.spends?.[this.signer] : undefined;
    this.entries = Array.isArray(list)
      ? list.filter(
          (entry) =>
            typeof entry?.token === "string" &&
            typeof entry.amount === "string" &&
            /^\d+$/.test(entry.amount) &&
            typeof entry.at === "number" &&
            (entry.fee === undefined || entry.fee === true),
        )
      : [];
  }

  /** Spent of `token` (address) in the rolling 24 h window, base units. */
  spent(token: string): bigint {
    const since = this.now() - DAY_MS;
    const key = token.toLowerCase();
    return this.entries
      .filter((entry) => entry.token === key && entry.at > since)
      .reduce((sum, entry) => sum + BigInt(entry.amount), 0n);
  }

  /** Records spends (a step was signed: it may be sent) and writes the file. */
  record(amounts: readonly { token: string; amount: bigint; fee?: true }[], hash: string | null): void {
    const at = this.now();
    const fresh = amounts
      .filter((spend) => spend.amount > 0n)
      .map((spend) => ({
        token: spend.token.toLowerCase(),
        amount: spend.amount.toString(),
        at,
        hash,
        ...(spend.fee ? { fee: true as const } : {}),
      }));
    if (fresh.length === 0) return;
    this.entries = [...this.entries.filter((entry) => entry.at > at - DAY_MS), ...fresh];
    this.write();
  }

  /**
   * The fee a mined step actually paid (its receipt) replaces the `fee.max` recorded when it was signed; a step
   * certainly never sent (`paid` 0n) paid none. Writes the file when anything changed.
   */
  settleFee(hash: string, paid: bigint): void {
    let changed = false;
    this.entries = this.entries.map((entry) => {
      if (!entry.fee || entry.hash !== hash || entry.amount === paid.toString()) return entry;
      changed = true;
      return { ...entry, amount: paid.toString() };
    });
    if (changed) this.write();
  }

  private write(): void {
    const existing = (readJsonFile(this.file) as LedgerFile | undefined) ?? { version: 1, spends: {} };
    const spends = existing.version === 1 && typeof existing.spends === "object" ? existing.spends : {};
    writeJsonAtomic(this.file, {
      version: 1,
      spends: { ...spends, [this.signer]: this.entries },
    } satisfies LedgerFile);
  }
}
