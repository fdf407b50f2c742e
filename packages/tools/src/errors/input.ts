import { preview, ToolsError } from "./base.js";

/**
 * A tool was called with an argument it does not have. Nothing was done: unknown keys are refused, never
 * dropped, so a misspelled flag (`dryRun` for `dry_run`) cannot change what happens.
 *
 * @example
 * ```ts
 * import { UnknownArgumentError } from "@preflow/tools";
 *
 * const error = new UnknownArgumentError({ tool: "send_token", path: "dryRun", suggestion: "dry_run", valid: ["to", "token", "amount", "dry_run"] });
 * error.message; // "Unknown argument `dryRun` of send_token: did you mean `dry_run`? ..."
 * ```
 */
export class UnknownArgumentError extends ToolsError<"UNKNOWN_ARGUMENT"> {
  override readonly name: string = "UnknownArgumentError";

  constructor(parameters: {
    tool: string;
    path: string;
    suggestion: string | null;
    valid: readonly string[];
  }) {
    const { tool, path, suggestion, valid } = parameters;
    const hint = suggestion === null ? "" : ` did you mean \`${suggestion}\`?`;
    super({
      code: "UNKNOWN_ARGUMENT",
      message: `Unknown argument \`${path}\` of ${tool}:${hint} Nothing was done. Valid here: ${valid.join(", ") || "(none)"}.`,
      details: { tool, path, suggestion, valid: [...valid] },
    });
  }
}

/**
 * A tool argument does not match its schema (type, format, length). Nothing was done.
 *
 * @example
 * ```ts
 * import { InvalidInputError } from "@preflow/tools";
 *
 * const error = new InvalidInputError({ tool: "get_transaction", path: "hash", value: "0x12", rule: "must be 0x followed by 64 hex digits" });
 * error.code; // "INVALID_ARGUMENT"
 * ```
 */
export class InvalidInputError extends ToolsError<"INVALID_ARGUMENT"> {
  override readonly name: string = "InvalidInputError";

  constructor(parameters: { tool: string; path: string; value: unknown; rule: string }) {
    const { tool, path, rule } = parameters;
    const value = preview(parameters.value);
    super({
      code: "INVALID_ARGUMENT",
      message: `Invalid \`${path}\` of ${tool} (got ${value}): ${rule}. Nothing was done.`,
      details: { tool, path, value, rule },
    });
  }
}
