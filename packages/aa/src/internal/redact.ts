const REDACTED = "***";
const SECRET_QUERY = /([?&](?:api[-_]?key|key|token|secret|access[-_]?token)=)[^&\s"'<>\\]+/gi;

/**
 * Removes credentials from text before it reaches an error, a result or a log: every literal occurrence of
 * the given secrets (raw and URL-encoded) and, whatever the secret, the value of any `apikey=`-like query
 * parameter. @internal
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(REDACTED);
  }
  return out.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Shortens a message for a result or error (viem messages carry whole request bodies). @internal */
export function shorten(text: string, max = 400): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 3)}...` : oneLine;
}
