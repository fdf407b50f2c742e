// The shared store: PostgreSQL at PREFLOW_DATABASE_URL, for tool servers on several machines sharing a signer:
// postgresEngine.ts under the store's rules (sqlStore.ts). `pg` is loaded here only.
import type { Pool } from "pg";
import { migrate } from "../rules/migrate.js";
import { sqlStore } from "../sqlStore.js";
import type { ToolServerStore } from "../types.js";
import { PostgresEngine } from "./postgresEngine.js";
import { databaseLocation, postgresFailure } from "./postgresFailure.js";

/** How long a job waits for the signer's lock by default. @internal */
export { SIGNER_LOCK_WAIT_MS as PG_SIGNER_LOCK_WAIT_MS } from "../rules/signerLock.js";

/** Opens the PostgreSQL store at `url`, running the migrations. Rejects with StoreUnavailableError. @internal */
export async function openPostgresStore(parameters: { url: string }): Promise<ToolServerStore> {
  const location = databaseLocation(parameters.url);
  let pool: Pool;
  try {
    const pg = (await import("pg")).default;
    pool = new pg.Pool({
      connectionString: parameters.url,
      max: 4,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 10_000,
    });
    // An idle client's error (the server went away) must not end the process; the next query reports it.
    pool.on("error", () => undefined);
  } catch (error) {
    throw postgresFailure(location, error);
  }
  const engine = new PostgresEngine(pool, location);
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return sqlStore(engine);
}
