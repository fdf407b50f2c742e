import { describeValue } from "./describeValue.js";
import { SdkError } from "./SdkError.js";

/**
 * An argument of an operation has the wrong type or shape (a hash that is not 32 bytes, a token list that
 * is not an array, an unknown key...). One class for the whole SDK: `@preflow/attribution`, `@preflow/core`,
 * `@preflow/aa`, `@preflow/agent-id` and `@preflow/tools` throw this one (attribution, core and `preflow` re-export it). More specific classes exist for addresses, amounts, tokens
 * and contract calls.
 *
 * @example
 * ```ts
 * import { InvalidArgumentError } from "@preflow/errors";
 * import { checkAttributionInTransaction } from "@preflow/attribution";
 *
 * try {
 *   await checkAttributionInTransaction({ request, hash, sginal: AbortSignal.timeout(5_000) } as never);
 * } catch (error) {
 *   if (error instanceof InvalidArgumentError) console.error(error.details.value, error.details.rule);
 *   // "\"sginal\"" "unknown key (the value is not shown); did you mean `signal`? The keys are request, hash, signal"
 * }
 * // thrown by your own validation, with the same shape:
 * throw new InvalidArgumentError({ field: "slippageBps", value: 9000, rule: "must be between 0 and 5000" });
 * ```
 */
export class InvalidArgumentError extends SdkError<
  "INVALID_ARGUMENT",
  { field: string; value: string; rule: string }
> {
  override readonly name: string = "InvalidArgumentError";

  constructor(parameters: { field: string; value: unknown; rule: string }) {
    const { field, value, rule } = parameters;
    super({
      code: "INVALID_ARGUMENT",
      message: `Invalid \`${field}\` (got ${describeValue(value)}): ${rule}.`,
      details: { field, value: describeValue(value), rule },
    });
  }
}
