// The store's schema, as versioned migrations run in order by both engines (each in one transaction, its version
// recorded in `schema_migrations`). A migration, once released, is never edited: a change is a new one.
// Amounts are decimal text (base units, summed as bigint in JS: both engines agree); times are epoch ms.

/** One migration: its version (1, 2, ...), a name, and its SQL for each engine. @internal */
export interface StoreMigration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

const v1 = (integer: string) => `
CREATE TABLE executions (
  signer TEXT NOT NULL,
  flow_id TEXT NOT NULL,
  seq ${integer} NOT NULL,
  state TEXT NOT NULL,
  record TEXT NOT NULL,
  updated_at ${integer} NOT NULL,
  PRIMARY KEY (signer, flow_id)
);
CREATE INDEX executions_by_seq ON executions (signer, seq);
CREATE TABLE spends (
  signer TEXT NOT NULL,
  spend_key TEXT NOT NULL,
  token TEXT NOT NULL,
  fee INTEGER NOT NULL,
  amount TEXT NOT NULL,
  at ${integer} NOT NULL,
  hash TEXT,
  source TEXT NOT NULL,
  PRIMARY KEY (signer, spend_key, token, fee)
);
CREATE INDEX spends_by_time ON spends (signer, token, at);
CREATE INDEX spends_by_hash ON spends (signer, hash);
CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  flow_digest TEXT NOT NULL,
  flow_id TEXT NOT NULL,
  mode TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at ${integer} NOT NULL,
  expires_at ${integer} NOT NULL,
  decided_at ${integer},
  used_at ${integer}
);
CREATE TABLE x402_payments (
  nonce TEXT PRIMARY KEY,
  payer TEXT NOT NULL,
  asset TEXT NOT NULL,
  amount TEXT NOT NULL,
  pay_to TEXT NOT NULL,
  network TEXT NOT NULL,
  valid_before ${integer} NOT NULL,
  status TEXT NOT NULL,
  transaction_hash TEXT,
  resource TEXT,
  created_at ${integer} NOT NULL,
  updated_at ${integer} NOT NULL
);
CREATE INDEX x402_by_payer ON x402_payments (payer, created_at);
CREATE TABLE signer_locks (
  signer TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  pid INTEGER NOT NULL,
  lease_until ${integer} NOT NULL
);
CREATE TABLE imports (
  name TEXT PRIMARY KEY,
  imported_at ${integer} NOT NULL,
  detail TEXT NOT NULL
);
`;

/** Every migration, oldest first. @internal */
export const STORE_MIGRATIONS: readonly StoreMigration[] = [
  {
    version: 1,
    name: "executions, spends, approvals, x402 payments, locks",
    sqlite: v1("INTEGER"),
    postgres: v1("BIGINT"),
  },
];

/** The version a store is at once every migration ran. @internal */
export const STORE_SCHEMA_VERSION = STORE_MIGRATIONS.length;
