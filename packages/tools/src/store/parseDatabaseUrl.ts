import { InvalidToolServerConfigError } from "../errors/config.js";
import { databaseLocation } from "./postgres/postgresFailure.js";

/**
 * Checks `PREFLOW_DATABASE_URL` at start (no connection made): a `postgres://` or `postgresql://` URL with a host and
 * a database. Its password is a secret: `secrets` are what the server's redactor is given (the password, and the
 * whole URL when it carries a password or a query string), never `location`, the URL without them
 * (`postgres://user@host:port/database`), which the store's refusals name. @internal
 */
export function parseDatabaseUrl(
  url: string | undefined,
): { url: string; password: string | undefined; location: string; secrets: string[] } | undefined {
  if (url === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (
    parsed === undefined ||
    (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") ||
    parsed.hostname === "" ||
    parsed.pathname.length < 2
  ) {
    throw new InvalidToolServerConfigError({
      variable: "PREFLOW_DATABASE_URL",
      value: parsed === undefined ? `${url.length} characters` : databaseLocation(url),
      rule: "must be postgres://user:password@host:port/database",
    });
  }
  const password = parsed.password === "" ? undefined : decodeURIComponent(parsed.password);
  const location = databaseLocation(url);
  // A URL without password or query string is its location: redacting it would leave refusals naming no database.
  const secrets = [...(password === undefined ? [] : [password]), ...(location === url ? [] : [url])];
  return { url, password, location, secrets };
}
