// What a signer spent per token over the rolling 24 hours, in the tool server's store (store/types.ts), shared by
// every server of the signer: each spend keyed (a flow's step and attempt, an x402 nonce) and bound to its
// transaction's hash (counted once whatever happens), the day's caps checked and reserved in one transaction.
// The `spending.json` of earlier versions is imported once, then left as it was.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isRecord } from "@preflow/errors";
import {
  type DayCap,
  type ReserveSpendsResult,
  SPEND_WINDOW_MS,
  type SpendItem,
  type ToolServerStore,
} from "../store/types.js";

/** The file of earlier versions. @internal */
export const SPENDING_FILE_NAME = "spending.json";

/** Imports `<stateDir>/spending.json` once: every signer's entries, one per hash (a hash counted twice once). @internal */
export async function importSpendingFile(
  store: ToolServerStore,
  stateDir: string,
  log: (line: string) => void,
): Promise<void> {
  const file = join(stateDir, SPENDING_FILE_NAME);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return;
    if (
      await store.importLegacy({
        name: SPENDING_FILE_NAME,
        detail: "refused: unreadable or not JSON",
        executions: [],
        spends: [],
      })
    )
      log(`${file}: unreadable or not JSON; not imported (the file is left as it is)`);
    return;
  }
  const spends: Parameters<ToolServerStore["importLegacy"]>[0]["spends"][number][] = [];
  let refused = 0;
  const lists = isRecord(json) && json.version === 1 && isRecord(json.spends) ? json.spends : {};
  for (const [signer, list] of Object.entries(lists)) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(signer) || !Array.isArray(list)) {
      refused++;
      continue;
    }
    list.forEach((entry: unknown, position: number) => {
      const valid =
        isRecord(entry) &&
        typeof entry.token === "string" &&
        /^0x[0-9a-fA-F]{40}$/.test(entry.token) &&
        typeof entry.amount === "string" &&
        /^\d{1,78}$/.test(entry.amount) &&
        typeof entry.at === "number" &&
        Number.isSafeInteger(entry.at) &&
        (entry.hash === null || (typeof entry.hash === "string" && /^0x[0-9a-fA-F]{64}$/.test(entry.hash))) &&
        (entry.fee === undefined || entry.fee === true);
      if (!valid) {
        refused++;
        return;
      }
      const hash = entry.hash as string | null;
      spends.push({
        signer,
        key: `legacy:${hash === null ? `${entry.at}:${position}` : hash.toLowerCase()}`,
        token: entry.token as string,
        fee: entry.fee === true,
        amount: BigInt(entry.amount as string),
        at: entry.at as number,
        hash,
      });
    });
  }
  const detail = `${spends.length} spend(s) imported, ${refused} refused`;
  if (await store.importLegacy({ name: SPENDING_FILE_NAME, detail, executions: [], spends })) {
    log(`${file}: ${detail} into ${store.location} (the file is left as it is and no longer written)`);
  }
}

/** The signer's ledger over the store (opened on first use). Every method rejects with StoreUnavailableError. @internal */
export class SpendLedger {
  private readonly signer: string;
  private readonly now: () => number;
  private opening: Promise<ToolServerStore> | undefined;

  constructor(
    private readonly parameters: {
      store: () => Promise<ToolServerStore>;
      stateDir: string;
      signer: string;
      log: (line: string) => void;
      now?: () => number;
    },
  ) {
    this.signer = parameters.signer.toLowerCase();
    this.now = parameters.now ?? Date.now;
  }

  /** The store, with `spending.json` imported once. */
  store(): Promise<ToolServerStore> {
    this.opening ??= (async () => {
      const store = await this.parameters.store();
      await importSpendingFile(store, this.parameters.stateDir, this.parameters.log);
      return store;
    })().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  /** Spent of each token (lowercase address) in the rolling 24 h window, base units. */
  async spent(tokens: Iterable<string>): Promise<Map<string, bigint>> {
    const store = await this.store();
    const since = this.now() - SPEND_WINDOW_MS;
    const spent = new Map<string, bigint>();
    for (const token of tokens) spent.set(token.toLowerCase(), await store.spent(this.signer, token, since));
    return spent;
  }

  /** Checks `caps` and reserves `items` in one transaction (all or none). */
  async reserve(items: readonly SpendItem[], caps: readonly DayCap[]): Promise<ReserveSpendsResult> {
    return (await this.store()).reserveSpends({ signer: this.signer, items, caps, now: this.now() });
  }

  /** A reservation's transaction was signed: its hash (counted once). */
  async bind(key: string, hash: string): Promise<void> {
    await (await this.store()).bindSpend({ signer: this.signer, key, hash });
  }

  /** A reservation whose transaction certainly never left. */
  async release(key: string): Promise<void> {
    await (await this.store()).releaseSpend({ signer: this.signer, key });
  }

  /** The fee a mined step paid (its receipt) replaces its `fee.max`; 0n for a step certainly never sent. */
  async settleFee(hash: string, paid: bigint): Promise<void> {
    await (await this.store()).settleFee({ signer: this.signer, hash, paid });
  }
}
