import { startDevnet } from "./startDevnet.js";

// `pnpm devnet`: start the devnet, print its URLs and funded accounts, and run until Ctrl-C.
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
devnet = await startDevnet();
const json = process.argv.includes("--json");
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
  accounts: devnet.accounts.map((a) => ({
    address: a.address,
    privateKey: a.privateKey,
    balance: "10000 CELO",
  })),
  startedInMs: devnet.timings.totalMs,
};
if (json) {
  process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
} else {
  const lines = [
    `preflow devnet is up in ${info.startedInMs} ms (chain id ${info.chainId})`,
    "",
    `  RPC            ${info.rpcUrl}`,
    `  Bundler        ${info.bundlerUrl}`,
    `  Sponsor        ${info.sponsorUrl}`,
    "",
    "  Tokens",
    ...Object.entries(info.tokens).map(([s, d]) => `    ${s.padEnd(6)} ${d}`),
    "",
    "  Funded accounts (anvil's public test keys: never use them on a real chain)",
    ...info.accounts.map((a, i) => `    (${i}) ${a.address}  ${a.privateKey}`),
    "",
    "Press Ctrl-C to stop.",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
