// Reads the executions of a PostgreSQL store as a test sees it (its own connection, beside the running servers).
import pg from "pg";

/** The stored execution records of `signer` (oldest first), as JSON objects; none before the schema exists. */
export async function postgresRecords<T = Record<string, unknown>>(
  url: string,
  signer: string,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("SELECT to_regclass('executions') AS name");
    if (exists.rows[0]?.name === null) return [];
    const { rows } = await client.query("SELECT record FROM executions WHERE signer = $1 ORDER BY seq", [
      signer.toLowerCase(),
    ]);
    return rows.map((row: { record: string }) => JSON.parse(row.record) as T);
  } finally {
    await client.end();
  }
}
