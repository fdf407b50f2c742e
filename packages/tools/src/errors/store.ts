import { ToolsError } from "./base.js";

/**
 * The tool server's store (the SQLite file in the state directory, or the PostgreSQL database of
 * `PREFLOW_DATABASE_URL`) cannot be read or written: corrupt, locked by another program for too long, unreachable,
 * or of a newer schema. Executing tools refuse before anything is sent: **nothing was sent** (a step already signed
 * whose write-ahead record could not be written is not broadcast; executing again once the store is fixed signs and
 * sends it anew). Read tools keep working. The message names the file or database and what to do.
 *
 * @example
 * ```ts
 * import { StoreUnavailableError } from "@preflow/tools";
 *
 * const error = new StoreUnavailableError({
 *   location: "/home/me/.local/state/preflow-tools/preflow-tools.sqlite",
 *   reason: "it is not a database (SQLITE_NOTADB)",
 *   remedy: "move the file aside and restart",
 * });
 * error.code; // "STORE_UNAVAILABLE"
 * ```
 */
export class StoreUnavailableError extends ToolsError<"STORE_UNAVAILABLE"> {
  override readonly name: string = "StoreUnavailableError";

  constructor(parameters: {
    location: string;
    reason: string;
    remedy: string;
    tool?: string;
    cause?: unknown;
  }) {
    const { location, reason, remedy, tool } = parameters;
    super({
      code: "STORE_UNAVAILABLE",
      message: `${tool === undefined ? "The tool server's store" : `${tool} refused: the tool server's store`} ${location} cannot be used: ${reason}. Nothing was sent. ${remedy}`,
      details: { location, reason, remedy, ...(tool === undefined ? {} : { tool }) },
      ...(parameters.cause === undefined ? {} : { cause: parameters.cause }),
    });
  }
}
