import { InvalidArgumentError } from "../errors/argument.js";

/** Checks that `signal` is absent or an AbortSignal. @internal */
export function parseSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  if (
    typeof signal !== "object" ||
    signal === null ||
    typeof (signal as AbortSignal).aborted !== "boolean" ||
    typeof (signal as AbortSignal).addEventListener !== "function"
  ) {
    throw new InvalidArgumentError({ field: "signal", value: typeof signal, rule: "must be an AbortSignal" });
  }
  return signal as AbortSignal;
}
