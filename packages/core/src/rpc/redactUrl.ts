const SECRET_PARAM = /key|token|secret|auth|pass|sig|credential|session/i;
/** A path segment that looks like a credential (Infura `/v3/<id>`, Alchemy `/v2/<key>`...). */
const SECRET_SEGMENT = /^(?=.*\d)(?=.*[a-z])[A-Za-z0-9_-]{20,}$/i;
const REDACTED = "***";

/**
 * Returns `url` with everything that may be a credential replaced by `***`: user and password,
 * the values of query parameters such as `apikey`, `key`, `token`, and path segments that look like
 * API keys (long mixed letters and digits). A string that is not a URL is returned as `"<invalid url>"`
 * unless it is short and harmless-looking.
 *
 * @example
 * ```ts
 * import { redactUrl } from "@preflow/core";
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
  if (parsed.username) parsed.username = REDACTED;
  if (parsed.password) parsed.password = REDACTED;
  const segments = parsed.pathname
    .split("/")
    .map((segment) => (SECRET_SEGMENT.test(segment) ? REDACTED : segment));
  parsed.pathname = segments.join("/");
  const params = [...parsed.searchParams.keys()];
  for (const name of new Set(params)) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, REDACTED);
  }
  if (parsed.hash) parsed.hash = "";
  // URLSearchParams percent-encodes `*`; keep the marker readable.
  return parsed.toString().replaceAll("%2A%2A%2A", REDACTED);
}

/**
 * Replaces every occurrence of `url` (and its redacted-credential-free forms) in `text` by its redacted form.
 * @internal
 */
export function redactUrlIn(text: string, url: string): string {
  const redacted = redactUrl(url);
  let out = text.split(url).join(redacted);
  try {
    const normalized = new URL(url).toString();
    out = out.split(normalized).join(redacted);
    const withoutCredentials = new URL(url);
    withoutCredentials.username = "";
    withoutCredentials.password = "";
    out = out.split(withoutCredentials.toString()).join(redacted);
  } catch {
    // not a URL: nothing more to replace
  }
  // Defensive: never let an apikey query value through, whatever the URL.
  return out.replace(/([?&](?:api[-_]?key|key|token|secret)=)[^&\s"']+/gi, `$1${REDACTED}`);
}
