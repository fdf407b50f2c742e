const SECRET_PARAM = /key|token|secret|auth|pass|sig|credential|session/i;
/** A path segment that looks like a credential (Infura `/v3/<id>`, Alchemy `/v2/<key>`...). */
const SECRET_SEGMENT = /^(?=.*\d)(?=.*[a-z])[A-Za-z0-9_-]{20,}$/i;
const MASK = "***";

/**
 * Returns `url` with everything that may be a credential replaced by `***`: user and password, the values of
 * query parameters such as `apikey`, `key`, `token`, and path segments that look like API keys (long mixed
 * letters and digits); the fragment is dropped. A string that is not a URL gives `"<invalid url>"`.
 *
 * @param url - Any URL (an RPC endpoint, a sponsorship endpoint with `?apikey=`...).
 * @returns The URL safe to print.
 *
 * @example
 * ```ts
 * import { redactUrl } from "@preflow/errors";
 *
 * redactUrl("https://user:pw@rpc.example/v2/abcdefghij0123456789xyz?apikey=s3cret");
 * // "https://***:***@rpc.example/v2/***?apikey=***"
 * ```
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "<invalid url>";
  }
  if (parsed.username) parsed.username = MASK;
  if (parsed.password) parsed.password = MASK;
  parsed.pathname = parsed.pathname
    .split("/")
    .map((segment) => (SECRET_SEGMENT.test(segment) ? MASK : segment))
    .join("/");
  const names = new Set<string>();
  parsed.searchParams.forEach((_value, name) => {
    names.add(name);
  });
  for (const name of names) if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, MASK);
  if (parsed.hash) parsed.hash = "";
  // URLSearchParams percent-encodes `*`; keep the marker readable.
  return parsed.toString().replaceAll("%2A%2A%2A", MASK);
}
