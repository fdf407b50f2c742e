import { InvalidToolServerConfigError } from "../errors/config.js";
import { databaseLocation } from "./postgres/postgresFailure.js";

/**
 * Checks `PREFLOW_DATABASE_URL` at start (no connection made): a `postgres://` or `postgresql://` URL with a host and
 * a database. Its password is a secret (the server's redactor is given it); errors name the URL without it. @internal
 */
export function parseDatabaseUrl(
  url: string | undefined,
): { url: string; password: string | undefined } | undefined {
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
  return { url, password };
}
