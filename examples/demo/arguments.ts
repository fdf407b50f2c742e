// The demo's command line: `--rpc <url>`, `--help`. Anything else is refused with one line naming it (exit 2).
import { parseArgs } from "node:util";
import { redactUrl } from "preflow";

export const USAGE = `usage: pnpm demo [-- --rpc <url>]
       node dist/demo/main.js [--rpc <url>]

Without options, the whole story on an embedded offline chain 42220: prepare, tag, execute with an EOA,
submit sponsored as a UserOperation, check the tags; then everything is stopped.

options:
  --rpc <url>   only the read-only part (network status, token info, balances) against that RPC;
                its API key, if any, is never printed
  -h, --help    print this help and exit`;

/** What the command line asks for. */
export type DemoArguments =
  | { readonly kind: "help" }
  | { readonly kind: "run"; readonly rpcUrl: string | undefined }
  | { readonly kind: "invalid"; readonly problem: string };

/**
 * Reads the demo's arguments without throwing: an unknown option, a stray positional or `--rpc` without a value
 * gives `{ kind: "invalid", problem }` (one line naming it). A `--` separator (as `pnpm demo -- --rpc …` passes
 * it) is ignored.
 */
export function parseDemoArguments(argv: readonly string[]): DemoArguments {
  const { tokens } = parseArgs({
    args: argv.filter((a) => a !== "--"),
    options: { rpc: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let rpcUrl: string | undefined;
  let help = false;
  for (const token of tokens) {
    if (token.kind === "positional") {
      // A URL given without `--rpc` may carry an API key: print it redacted.
      const shown = /^[a-z][a-z0-9+.-]*:\/\//i.test(token.value) ? redactUrl(token.value) : token.value;
      return { kind: "invalid", problem: `unexpected argument ${shown} (an RPC URL goes after --rpc)` };
    }
    if (token.kind !== "option") continue;
    if (token.name === "help") {
      if (token.value !== undefined) return { kind: "invalid", problem: `${token.rawName} takes no value` };
      help = true;
    } else if (token.name === "rpc") {
      if (token.value === undefined || token.value === "" || token.value.startsWith("-"))
        return { kind: "invalid", problem: "--rpc needs a URL (--rpc https://…)" };
      rpcUrl = token.value;
    } else {
      return { kind: "invalid", problem: `unknown option ${token.rawName}` };
    }
  }
  return help ? { kind: "help" } : { kind: "run", rpcUrl };
}
