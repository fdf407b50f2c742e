/** Edit distance (Levenshtein) of two short strings. @internal */
function distance(a: string, b: string): number {
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

const fold = (key: string): string => key.toLowerCase().replace(/[_\-\s]/g, "");

/**
 * The valid key nearest to a misspelled one: the same key in another casing (`dryRun` → `dry_run`), else
 * the closest by edit distance when it is close enough, else `null`. @internal
 *
 * @example
 * nearestKey("dryRun", ["to", "dry_run"]); // "dry_run"
 */
export function nearestKey(key: string, valid: readonly string[]): string | null {
  const folded = fold(key);
  const same = valid.find((candidate) => fold(candidate) === folded);
  if (same !== undefined) return same;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of valid) {
    const d = distance(folded, fold(candidate));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(folded.length / 3)) ? best : null;
}
