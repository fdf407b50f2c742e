import { redactUrl } from "./redactUrl.js";

/** What a literal secret is replaced with (the same text a wrapped secret prints). */
const REDACTED = "[redacted]";
// A value ends at `&`, a space, a quote or an angle bracket; punctuation right before that end (`):` of "(got
// URL): rule", a full stop) is prose, not part of the value, and stays. (`]` is not: `[redacted]` is a value.)
const SECRET_QUERY =
  /([?&](?:api[-_]?key|key|token|secret|access[-_]?token)=)[^&\s"'<>\\]+?(?=[&\s"'<>\\]|[),;:.!?]{1,8}(?:[\s"'<>\\]|$)|$)/gi;
const BEARER = /(bearer\s+)[^\s"']+/gi;
const HEX_KEY = /^(?:0x)?([0-9a-fA-F]{64})$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function urlForms(url: string): string[] {
  const forms = [url];
  try {
    const parsed = new URL(url);
    forms.push(parsed.toString());
    parsed.username = "";
    parsed.password = "";
    forms.push(parsed.toString());
  } catch {
    // not a URL: only the literal form
  }
  return forms;
}

/**
 * Removes credentials from text before it reaches an error, a result, a log or telemetry. The one redactor
 * of preflow:
 *
 * - every given secret, wherever it sits: raw and URL-encoded; a 32-byte hex key in any case, with or without
 *   `0x`; secrets shorter than 4 characters are ignored (they would match everywhere) → `[redacted]`;
 * - a secret that is an `http(s)` URL (an RPC or sponsorship endpoint) → its {@link redactUrl} form, wherever the
 *   URL is quoted (as given, normalized, without credentials);
 * - whatever the secrets, the value of any `apikey=`, `key=`, `token=`, `secret=` query parameter and any
 *   `Bearer` token → `***` (a value ends at `&`, a space or a quote; the text after it stays as it was, closing
 *   punctuation such as the `):` of `(got URL): rule` included).
 *
 * @param text - The text to clean (an error message, a server's answer...).
 * @param secrets - Known secrets and endpoint URLs; `undefined` entries are skipped.
 * @returns The text without the secrets.
 *
 * @example
 * ```ts
 * import { redactSecrets } from "@preflow/errors";
 *
 * redactSecrets("POST https://rpc.example/v2?apikey=s3cret failed", []);
 * // "POST https://rpc.example/v2?apikey=*** failed"
 * redactSecrets("signed with 0xAB...(64 hex)", [privateKey]); // "signed with [redacted]"
 * ```
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    if (/^https?:\/\//i.test(secret)) {
      const masked = redactUrl(secret);
      // One pass, longest form first: `http://host:1` is a prefix of its normalized form `http://host:1/` (and of
      // the masked form), which replacing form by form turned into `http://host:1//`.
      const forms = [...new Set(urlForms(secret))].sort((a, b) => b.length - a.length);
      out = out.replace(new RegExp(forms.map(escapeRegExp).join("|"), "g"), () => masked);
      continue;
    }
    const hex = HEX_KEY.exec(secret);
    if (hex) {
      out = out.replace(new RegExp(`(?:0x)?${hex[1]}`, "gi"), REDACTED);
      continue;
    }
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.replace(new RegExp(escapeRegExp(form), "g"), REDACTED);
    }
  }
  return out.replace(SECRET_QUERY, "$1***").replace(BEARER, "$1***");
}
