import { parseArgs } from "node:util";
import { type Address, isAddress } from "viem";
import { startDevnet } from "./startDevnet.js";
import { DEVNET_TOKENS } from "./tokens.js";

// `pnpm devnet`: start the devnet on fixed ports (8545 and the two after it, or `--port`), fund its accounts
// with every token, print its URLs and accounts, and run until Ctrl-C.
//
// Nothing outlives it. SIGINT, SIGTERM or SIGHUP to this process stops the devnet and exits (Ctrl-C signals the
// terminal's whole group, this process included). `pnpm devnet` runs `exec node scripts/devnet.mjs` through
// `sh -c` (`shell-emulator=false` in .npmrc), which runs this module in its own process: this process is pnpm's
// direct child, and pnpm passes a SIGINT or SIGTERM it receives on to it. The children (anvil, alto; alto
// starts none of its own) die with this process through `setpriv --pdeathsig KILL`, even on `kill -9` of it.
// When a child dies (a signal to anvil or alto), the rest is stopped and the CLI exits with status 1. When its
// parent dies (`kill -9` of pnpm), it is re-parented; a check of its parent pid every 250 ms then stops
// everything.

/** The RPC's port when `--port` is not given; the bundler and the sponsor endpoint take the two after it. */
const DEFAULT_PORT = 8545;
/** The sponsor endpoint's API key under `pnpm devnet`: fixed, so that its URL is the same on every start. */
const SPONSOR_API_KEY = "preflow-devnet";

/** What `pnpm devnet` gives each printed account of every token (and each `--fund` address, CELO included). */
const FUNDING = "10000";
const FUNDING_SHOWN = "10,000";

const USAGE = `usage: pnpm devnet [--port <n>] [--json] [--no-fund] [--fund <address>]...

Starts the offline devnet (chain id 42220) and runs until Ctrl-C (or SIGTERM). Each printed account (anvil's
public test keys) holds ${FUNDING_SHOWN} CELO and ${FUNDING_SHOWN} of every other devnet token.

options:
  --port <n>          the RPC's port (default ${DEFAULT_PORT}); the bundler listens on n+1, the sponsor
                      endpoint on n+2 (all on 127.0.0.1)
  --json              print the URLs, tokens and accounts as JSON
  --fund <address>    also give this address ${FUNDING_SHOWN} of every token, CELO included (repeatable)
  --no-fund           mint no tokens: the accounts hold only their ${FUNDING_SHOWN} CELO
  -h, --help          print this help and exit`;

function usageError(problem: string): never {
  process.stderr.write(`pnpm devnet: ${problem}\n\n${USAGE}\n`);
  process.exit(2);
}

const { tokens } = parseArgs({
  // `pnpm devnet -- --json` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    json: { type: "boolean" },
    fund: { type: "string", multiple: true },
    "no-fund": { type: "boolean" },
    port: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  strict: false,
  allowPositionals: true,
  tokens: true,
});
let json = false;
let noFund = false;
let port = DEFAULT_PORT;
const extraAddresses: Address[] = [];
for (const token of tokens) {
  if (token.kind === "positional") usageError(`unexpected argument ${token.value}`);
  if (token.kind !== "option") continue;
  if (token.name === "help") {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  } else if (token.name === "json" || token.name === "no-fund") {
    if (token.value !== undefined) usageError(`${token.rawName} takes no value`);
    if (token.name === "json") json = true;
    else noFund = true;
  } else if (token.name === "port") {
    const value = token.value ?? "";
    if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65533)
      usageError(`--port needs a port number from 1 to 65533, got ${token.value ?? "nothing"}`);
    port = Number(value);
  } else if (token.name === "fund") {
    if (token.value === undefined || !isAddress(token.value))
      usageError(`--fund needs an address (0x followed by 40 hex digits), got ${token.value ?? "nothing"}`);
    if (!extraAddresses.some((a) => a.toLowerCase() === token.value?.toLowerCase()))
      extraAddresses.push(token.value);
  } else {
    usageError(`unknown option ${token.rawName}`);
  }
}
if (noFund && extraAddresses.length > 0) usageError("--fund and --no-fund do not go together");

