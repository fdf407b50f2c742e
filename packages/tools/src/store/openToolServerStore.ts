// The one way the tools reach the store: opened on the first tool that needs it (the engine's module is imported
// then, never at the server's start), shared by every later call. A failed open is not kept: the next call tries
// again (a store moved aside or unlocked meanwhile works without a restart), and each failure is a
// StoreUnavailableError naming the file or database.
import { join } from "node:path";
import type { ToolServerStore } from "./types.js";

/** Where the store is: the state directory (SQLite), or a PostgreSQL URL (`PREFLOW_DATABASE_URL`). @internal */
export interface StoreLocation {
  stateDir: string;
  databaseUrl?: string | undefined;
}

/** A memoised opener of the store at `location`. @internal */
export function storeOpener(location: StoreLocation): () => Promise<ToolServerStore> {
  let opening: Promise<ToolServerStore> | undefined;
  return () => {
    opening ??= openToolServerStore(location).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
}

/** Opens the store at `location` (see {@link storeOpener}). @internal */
export async function openToolServerStore(location: StoreLocation): Promise<ToolServerStore> {
  if (location.databaseUrl !== undefined) {
    const { openPostgresStore } = await import("./postgres/openPostgresStore.js");
    return openPostgresStore({ url: location.databaseUrl });
  }
  const { openSqliteStore, SQLITE_STORE_FILE } = await import("./sqlite/openSqliteStore.js");
  return openSqliteStore({ file: join(location.stateDir, SQLITE_STORE_FILE) });
}
