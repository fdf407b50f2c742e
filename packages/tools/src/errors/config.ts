import { preview, ToolsError } from "./base.js";

/**
 * An environment variable (or {@link ToolServerConfig} field) of the tool server has a value it cannot use.
 * The message names the variable and the rule; secrets are never shown.
 *
 * @example
 * ```ts
 * import { InvalidToolServerConfigError, readToolServerConfigFromEnv } from "@preflow/tools";
 *
 * try {
 *   readToolServerConfigFromEnv({ PREFLOW_TOOL_TIMEOUT_MS: "soon" });
 * } catch (error) {
 *   if (error instanceof InvalidToolServerConfigError) console.error(error.details.variable); // "PREFLOW_TOOL_TIMEOUT_MS"
 * }
 * ```
 */
export class InvalidToolServerConfigError extends ToolsError<
  "INVALID_CONFIG",
  { variable: string; value?: string; rule: string }
> {
  override readonly name: string = "InvalidToolServerConfigError";

  constructor(parameters: { variable: string; value?: unknown; rule: string }) {
    const { variable, rule } = parameters;
    const value = parameters.value === undefined ? undefined : preview(parameters.value);
    super({
      code: "INVALID_CONFIG",
      message: `Invalid ${variable}${value === undefined ? "" : ` (got ${value})`}: ${rule}.`,
      details: { variable, rule, ...(value === undefined ? {} : { value }) },
    });
  }
}