let devnet: Awaited<ReturnType<typeof startDevnet>> | undefined;
let stopping = false;
const shutdown = async (reason: string, code: number) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`\n${reason}: stopping the devnet...\n`);
  await devnet?.stop().catch(() => {});
  process.exit(code);
};
// Handlers first: a signal during start-up must still stop what has started.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => void shutdown(signal, 0));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown(`the parent process (pid ${parent}) has exited`, 1);
}, 250).unref();

process.stderr.write(
  "Starting the preflow devnet (anvil + ERC-4337 v0.7 + Uniswap v3 and v4, Mento, Aave v3, GoodDollar + alto bundler + sponsor endpoint)...\n",
);
try {
  devnet = await startDevnet({
    port,
    sponsorApiKey: SPONSOR_API_KEY,
    ...(noFund ? {} : { fundAccounts: { amount: FUNDING, extraAddresses } }),
  });
} catch (error) {
  process.stderr.write(`pnpm devnet: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
// Keeps the process alive, and stops the rest when anvil or alto dies.
void devnet.childExited.then((what) => shutdown(what, 1));
const symbols = Object.values(DEVNET_TOKENS).map((t) => t.symbol);
const others = symbols.filter((s) => s !== "CELO");
const balances = Object.fromEntries(symbols.map((s) => [s, s === "CELO" || !noFund ? FUNDING : "0"]));
const info = {
  chainId: devnet.chainId,
  rpcUrl: devnet.rpcUrl,
  bundlerUrl: devnet.bundlerUrl,
  sponsorBaseUrl: devnet.sponsorBaseUrl,
  sponsorApiKey: devnet.sponsorApiKey,
  sponsorUrl: devnet.sponsorUrl(),
  tokens: Object.fromEntries(
    Object.values(devnet.tokens).map((t) => [t.symbol, `${t.address} (${t.decimals} decimals)`]),
  ),
  accounts: devnet.accounts.map((a) => ({ address: a.address, privateKey: a.privateKey, balances })),
  fundedAddresses: extraAddresses,
  startedInMs: devnet.timings.totalMs,
  pids: { cli: process.pid, anvil: devnet.pids.anvil, bundler: devnet.pids.bundler },
};
if (json) {
  process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
} else {
  const holdings = noFund
    ? `${FUNDING_SHOWN} CELO each, no other token (--no-fund)`
    : `${FUNDING_SHOWN} CELO and ${FUNDING_SHOWN} ${others.join(", ")} each`;
  const lines = [
    `preflow devnet is up in ${info.startedInMs} ms (chain id ${info.chainId})`,
    "",
    `  export RPC_URL=${info.rpcUrl}`,
    `  export BUNDLER_URL=${info.bundlerUrl}`,
    `  export SPONSOR_URL='${info.sponsorUrl}'`,
    "",
    `  RPC            ${info.rpcUrl}`,
    `  Bundler        ${info.bundlerUrl}`,
    `  Sponsor        ${info.sponsorUrl}`,
    `                 (preflow/aa: sponsor_a: { apiKey: "${info.sponsorApiKey}", baseUrl: "${info.sponsorBaseUrl}" })`,
    "",
    "  Tokens",
    ...Object.entries(info.tokens).map(([s, d]) => `    ${s.padEnd(6)} ${d}`),
    "",
    `  Funded accounts: ${holdings}`,
    "  (anvil's public test keys, known to everyone: never send real funds to them)",
    ...info.accounts.map((a, i) => `    (${i}) ${a.address}  ${a.privateKey}`),
    ...(extraAddresses.length > 0
      ? [
          "",
          `  Also funded (${FUNDING_SHOWN} of every token, CELO included)`,
          ...extraAddresses.map((a) => `    ${a}`),
        ]
      : []),
    "",
    "Press Ctrl-C to stop (or send SIGTERM to this process or to pnpm).",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
