import { SdkError } from "./base.js";

/**
 * A prepared flow received from outside (JSON from an agent, a queue) does not have the shape of a
 * `SerializedPreparedFlow`. The message and `details.path` name the bad field, e.g. `steps[1].data: not hex`.
 *
 * @example
 * ```ts
 * import { parsePreparedFlow, InvalidPreparedFlowError } from "@preflow/core";
 *
 * try {
 *   parsePreparedFlow(JSON.parse(body));
 * } catch (error) {
 *   if (error instanceof InvalidPreparedFlowError) console.error(error.details.path); // "steps[1].data"
 * }
 * ```
 */
export class InvalidPreparedFlowError extends SdkError<"INVALID_PREPARED_FLOW"> {
  override readonly name: string = "InvalidPreparedFlowError";

  constructor(parameters: { path: string; rule: string }) {
    const { path, rule } = parameters;
    super({
      code: "INVALID_PREPARED_FLOW",
      message: `Invalid prepared flow at ${path}: ${rule}.`,
      details: { path, rule },
    });
  }
}
