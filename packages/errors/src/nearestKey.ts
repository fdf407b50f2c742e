/** Edit distance (Levenshtein) of two short strings. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        previous + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] as number;
}

/** A key without case, `_`, `-` and spaces: `dryRun`, `dry_run` and `DRY-RUN` are the same. */
const fold = (key: string): string => key.toLowerCase().replace(/[_\-\s]/g, "");

/**
 * The valid key nearest to a misspelled one, for a "did you mean" hint: the same key in another casing or
 * separator style (`dryRun` → `dry_run`), else the closest by edit distance when it is close enough (at most 2
 * edits, or a third of the key's length for longer keys), else `null`. Pure; the one key matcher of the SDK
 * (unknown parameters, options, tool arguments and policy keys all use it).
 *
 * @param key - The key that was given.
 * @param valid - The keys that exist.
 * @returns The nearest valid key, or `null` when none is close.
 *
 * @example
 * ```ts
 * import { nearestKey } from "@preflow/errors";
 *
 * nearestKey("sginal", ["owner", "token", "signal"]); // "signal"
 * nearestKey("dryRun", ["to", "dry_run"]); // "dry_run"
 * nearestKey("privateKey", ["owner", "signal"]); // null
 * ```
 */
export function nearestKey(key: string, valid: readonly string[]): string | null {
  const folded = fold(key);
  const same = valid.find((candidate) => fold(candidate) === folded);
  if (same !== undefined) return same;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of valid) {
    const distance = editDistance(folded, fold(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(folded.length / 3)) ? best : null;
}
