import { describeValue } from "@preflow/errors";
import { AttributionError } from "./AttributionError.js";

/**
 * Thrown by {@link appendSdkCalldataTag} when `data` is not an even-length `0x`-prefixed hex string.
 * (Decoders such as {@link checkAttributionInCalldata} never throw; they report "nothing found".)
 *
 * @example
 * ```ts
 * import { InvalidCalldataError, appendSdkCalldataTag } from "@preflow/attribution";
 *
 * try {
 *   appendSdkCalldataTag("0xabc" as `0x${string}`);
 * } catch (error) {
 *   error instanceof InvalidCalldataError; // true, error.code === "INVALID_CALLDATA"
 * }
 * ```
 */
export class InvalidCalldataError extends AttributionError<{ data: string; rule: "hex" }> {
  override readonly name: string = "InvalidCalldataError";

  constructor(parameters: { data: unknown }) {
    super({
      message: `Invalid calldata ${describeValue(parameters.data)}: data must be a 0x-prefixed hex string with an even number of digits.`,
      code: "INVALID_CALLDATA",
      details: { data: describeValue(parameters.data), rule: "hex" },
    });
  }
}
