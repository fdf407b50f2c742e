// The shared engine: PostgreSQL at PREFLOW_DATABASE_URL, for tool servers on several machines sharing a signer.
// The signer's queue is a session advisory lock held on one connection for the whole job (released by the server
// when that connection ends, a crashed process included); every check-and-spend runs in one transaction behind
// the signer's transaction-level advisory lock, so caps hold across servers. `pg` is loaded here only.
import type { Pool, PoolClient } from "pg";
import { StoreUnavailableError } from "../../errors/store.js";
import { decideApprovalChange, useApprovalChange } from "../approvalRules.js";
import { checkDayCaps, spendRows } from "../checkDayCaps.js";
import { STORE_MIGRATIONS, STORE_SCHEMA_VERSION } from "../migrations.js";
import { SignerQueue } from "../signerQueue.js";
import { approvalFromRow, legacySpendValues, paymentFromRow } from "../storeRows.js";
import {
  type ApprovalRecord,
  type DayCap,
  type ReserveSpendsResult,
  SPEND_WINDOW_MS,
  type SpendItem,
  STORE_EXECUTION_LIMIT,
  type StoredExecution,
  type ToolServerStore,
  type X402PaymentRecord,
} from "../types.js";
import { databaseLocation, postgresFailure } from "./postgresFailure.js";

/** How long a job waits for the signer's lock by default. @internal */
export const PG_SIGNER_LOCK_WAIT_MS = 120_000;
const MIGRATION_LOCK = 7_042_220;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const transaction = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    let client: PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client?.query("ROLLBACK").catch(() => undefined);
      throw postgresFailure(location, error);
    } finally {
      client?.release();
    }
  };
  try {
    await transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await client.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
      );
      const { rows } = await client.query("SELECT MAX(version) AS version FROM schema_migrations");
      const current = Number(rows[0]?.version ?? 0);
      if (current > STORE_SCHEMA_VERSION) {
        throw new StoreUnavailableError({
          location,
          reason: `it has schema version ${current}, newer than this server's ${STORE_SCHEMA_VERSION}`,
          remedy: "Upgrade @preflow/tools (a newer server wrote it).",
        });
      }
      for (const migration of STORE_MIGRATIONS) {
        if (migration.version <= current) continue;
        await client.query(migration.postgres);
        await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
          migration.version,
          migration.name,
          Date.now(),
        ]);
      }
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresStore(pool, location, transaction);
}

