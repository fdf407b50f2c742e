// Tool errors in the tool's language. Core's errors are written for SDK callers: they name camelCase parameters
// (`tokenOut`, `healthFactorFloor`), client options (`ethRpcUrl` of createSdkClient), client methods
// (`client.aave.getPositions(owner)`) and client bounds (`timeoutMs, retryCount`), none of which an agent calling
// a tool can act on. This is the one place that says them in the tool's words: each camelCase name the failing
// tool has as a snake_case argument becomes that argument (message and details), each option the server sets
// from an environment variable becomes the variable, and the few remedies that name the SDK are said again in
// terms of tools and the server's environment.
import { ENV_OF_SDK_OPTION } from "../config/readToolServerConfigFromEnv.js";
import { TOOL_CATALOG } from "../tools/catalog.generated.js";
import type { DescribedError } from "./formatError.js";
import { camelKey } from "./toolResult.js";

/** What the translation needs to know of the tool that failed. @internal */
export interface ToolLanguage {
  /** Every argument name of the tool's input, at any depth (snake_case). */
  readonly argumentNames: ReadonlySet<string>;
  /** The server's answer bound, `PREFLOW_TOOL_TIMEOUT_MS`. */
  readonly toolTimeoutMs: number;
}

/** Details whose string values name fields or say a rule: translated like the message. */
const WORDY_DETAILS = ["field", "path", "rule", "reason"];

/** A client call named in core's remedies (`client.<group>.<member>(...)`): said as the tool that does the same. */
const SDK_CALL = /client\.(\w+)\.(\w+)\([^)]*\)/g;
const toolOfCall = (call: string, group: string, member: string): string => {
  const tool = TOOL_CATALOG.find(
    (entry) => entry.member === `${group}.${member}` && entry.family !== "execute",
  );
  return tool === undefined ? call : `the ${tool.name} tool`;
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** camelCase name → what the tool calls it: its snake_case argument, else the environment variable. */
function vocabulary(argumentNames: ReadonlySet<string>): Map<string, string> {
  const words = new Map<string, string>();
  for (const name of argumentNames) {
    const camel = camelKey(name);
    if (camel !== name) words.set(camel, name);
  }
  for (const [option, variable] of Object.entries(ENV_OF_SDK_OPTION)) {
    if (!words.has(option)) words.set(option, variable);
  }
  return words;
}

/** A quoted value in a message (`(got "amountIn")`): what the caller gave, never translated. */
const QUOTED = /("(?:[^"\\]|\\.)*")/;

function translator(words: Map<string, string>): (text: string) => string {
  const pattern = new RegExp(`\\b(?:${[...words.keys()].map(escapeRegExp).join("|")})\\b`, "g");
  const translateWords = (text: string): string => {
    let out = text;
    out = out.replace(SDK_CALL, toolOfCall);
    return words.size === 0 ? out : out.replace(pattern, (word) => words.get(word) ?? word);
  };
  return (text) =>
    text
      .split(QUOTED)
      .map((part, index) => (index % 2 === 1 ? part : translateWords(part)))
      .join("");
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** Remedies of core's errors that name the SDK, said for the tool server, by error code. */
const REMEDIES: Readonly<
  Record<string, (error: DescribedError, language: ToolLanguage) => DescribedError | undefined>
> = {
  MISSING_ETH_RPC_URL: (error) => {
    const details = error.details ?? {};
    const name = str(details.name) ?? "the name";
    const { option: _option, ...rest } = details;
    return {
      ...error,
      message: `Resolving ${JSON.stringify(name)} on network "ethereum" needs an Ethereum mainnet RPC endpoint, and this tool server has none: its operator sets ETH_RPC_URL in the server's environment (the MCP client config "env") and restarts it. Names under celo.eth resolve without it (network "celo").`,
      details: { ...rest, variable: ENV_OF_SDK_OPTION.ethRpcUrl },
    };
  },
  RPC_ERROR: (error, language) => {
    const details = error.details ?? {};
    const reason = str(details.reason);
    if (reason === undefined || !/^timed out\b/.test(reason)) return undefined;
    const bounds = reason.replace(/\s*\(timeoutMs, retryCount\)/, "");
    const method = str(details.method);
    const url = str(details.rpc_url);
    const request = `RPC request${method ? ` ${method}` : ""}${url ? ` to ${url}` : ""}`;
    const timedOut = bounds.replace(/^timed out: (.*)$/, "timed out ($1)");
    return {
      ...error,
      message: `${request} ${timedOut}: the RPC endpoint is slow or unreachable. Retry later; if it keeps timing out, the server's operator sets RPC_URL to a faster endpoint or raises PREFLOW_TOOL_TIMEOUT_MS (now ${language.toolTimeoutMs} ms; each request may take a fifth of it, at most 10 s).`,
      details: { ...details, reason: bounds, variables: ["RPC_URL", "PREFLOW_TOOL_TIMEOUT_MS"] },
    };
  },
};

/**
 * Says a described error in the failing tool's language (see the file comment): camelCase fields it has as
 * arguments become those arguments in `message` and in `details.field` / `path` / `rule` / `reason`, server
 * options become their environment variables (`details.option` → `details.variable`), and remedies naming the
 * SDK (a client option, a client method, the client's time-out bounds) name the tool or the variable. Never
 * throws. @internal
 */
export function inToolLanguage(error: DescribedError, language: ToolLanguage): DescribedError {
  try {
    const translate = translator(vocabulary(language.argumentNames));
    const remedied = REMEDIES[error.code]?.(error, language) ?? error;
    const details: Record<string, unknown> = { ...remedied.details };
    for (const key of WORDY_DETAILS) {
      const value = details[key];
      if (typeof value === "string") details[key] = translate(value);
    }
    const option = details.option;
    if (typeof option === "string" && Object.hasOwn(ENV_OF_SDK_OPTION, option)) {
      delete details.option;
      details.variable = ENV_OF_SDK_OPTION[option];
    }
    return {
      ...remedied,
      message: translate(remedied.message),
      ...(remedied.details === undefined ? {} : { details }),
    };
  } catch {
    return error;
  }
}
