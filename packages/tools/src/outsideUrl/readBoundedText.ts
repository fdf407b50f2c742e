// Reads a response body as text up to a bound, streaming: stops reading (and cancels the body) once the bound is
// passed, so a huge body costs at most the bound plus one chunk of memory, whatever its size.

/** What {@link readBoundedText} answers. */
export interface BoundedText {
  /** At most `maxChars` characters of the body (UTF-8 decoded). */
  readonly text: string;
  /** true when the body was longer and reading stopped at the bound. */
  readonly truncated: boolean;
}

/**
 * Reads `response`'s body as UTF-8 text, keeping at most `maxChars` characters; the rest is never read (the
 * stream is cancelled). Memory: the text kept plus one network chunk. Throws what the body stream throws
 * (a reset connection, an abort of the request's signal).
 *
 * @example
 * ```ts
 * const { text, truncated } = await readBoundedText(await fetch(url), 32_768);
 * ```
 * @internal
 */
export async function readBoundedText(response: Response, maxChars: number): Promise<BoundedText> {
  const body = response.body;
  if (body === null) return { text: "", truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        text += decoder.decode();
        break;
      }
      text += decoder.decode(value, { stream: true });
      if (text.length > maxChars) {
        await reader.cancel().catch(() => undefined);
        return { text: text.slice(0, maxChars), truncated: true };
      }
    }
  } finally {
    reader.releaseLock();
  }
  return text.length > maxChars
    ? { text: text.slice(0, maxChars), truncated: true }
    : { text, truncated: false };
}