function postgresStore(
  pool: Pool,
  location: string,
  transaction: <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>,
): ToolServerStore {
  const local = new SignerQueue();
  const query = async (text: string, values: unknown[] = []) => {
    try {
      return await pool.query(text, values);
    } catch (error) {
      throw postgresFailure(location, error);
    }
  };
  /** Serialises the signer's check-and-spend transactions across servers (released at COMMIT). */
  const lockSpends = (client: PoolClient, signer: string) =>
    client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`preflow-spend:${signer}`]);
  const spentOf = async (client: PoolClient | Pool, signer: string, token: string, since: number) => {
    const { rows } = await client.query(
      "SELECT amount FROM spends WHERE signer = $1 AND token = $2 AND at > $3",
      [signer, token.toLowerCase(), since],
    );
    return rows.reduce((sum: bigint, row: { amount: string }) => sum + BigInt(row.amount), 0n);
  };
  const reserve = async (
    client: PoolClient,
    signer: string,
    items: readonly SpendItem[],
    caps: readonly DayCap[],
    now: number,
  ): Promise<ReserveSpendsResult> => {
    await lockSpends(client, signer);
    const counted = new Set<string>();
    for (const item of items) {
      const { rowCount } = await client.query(
        "SELECT 1 FROM spends WHERE signer = $1 AND (spend_key = $2 OR ($3::text IS NOT NULL AND hash = $3)) LIMIT 1",
        [signer, item.key, item.hash?.toLowerCase() ?? null],
      );
      if (rowCount) counted.add(item.key);
    }
    const spent = new Map<string, bigint>();
    for (const cap of caps) {
      const token = cap.token.toLowerCase();
      spent.set(token, await spentOf(client, signer, token, now - SPEND_WINDOW_MS));
    }
    const exceeded = checkDayCaps({ caps, items, counted, spentOf: (token) => spent.get(token) ?? 0n });
    if (exceeded.length > 0) return { ok: false, exceeded };
    for (const row of spendRows(items.filter((item) => !counted.has(item.key)))) {
      await client.query(
        "INSERT INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
        [signer, row.key, row.token, row.fee, row.amount.toString(), now, row.hash, row.source],
      );
    }
    return { ok: true, already: [...counted] };
  };
  const approval = async (client: PoolClient, id: string): Promise<ApprovalRecord | undefined> => {
    const { rows } = await client.query("SELECT * FROM approvals WHERE id = $1 FOR UPDATE", [id]);
    return rows[0] === undefined ? undefined : approvalFromRow(rows[0]);
  };
  const saveApproval = (client: PoolClient, record: ApprovalRecord) =>
    client.query("UPDATE approvals SET status = $1, decided_at = $2, used_at = $3 WHERE id = $4", [
      record.status,
      record.decidedAt,
      record.usedAt,
      record.id,
    ]);
  const payment = async (
    client: PoolClient | Pool,
    nonce: string,
  ): Promise<X402PaymentRecord | undefined> => {
    const { rows } = await client.query("SELECT * FROM x402_payments WHERE nonce = $1", [
      nonce.toLowerCase(),
    ]);
    return rows[0] === undefined ? undefined : paymentFromRow(rows[0]);
  };
  const paymentChange = (
    nonce: string,
    change: (client: PoolClient, found: X402PaymentRecord) => Promise<void>,
  ) =>
    transaction(async (client) => {
      await client.query("SELECT 1 FROM x402_payments WHERE nonce = $1 FOR UPDATE", [nonce.toLowerCase()]);
      const found = await payment(client, nonce);
      if (found?.status !== "signed") return found;
      await change(client, found);
      return payment(client, nonce);
    });

  return {
    engine: "postgres",
    location,
    schemaVersion: async () =>
      Number((await query("SELECT MAX(version) AS version FROM schema_migrations")).rows[0]?.version ?? 0),

    loadExecutions: async (signer, options = {}) =>
      (
        await query(
          `SELECT record FROM executions WHERE signer = $1${options.open ? ` AND (state <> 'done' OR record LIKE '%"status":"pending"%')` : ""} ORDER BY seq`,
          [signer.toLowerCase()],
        )
      ).rows.map((row: { record: string }) => JSON.parse(row.record) as StoredExecution),
    getExecution: async (signer, flowId) => {
      const { rows } = await query("SELECT record FROM executions WHERE signer = $1 AND flow_id = $2", [
        signer.toLowerCase(),
        flowId,
      ]);
      return rows[0] === undefined ? undefined : (JSON.parse(rows[0].record) as StoredExecution);
    },
    putExecution: (signer, record) =>
      transaction(async (client) => {
        const key = signer.toLowerCase();
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
          `preflow-executions:${key}`,
        ]);
        await client.query(
          `INSERT INTO executions (signer, flow_id, seq, state, record, updated_at)
           VALUES ($1, $2, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = $1), $3, $4, $5)
           ON CONFLICT (signer, flow_id) DO UPDATE SET state = excluded.state, record = excluded.record, updated_at = excluded.updated_at`,
          [key, record.flowId, record.state, JSON.stringify(record), Date.now()],
        );
        const { rows } = await client.query("SELECT COUNT(*) AS count FROM executions WHERE signer = $1", [
          key,
        ]);
        const count = Number(rows[0]?.count ?? 0);
        if (count > STORE_EXECUTION_LIMIT) {
          await client.query(
            "DELETE FROM executions WHERE signer = $1 AND flow_id IN (SELECT flow_id FROM executions WHERE signer = $1 AND state = 'done' ORDER BY seq LIMIT $2)",
            [key, count - STORE_EXECUTION_LIMIT],
          );
        }
      }),
    deleteExecution: async (signer, flowId) => {
      await query("DELETE FROM executions WHERE signer = $1 AND flow_id = $2", [
        signer.toLowerCase(),
        flowId,
      ]);
    },

    withSignerLock: (signer, job, options = {}) => {
      const key = signer.toLowerCase();
      return local.run(key, async () => {
        let client: PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          throw postgresFailure(location, error);
        }
        const lockKey = `preflow-signer:${key}`;
        let held = false;
        try {
          const deadline = Date.now() + (options.timeoutMs ?? PG_SIGNER_LOCK_WAIT_MS);
          for (let attempt = 0; ; attempt++) {
            const { rows } = await client
              .query("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [lockKey])
              .catch((error: unknown) => {
                throw postgresFailure(location, error);
              });
            if (rows[0]?.locked === true) break;
            if (options.signal?.aborted || Date.now() >= deadline) {
              throw new StoreUnavailableError({
                location,
                reason: `the signer ${key} stayed locked by another tool server for ${options.timeoutMs ?? PG_SIGNER_LOCK_WAIT_MS} ms`,
                remedy: "Try again once the other server's execution has ended.",
              });
            }
            await sleep(Math.min(200, 20 + attempt * 10));
          }
          held = true;
          return await job();
        } finally {
          if (held)
            await client
              .query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [lockKey])
              .catch(() => undefined);
          client.release();
        }
      });
    },

    spent: async (signer, token, since) => {
      try {
        return await spentOf(pool, signer.toLowerCase(), token, since);
      } catch (error) {
        throw postgresFailure(location, error);
      }
    },
    reserveSpends: ({ signer, items, caps, now }) =>
      transaction((client) => reserve(client, signer.toLowerCase(), items, caps, now)),
    bindSpend: ({ signer, key, hash }) =>
      transaction(async (client) => {
        const who = signer.toLowerCase();
        const lower = hash.toLowerCase();
        await lockSpends(client, who);
        const { rowCount } = await client.query(
          "SELECT 1 FROM spends WHERE signer = $1 AND hash = $2 AND spend_key <> $3 LIMIT 1",
          [who, lower, key],
        );
        if (rowCount)
          await client.query("DELETE FROM spends WHERE signer = $1 AND spend_key = $2", [who, key]);
        else
          await client.query("UPDATE spends SET hash = $1 WHERE signer = $2 AND spend_key = $3", [
            lower,
            who,
            key,
          ]);
      }),
    releaseSpend: async ({ signer, key }) => {
      await query("DELETE FROM spends WHERE signer = $1 AND spend_key = $2", [signer.toLowerCase(), key]);
    },
    settleFee: async ({ signer, hash, paid }) => {
      await query("UPDATE spends SET amount = $1 WHERE signer = $2 AND hash = $3 AND fee = 1", [
        paid.toString(),
        signer.toLowerCase(),
        hash.toLowerCase(),
      ]);
    },

    createApproval: (input) =>
      transaction(async (client) => {
        await client.query(
          "INSERT INTO approvals (id, flow_digest, flow_id, mode, status, created_at, expires_at) VALUES ($1, $2, $3, $4, 'requested', $5, $6)",
          [input.id, input.flowDigest, input.flowId, input.mode, input.createdAt, input.expiresAt],
        );
        return (await approval(client, input.id)) as ApprovalRecord;
      }),
    getApproval: async (id) => {
      const { rows } = await query("SELECT * FROM approvals WHERE id = $1", [id]);
      return rows[0] === undefined ? undefined : approvalFromRow(rows[0]);
    },
    decideApproval: ({ id, decision, now }) =>
      transaction(async (client) => {
        const change = decideApprovalChange(await approval(client, id), decision, now);
        if (change.ok || change.approval?.status === "expired")
          await saveApproval(client, change.approval as ApprovalRecord);
        return change;
      }),
    useApproval: ({ id, flowDigest, now }) =>
      transaction(async (client) => {
        const change = useApprovalChange(await approval(client, id), flowDigest, now);
        if (change.ok || change.approval?.status === "expired")
          await saveApproval(client, change.approval as ApprovalRecord);
        return change;
      }),
    expireApprovals: async (now) =>
      (
        await query(
          "UPDATE approvals SET status = 'expired' WHERE status IN ('requested', 'approved') AND expires_at <= $1",
          [now],
        )
      ).rowCount ?? 0,

    reserveX402Payment: ({ payment: input, caps, now }) =>
      transaction(async (client) => {
        const nonce = input.nonce.toLowerCase();
        const key = `x402:${nonce}`;
        const payer = input.payer.toLowerCase();
        await lockSpends(client, payer);
        if (await payment(client, nonce)) return { ok: true, already: [key] } as ReserveSpendsResult;
        const result = await reserve(
          client,
          payer,
          [{ key, source: { kind: "x402", nonce }, amounts: [{ token: input.asset, amount: input.amount }] }],
          caps,
          now,
        );
        if (!result.ok) return result;
        await client.query(
          "INSERT INTO x402_payments (nonce, payer, asset, amount, pay_to, network, valid_before, status, transaction_hash, resource, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'signed', NULL, $8, $9, $9)",
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
          ],
        );
        return result;
      }),
    getX402Payment: async (nonce) => {
      try {
        return await payment(pool, nonce);
      } catch (error) {
        throw postgresFailure(location, error);
      }
    },
    listX402Payments: async ({ payer, since = 0 }) =>
      (
        await query("SELECT * FROM x402_payments WHERE payer = $1 AND created_at >= $2 ORDER BY created_at", [
          payer.toLowerCase(),
          since,
        ])
      ).rows.map(paymentFromRow),
    settleX402Payment: ({ nonce, transactionHash, now }) =>
      paymentChange(nonce, async (client, found) => {
        const hash = transactionHash.toLowerCase();
        await client.query(
          "UPDATE x402_payments SET status = 'settled', transaction_hash = $1, updated_at = $2 WHERE nonce = $3",
          [hash, now, found.nonce],
        );
        await client.query("UPDATE spends SET hash = $1 WHERE signer = $2 AND spend_key = $3", [
          hash,
          found.payer,
          `x402:${found.nonce}`,
        ]);
      }),
    releaseX402Payment: ({ nonce, now }) =>
      paymentChange(nonce, async (client, found) => {
        await client.query("UPDATE x402_payments SET status = 'released', updated_at = $1 WHERE nonce = $2", [
          now,
          found.nonce,
        ]);
        await client.query("DELETE FROM spends WHERE signer = $1 AND spend_key = $2", [
          found.payer,
          `x402:${found.nonce}`,
        ]);
      }),

    importLegacy: (legacy) =>
      transaction(async (client) => {
        const inserted = await client.query(
          "INSERT INTO imports (name, imported_at, detail) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [legacy.name, Date.now(), legacy.detail],
        );
        if (!inserted.rowCount) return false;
        for (const { signer, record } of legacy.executions) {
          await client.query(
            `INSERT INTO executions (signer, flow_id, seq, state, record, updated_at)
             VALUES ($1, $2, (SELECT COALESCE(MAX(seq), 0) + 1 FROM executions WHERE signer = $1), $3, $4, $5)
             ON CONFLICT DO NOTHING`,
            [signer.toLowerCase(), record.flowId, record.state, JSON.stringify(record), Date.now()],
          );
        }
        for (const row of legacy.spends) {
          await client.query(
            "INSERT INTO spends (signer, spend_key, token, fee, amount, at, hash, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
            legacySpendValues(row, legacy.name),
          );
        }
        return true;
      }),

    close: async () => {
      await pool.end().catch(() => undefined);
    },
  };
}
