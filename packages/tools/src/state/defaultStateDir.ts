import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where state (the policy's `spending.json`, the executions' `executions.json`) is kept when
 * PREFLOW_STATE_DIR is not set: `$XDG_STATE_HOME/preflow-tools`, else `~/.local/state/preflow-tools`. @internal
 */
export function defaultStateDir(env: Record<string, string | undefined> = process.env): string {
  const base =
    env.XDG_STATE_HOME && env.XDG_STATE_HOME.trim() !== ""
      ? env.XDG_STATE_HOME
      : join(homedir(), ".local", "state");
  return join(base, "preflow-tools");
}
