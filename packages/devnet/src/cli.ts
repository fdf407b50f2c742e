import { parseArgs } from "node:util";
import { type Address, isAddress } from "viem";
import { startDevnet } from "./startDevnet.js";
import { DEVNET_TOKENS } from "./tokens.js";

// `pnpm devnet`: start the devnet, fund its accounts with every token, print its URLs and accounts, and run
// until Ctrl-C.

/** What `pnpm devnet` gives each printed account of every token (and each `--fund` address, CELO included). */
const FUNDING = "10000";
const FUNDING_SHOWN = "10,000";

const USAGE = `usage: pnpm devnet [--json] [--no-fund] [--fund <address>]...

Starts the offline devnet (chain id 42220) and runs until Ctrl-C. Each printed account (anvil's public test
keys) holds ${FUNDING_SHOWN} CELO and ${FUNDING_SHOWN} of every other devnet token.

options:
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
    help: { type: "boolean", short: "h" },
  },
  strict: false,
  allowPositionals: true,
  tokens: true,
});
let json = false;
let noFund = false;
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
const shutdown = async (signal: string) => {
  process.stderr.write(`\n${signal}: stopping the devnet...\n`);
  await devnet?.stop();
  process.exit(0);
};
// Handlers first: a signal during start-up must still stop what has started.
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

process.stderr.write(
  "Starting the preflow devnet (anvil + ERC-4337 v0.7 + Uniswap v3, Mento, Aave v3 + alto bundler + sponsor endpoint)...\n",
);
devnet = await startDevnet(noFund ? {} : { fundAccounts: { amount: FUNDING, extraAddresses } });
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
    "Press Ctrl-C to stop.",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
