// PREFLOW_BUDGET at start: the budget file is read and its JSON checked for the few fields the server needs before
// it loads (whose tokens: `owner`; who signs: `agent`), without loading @preflow/budget (the start stays fast). The
// whole budget is parsed by @preflow/budget's parseBudget when the server loads (execution/loadBudget.ts): a budget
// it refuses, or whose agent is not the signer, stops the server then, with one line naming PREFLOW_BUDGET.
import { readFileSync } from "node:fs";
import { isRecord } from "@preflow/errors";
import { InvalidToolServerConfigError } from "../errors/config.js";
import { ADDRESS_PATTERN } from "../schemas/patterns.js";

/** A budget file as read at start (parsed in full when the server loads). @internal */
export interface RawBudget {
  file: string;
  /** The file's JSON, for parseBudget. */
  json: Record<string, unknown>;
  /** Whose tokens the budget moves (as written; checksummed by parseBudget). */
  owner: `0x${string}`;
  /** The only key that may redeem it: the server's signer must be this address. */
  agent: `0x${string}`;
}

/** The largest budget file read (a budget with every registry token and many recipients is a few KiB). */
const MAX_BYTES = 256 * 1024;
const VARIABLE = "PREFLOW_BUDGET";

/** Reads and checks the budget file; throws InvalidToolServerConfigError naming PREFLOW_BUDGET. @internal */
export function readBudgetFile(file: string): RawBudget {
  const refuse = (rule: string): never => {
    throw new InvalidToolServerConfigError({ variable: VARIABLE, value: file, rule });
  };
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    refuse(`cannot be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
  }
  if (Buffer.byteLength(text) > MAX_BYTES) refuse(`is larger than ${MAX_BYTES} bytes: not a budget file`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    refuse(`is not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  if (!isRecord(json)) return refuse("must hold a JSON object: the budget grantAgentBudget returned");
  if (json.kind !== "preflow-agent-budget")
    refuse('must be a budget from @preflow/budget\'s grantAgentBudget (`kind: "preflow-agent-budget"`)');
  for (const field of ["owner", "agent"] as const) {
    const value = json[field];
    if (typeof value !== "string" || !ADDRESS_PATTERN.test(value))
      refuse(`\`${field}\` must be an address (0x + 40 hex digits)`);
  }
  if ((json.owner as string).toLowerCase() === (json.agent as string).toLowerCase())
    refuse("its owner and agent are the same address: a budget gives another key bounded hands");
  return { file, json, owner: json.owner as `0x${string}`, agent: json.agent as `0x${string}` };
}
