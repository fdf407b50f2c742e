/** Replaces every occurrence of the given secrets in text or JSON values. @internal */
export type Redactor = {
  text(value: string): string;
  deep<T>(value: T): T;
  /** Also replaces `from` (an RPC URL with credentials, say) with `to` from now on. */
  replace(from: string, to: string): void;
};

/**
 * Builds a redactor for the given secrets. A hex key is matched case-insensitively with or without its
 * `0x`, so no spelling of it survives. @internal
 */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const patterns: { pattern: RegExp; to: string }[] = [];
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 8) continue;
    const hex = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(secret);
    const body = hex ? (hex[1] as string) : escapeRegExp(secret);
    patterns.push({ pattern: new RegExp(hex ? `(?:0x)?${body}` : body, hex ? "gi" : "g"), to: "[redacted]" });
  }
  const text = (value: string): string => {
    let out = value;
    for (const { pattern, to } of patterns) out = out.replace(pattern, to);
    return out;
  };
  const deep = <T>(value: T): T => {
    if (patterns.length === 0) return value;
    if (typeof value === "string") return text(value) as T;
    if (Array.isArray(value)) return value.map((entry) => deep(entry)) as T;
    if (typeof value === "object" && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) out[text(key)] = deep(entry);
      return out as T;
    }
    return value;
  };
  return {
    text,
    deep,
    replace(from, to) {
      if (from.length >= 8 && !to.startsWith(from))
        patterns.push({ pattern: new RegExp(escapeRegExp(from), "g"), to });
    },
  };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
