import { redactSecrets } from "@preflow/errors";

/** Replaces every occurrence of the given secrets in text or JSON values. @internal */
export type Redactor = {
  text(value: string): string;
  deep<T>(value: T): T;
  /** Also removes `secret` from now on (an RPC URL with credentials is replaced by its redacted form). */
  add(secret: string): void;
};

/**
 * Builds a redactor for the given secrets over core's `redactSecrets` (the one redactor of preflow): a hex key is
 * matched case-insensitively with or without its `0x`, so no spelling of it survives; `deep` walks JSON values.
 * @internal
 */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const known = secrets.filter((secret): secret is string => secret !== undefined && secret.length >= 8);
  const text = (value: string): string => redactSecrets(value, known);
  const deep = <T>(value: T): T => {
    if (known.length === 0) return value;
    if (typeof value === "string") return text(value) as T;
    if (Array.isArray(value)) return value.map((entry) => deep(entry)) as T;
    if (typeof value === "object" && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) out[text(key)] = deep(entry);
      return out as T;
    }
    return value;
  };
  const add = (secret: string): void => {
    if (secret.length >= 8 && !known.includes(secret)) known.push(secret);
  };
  return { text, deep, add };
}
