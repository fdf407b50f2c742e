const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const REDACTED = "[redacted]";

/**
 * A secret that does not print: `String()`, `JSON.stringify` and `console.log` show `[redacted]`;
 * only `reveal()` returns the value. @internal
 */
export class Secret<T extends string = string> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
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
