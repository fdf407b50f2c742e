// The store's rules, written once over an engine (engine.ts): executions, the signer's queue, the spend ledger,
// approvals, x402 payments and the import of the JSON files (rules/). SQLite and PostgreSQL (sqlite/, postgres/)
// only open the engine; both pass the same tests (test/store.test.ts).
import type { SqlEngine } from "./engine.js";
import { approvalMethods } from "./rules/approvals.js";
import { executionMethods } from "./rules/executions.js";
import { importLegacy } from "./rules/importLegacy.js";
import { signerLockMethod } from "./rules/signerLock.js";
import { spendMethods } from "./rules/spends.js";
import { x402PaymentMethods } from "./rules/x402Payments.js";
import type { ToolServerStore } from "./types.js";

/** The tool server's store over `engine` (already migrated). @internal */
export function sqlStore(engine: SqlEngine): ToolServerStore {
  return {
    engine: engine.engine,
    location: engine.location,
    schemaVersion: () =>
      engine.read(async (sql) =>
        Number((await sql.get("SELECT MAX(version) AS version FROM schema_migrations"))?.version ?? 0),
      ),
    ...executionMethods(engine),
    withSignerLock: signerLockMethod(engine),
    ...spendMethods(engine),
    ...approvalMethods(engine),
    ...x402PaymentMethods(engine),
    importLegacy: (legacy) => importLegacy(engine, legacy),
    commitCounts: () => engine.commitCounts(),
    close: () => engine.close(),
  };
}
