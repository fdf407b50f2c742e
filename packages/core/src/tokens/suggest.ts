/** Levenshtein distance of two short strings. @internal */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Up to `limit` candidates closest to `input` (case-insensitive), nearest first; a candidate qualifies when
 * it starts with the input, or its distance is at most a third of the longer length (at least 1, at most 2).
 * @internal
 */
export function closest(input: string, candidates: readonly string[], limit = 3): string[] {
  const needle = input.toLowerCase();
  if (needle.length === 0) return [];
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    const distance = editDistance(needle, hay);
    const budget = Math.min(2, Math.max(1, Math.floor(Math.max(needle.length, hay.length) / 3)));
    if (distance <= budget) scored.push({ candidate, score: distance });
    else if (needle.length >= 2 && hay.startsWith(needle)) scored.push({ candidate, score: budget + 0.5 });
  }
  scored.sort((x, y) => x.score - y.score);
  return [...new Set(scored.map((entry) => entry.candidate))].slice(0, limit);
}
