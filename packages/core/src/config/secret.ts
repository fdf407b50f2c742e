const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const REDACTED = "[redacted]";

/**
 * A secret that does not print: `String()`, `JSON.stringify` and `console.log` show `[redacted]`; only `reveal()`
 * returns the value. `client.config` holds the agent key and the telemetry key this way.
 *
 * @example
 * ```ts
 * import { Secret } from "@preflow/core";
 *
 * const key = new Secret("0xabc…");
 * console.log(key, `${key}`, JSON.stringify({ key })); // [redacted] [redacted] {"key":"[redacted]"}
 * key.reveal(); // "0xabc…"
 * ```
 */
export class Secret<T extends string = string> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  /** The value itself: pass it on, never print it. */
  reveal(): T {
    return this.#value;
  }
  toString(): string {
    return REDACTED;
  }
  toJSON(): string {
    return REDACTED;
  }
  [INSPECT](): string {
    return REDACTED;
  }
}
