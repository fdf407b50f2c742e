import { toAttributionCodes } from "../toAttributionCodes.js";
import { asciiToHexDigits } from "./hex.js";
import { markerDigits } from "./parseSuffix.js";

/** A built suffix for one tag list: its custom codes (lowercase, platform code removed) and its hex digits. */
export type SuffixEntry = {
  /** How many tags the list had (guards the joined cache key against a tag that contains a comma). */
  readonly count: number;
  readonly customCodes: readonly string[];
  /** The Schema 0 suffix without `0x`. */
  readonly digits: string;
};

const limit = 64;
const cache = new Map<string, SuffixEntry>();
let untagged: SuffixEntry | undefined;
/** The last list looked up (a copy, so later changes to the caller's array cannot fool it) and its entry. */
let lastTags: readonly string[] = [];
let lastEntry: SuffixEntry | undefined;

function isLast(tags: readonly unknown[]): boolean {
  if (lastEntry === undefined || tags.length !== lastTags.length) return false;
  for (let index = 0; index < tags.length; index++) if (tags[index] !== lastTags[index]) return false;
  return true;
}

/**
 * ERC-8021 Schema 0: `codes joined by "," ‖ their byte length (1 byte) ‖ schema id 0x00 ‖ the 16-byte marker`.
 * Written here (the codes are validated ASCII) rather than through ox's `Attribution.toDataSuffix`, whose module
 * also carries the CBOR codec of Schema 2 into every browser bundle that tags calldata.
 */
function schema0Digits(codes: readonly string[]): string {
  const joined = codes.join(",");
  return `${asciiToHexDigits(joined)}${joined.length.toString(16).padStart(2, "0")}00${markerDigits}`;
}

function build(tags: readonly string[] | undefined, count: number): SuffixEntry {
  const codes = toAttributionCodes(tags);
  return { count, customCodes: codes.slice(1), digits: schema0Digits(codes) };
}

/**
 * The suffix for `tags`, built once per distinct list (a bounded map keyed by the tags joined with `,`,
 * a character no valid tag contains; oldest entry evicted first), with the last list remembered in front of
 * the map (compared element by element). Validates like `normalizeAttributionTags`.
 */
export function suffixFor(tags: readonly string[] | undefined): SuffixEntry {
  if (tags === undefined) {
    untagged ??= build(undefined, 0);
    return untagged;
  }
  if (!Array.isArray(tags)) return build(tags, 0); // throws the not-a-list error
  if (isLast(tags)) return lastEntry!;
  let key = "";
  for (let index = 0; index < tags.length; index++) {
    const tag: unknown = tags[index];
    if (typeof tag !== "string") return build(tags, 0); // throws the not-a-string error
    key = index === 0 ? tag : `${key},${tag}`;
  }
  let entry = cache.get(key);
  if (entry === undefined || entry.count !== tags.length) {
    entry = build(tags, tags.length);
    if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
  }
  lastTags = tags.slice();
  lastEntry = entry;
  return entry;
}
