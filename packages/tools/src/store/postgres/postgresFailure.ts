// What a PostgreSQL failure means to the user: a StoreUnavailableError naming the database (its URL without the
// password), the reason and what to do.
import { StoreUnavailableError } from "../../errors/store.js";

/** The database's URL without its password (what messages name). @internal */
export function databaseLocation(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.search = "";
    return parsed.toString();
  } catch {
    return "PREFLOW_DATABASE_URL (not a URL)";
  }
}

/** A StoreUnavailableError for `error` thrown by the PostgreSQL client on `location`. @internal */
export function postgresFailure(location: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  const base = { location, cause: error };
  if (code === "28P01" || code === "28000" || code === "3D000" || code === "42501") {
    return new StoreUnavailableError({
      ...base,
      reason: `the database refused this user or does not exist (${code})`,
      remedy: "Check PREFLOW_DATABASE_URL's user, password and database name, and the user's rights.",
    });
  }
  if (code.startsWith("ECONN") || code === "ENOTFOUND" || code === "ETIMEDOUT" || code.startsWith("57P")) {
    return new StoreUnavailableError({
      ...base,
      reason: `it cannot be reached (${code})`,
      remedy:
        "Check that the PostgreSQL server of PREFLOW_DATABASE_URL is running and reachable, then try again.",
    });
  }
  const message = (error as Error | null)?.message ?? "";
  return new StoreUnavailableError({
    ...base,
    reason: `it failed (${code === "" ? (/timeout/i.test(message) ? "timeout" : ((error as Error | null)?.name ?? "error")) : code})`,
    remedy: "Try again; if it keeps failing, check the PostgreSQL server's log.",
  });
}
