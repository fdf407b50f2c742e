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
 * A tool argument does not match its schema (type, format, length), or a required one is missing
 * (`missing: true`: "\`name\` is required"). Nothing was done.
 *
 * @example
 * ```ts
 * import { InvalidInputError } from "@preflow/tools";
 *
 * const error = new InvalidInputError({ tool: "get_transaction", path: "hash", value: "0x12", rule: "must be 0x followed by 64 hex digits" });
 * error.code; // "INVALID_ARGUMENT"
 * new InvalidInputError({ tool: "resolve_ens", path: "name", value: undefined, rule: "expected string", missing: true }).message;
 * // "`name` is required by resolve_ens (expected string). Nothing was done."
 * ```
 */
export class InvalidInputError extends ToolsError<"INVALID_ARGUMENT"> {
  override readonly name: string = "InvalidInputError";

  constructor(parameters: { tool: string; path: string; value: unknown; rule: string; missing?: boolean }) {
    const { tool, path, rule } = parameters;
    if (parameters.missing === true) {
      super({
        code: "INVALID_ARGUMENT",
        message: `\`${path}\` is required by ${tool} (${rule}). Nothing was done.`,
        details: { tool, path, rule, missing: true },
      });
      return;
    }
    const value = preview(parameters.value);
    super({
      code: "INVALID_ARGUMENT",
      message: `Invalid \`${path}\` of ${tool} (got ${value}): ${rule}. Nothing was done.`,
      details: { tool, path, value, rule },
    });
  }
}

/**
 * A tool was called that this server does not offer: no tool of that name (with the nearest name offered,
 * when one is close), or a tool of a family `PREFLOW_TOOLS` does not select (with the families selected).
 * Nothing was done.
 *
 * @example
 * ```ts
 * import { UnknownToolError } from "@preflow/tools";
 *
 * const offered = ["get_network_status", "get_balances"];
 * new UnknownToolError({ tool: "get_balance", suggestion: "get_balances", family: null, families: ["read"], offered }).message;
 * // "No tool `get_balance` on this server: did you mean `get_balances`? Nothing was done."
 * new UnknownToolError({ tool: "send_token", suggestion: null, family: "execute", families: ["read"], offered }).message;
 * // "`send_token` is not offered: PREFLOW_TOOLS=read selects ..."
 * ```
 */
export class UnknownToolError extends ToolsError<"UNKNOWN_TOOL"> {
  override readonly name: string = "UnknownToolError";

  constructor(parameters: {
    /** The name that was called (cut short in the message). */
    tool: string;
    /** The nearest tool name offered, or `null`. */
    suggestion: string | null;
    /** The family of the tool when it exists but is not offered, else `null`. */
    family: string | null;
    /** The families this server offers (`PREFLOW_TOOLS`). */
    families: readonly string[];
    /** The tools this server offers, in listing order (named when no suggestion is close). */
    offered: readonly string[];
  }) {
    const { suggestion, family, families, offered } = parameters;
    const tool = parameters.tool.length > 80 ? `${parameters.tool.slice(0, 77)}...` : parameters.tool;
    const selected = families.join(",");
    const message =
      family === null
        ? `No tool \`${tool}\` on this server: ${suggestion === null ? `the tools offered are ${offered.join(", ")}.` : `did you mean \`${suggestion}\`?`} Nothing was done.`
        : `\`${tool}\` is not offered: PREFLOW_TOOLS=${selected} selects the ${families.length === 1 ? "family" : "families"} ${families.join(", ")}, and ${tool} is of the family ${family}. Nothing was done. To offer it, the server's operator adds ${family} to PREFLOW_TOOLS in the server's environment and restarts it.`;
    super({
      code: "UNKNOWN_TOOL",
      message,
      details: { tool, suggestion, family, families: [...families] },
    });
  }
}
