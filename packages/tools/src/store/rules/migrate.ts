// The migrations, run by both engines at open in one durable transaction behind the migrations' lock: each one not
// yet applied, in order, its version recorded. A store of a newer schema is refused (a newer server wrote it).
import { StoreUnavailableError } from "../../errors/store.js";
import { MIGRATIONS_LOCK, type SqlEngine } from "../engine.js";
import { STORE_MIGRATIONS, STORE_SCHEMA_VERSION } from "../migrations.js";

/** Brings the store at `engine` to {@link STORE_SCHEMA_VERSION}. Rejects with StoreUnavailableError. @internal */
export function migrate(engine: SqlEngine): Promise<void> {
  const integer = engine.engine === "sqlite" ? "INTEGER" : "BIGINT";
  return engine.write({ locks: [MIGRATIONS_LOCK], durable: true }, async (sql) => {
    await sql.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${integer} NOT NULL)`,
    );
    const current = Number(
      (await sql.get("SELECT MAX(version) AS version FROM schema_migrations"))?.version ?? 0,
    );
    if (current > STORE_SCHEMA_VERSION) {
      throw new StoreUnavailableError({
        location: engine.location,
        reason: `it has schema version ${current}, newer than this server's ${STORE_SCHEMA_VERSION}`,
        remedy: "Upgrade @preflow/tools (a newer server wrote it).",
      });
    }
    for (const migration of STORE_MIGRATIONS) {
      if (migration.version <= current) continue;
      await sql.exec(migration[engine.engine]);
      await sql.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    }
  });
}
