// `pnpm demo`: the whole preflow story on the embedded offline devnet, or (with `--rpc <url>`) the
// read-only part against another RPC. See the README.
import { DEVNET_VAULT_ADDRESS, type Devnet, devnetVaultAbi, startDevnet } from "@preflow/devnet";
import {
  checkAttributionInTransaction,
  createSdkClient,
  executePreparedFlow,
  flushTelemetry,
  formatPreparedFlow,
  redactSecrets,
  redactUrl,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
} from "preflow";
import { createAAClient } from "preflow/aa";
import { formatUnits, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { parseDemoArguments, USAGE } from "./arguments.js";
import { block, bold, chapter, dim, green, line, red, short, table, waitWith } from "./terminal.js";

const TAGS = ["demo_app"];

function showFlow(flow: SerializedPreparedFlow): void {
  line(
    `${bold(flow.summary)} ${dim(`(${flow.steps.length} step${flow.steps.length === 1 ? "" : "s"}, chain ${flow.chainId})`)}`,
  );
  block(
    JSON.stringify(
      {
        ...flow,
        steps: flow.steps.map((s) => ({
          ...s,
          data: `${s.data.slice(0, 74)}… (${(s.data.length - 2) / 2} bytes)`,
        })),
      },
      null,
      2,
    ),
  );
}

/**
 * Reads the balances the simulation says will change (now), and later compares their real changes with the
 * simulated ones, token by token.
 */
async function readChanges(
  client: ReturnType<typeof createSdkClient>,
  simulation: SimulatePreparedFlowReturnType,
) {
  const read = () =>
    Promise.all(
      simulation.balanceChanges.map(async (change) =>
        change.symbol ? (await client.token.getBalance(change.address, change.symbol)).value : 0n,
      ),
    );
  const before = await read();
  return {
    async compare() {
      const after = await read();
      return simulation.balanceChanges.map((change, index) => {
        const real = after[index]! - before[index]!;
        const sign = (value: string) => (value.startsWith("-") ? value : `+${value}`);
        const decimals = change.decimals ?? 0;
        const shown = real < 0n ? `-${formatUnits(-real, decimals)}` : formatUnits(real, decimals);
        return {
          who:
            change.address === simulation.account
              ? `smart account ${short(change.address, 4)}`
              : short(change.address, 4),
          symbol: change.symbol ?? short(change.token, 4),
          simulated: sign(change.formatted ?? change.delta),
          real: sign(shown),
          same: real.toString() === change.delta,
        };
      });
    },
  };
}

async function readOnly(rpcUrl: string): Promise<void> {
  console.log(bold(`preflow demo: read-only against ${redactUrl(rpcUrl)}`));
  const client = createSdkClient({ rpcUrl, analyticsEnabled: false });
  chapter("Network status");
  const status = await waitWith("eth_chainId, latest block and gas price", () => client.network.getStatus());
  block(JSON.stringify(status, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2));
  chapter("Token registry and balances");
  const info = await waitWith("USDm token info", () => client.token.getTokenInfo("USDm"));
  block(JSON.stringify(info, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2));
  const holder = "0x471EcE3750Da237f93B8E339c536989b8978a438";
  const { balances, unavailable } = await waitWith(`balances of ${short(holder)} (one request)`, () =>
    client.token.getBalances(holder),
  );
  table(
    ["token", "address", "balance"],
    balances.map((b) => [b.token.symbol, short(b.token.address), b.formatted]),
  );
  if (unavailable.length > 0)
    line(dim(`not readable here: ${unavailable.map((u) => u.token.symbol).join(", ")}`));
}

async function fullStory(): Promise<void> {
  console.log(bold("preflow demo: prepare, tag, execute, sponsor and check on an offline chain 42220"));
  let devnet: Devnet | undefined;
  const stop = async () => {
    await devnet?.stop();
    devnet = undefined;
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    chapter("Start the embedded devnet");
    devnet = await waitWith("anvil (42220) + EntryPoint 0.7 + alto bundler + sponsor endpoint", () =>
      startDevnet(),
    );
    const d = devnet;
    line(`RPC ${d.rpcUrl}   sponsor ${d.sponsorBaseUrl}/v2/42220/rpc?apikey=${dim("<key>")}`);

    chapter(`Create a client with attribution tags ${JSON.stringify(TAGS)}`);
    const client = createSdkClient({ rpcUrl: d.rpcUrl, attributionTags: TAGS, analyticsEnabled: false });
    line(
      "createSdkClient validates every option before any I/O; steps it prepares carry an ERC-8021 suffix:",
    );
    line(`codes ${bold(JSON.stringify(["sdk", ...TAGS]))} (platform code first)`);

    chapter("Prepare a USDm send from an EOA that holds no CELO, gas paid in USDm (CIP-64)");
    const eoa = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    await waitWith(`fund EOA ${short(eoa.address)} with 25 USDm (and no CELO at all)`, () =>
      d.fund(eoa.address, "USDm", "25"),
    );
    const sendFlow = await waitWith(
      'client.transaction.prepareSend(eoa, recipient, "USDm", "5", { feeCurrency: "USDm" })',
      () => client.transaction.prepareSend(eoa.address, recipient, "USDm", "5", { feeCurrency: "USDm" }),
    );
    showFlow(sendFlow);
    const fee = sendFlow.fee;
    if (!fee) throw new Error("the flow carries no fee in USDm");
    line(
      `fee in ${bold(fee.currency)}: about ${formatUnits(BigInt(fee.estimated), d.tokens.USDm.decimals)}, at most ${formatUnits(BigInt(fee.max), d.tokens.USDm.decimals)} (feeCurrency ${short(fee.feeCurrency, 4)})`,
    );

    chapter("Execute it with the EOA (the tool server's execution path): a type 0x7b transaction");
    const executed = await waitWith(
      "executePreparedFlow: sign CIP-64, take the hash, send with explicit nonce, wait for the receipt",
      () => executePreparedFlow(client.publicClient, { account: eoa, flow: sendFlow }),
    );
    const eoaStep = executed.steps[0]!;
    line(
      `status ${executed.status === "success" ? green(executed.status) : red(executed.status)}, tx ${eoaStep.hash}`,
    );
    if (executed.status !== "success" || !eoaStep.feePaid)
      throw new Error("the USDm send did not land paying its fee in USDm");
    const after = await client.token.getBalance(recipient, "USDm");
    const celo = await client.token.getBalance(eoa.address, "CELO");
    line(`recipient now holds ${bold(`${after.formatted} USDm`)}`);
    line(
      `gas paid in USDm by an account with ${bold(`${celo.formatted} CELO`)}: ${bold(`${formatUnits(BigInt(eoaStep.feePaid.amount), d.tokens.USDm.decimals)} USDm`)} (the receipt's fee; at most ${formatUnits(BigInt(fee.max), d.tokens.USDm.decimals)})`,
    );
    if (celo.value !== 0n) throw new Error("the EOA holds CELO: the fee was not paid in USDm");

    chapter("Prepare approve-then-call for a fresh smart account");
    const owner = privateKeyToAccount(generatePrivateKey());
    const aa = await waitWith("createAAClient (simple account, EntryPoint 0.7, sponsor_a)", () =>
      createAAClient({
        owner,
        rpcUrl: d.rpcUrl,
        gasSponsorship: {
          provider: "sponsor_a",
          sponsor_a: { apiKey: d.sponsorApiKey, baseUrl: d.sponsorBaseUrl },
        },
      }),
    );
    line(`smart account ${aa.smartAccountAddress} (not deployed yet; it holds no CELO for gas)`);
    await waitWith("fund the smart account with 20 USDm", () => d.fund(aa.smartAccountAddress, "USDm", "20"));
    const vaultFlow = await waitWith("prepareContractCall(vault.deposit(USDm, 7), approvals: 7 USDm)", () =>
      client.transaction.prepareContractCall(aa.smartAccountAddress, {
        to: DEVNET_VAULT_ADDRESS,
        abi: devnetVaultAbi,
        functionName: "deposit",
        args: [d.tokens.USDm.address, parseUnits("7", 18)],
        approvals: [{ token: "USDm", amount: "7" }],
      }),
    );
    showFlow(vaultFlow);

    chapter("See it before signing: preview and whole-flow simulation");
    const simulation = await waitWith(
      "aa.simulatePreparedFlow(flow): both steps on one state (eth_simulateV1), one request",
      () => aa.simulatePreparedFlow(vaultFlow),
    );
    block(formatPreparedFlow(vaultFlow, simulation, { sponsored: true })); // the sponsor pays the gas, not the account
    if (!simulation.success) throw new Error("the simulation says the flow would revert");
    const watched = await readChanges(client, simulation);

    chapter("Submit it sponsored through preflow/aa (batch mode: one atomic UserOperation)");
    const sent = await waitWith('aa.sendPreparedFlow(flow, { mode: "batch" })', () =>
      aa.sendPreparedFlow(vaultFlow, { mode: "batch" }),
    );
    line(`success ${sent.success ? green("true") : red("false")}, userOp ${sent.userOpHashes[0]}`);
    line(`bundle tx ${sent.transactionHashes[0]}`);
    if (!sent.success) throw new Error(`sponsored submission failed: ${sent.error?.message}`);
    const rows = await watched.compare();
    line("Balance changes, simulated before signing and measured after the UserOperation landed:");
    table(
      ["address", "token", "simulated", "real", "same"],
      rows.map((row) => [row.who, row.symbol, row.simulated, row.real, row.same ? green("yes") : red("no")]),
    );
    if (rows.some((row) => !row.same)) throw new Error("the real balance changes differ from the simulation");

    chapter("Check the tags on both transaction hashes");
    const request = client.publicClient.request;
    const eoaCheck = await waitWith('checkAttributionInTransaction(EOA tx, "demo_app")', () =>
      checkAttributionInTransaction({ request, hash: eoaStep.hash! }, "demo_app"),
    );
    const bundleHash = sent.transactionHashes[0]!;
    const bundleCheck = await waitWith('checkAttributionInTransaction(bundle tx, "demo_app")', () =>
      checkAttributionInTransaction({ request, hash: bundleHash }, "demo_app"),
    );
    for (const loc of bundleCheck.locations) {
      if (loc.kind !== "innerCall") continue;
      line(
        `inner call ${loc.callIndex} → ${short(loc.target, 4)}: tags ${JSON.stringify(loc.tags)}, platform ${loc.platform}`,
      );
    }

    chapter("Summary");
    const eoaTx = await client.blockchain.getTransaction(eoaStep.hash!);
    const bundleTx = await client.blockchain.getTransaction(bundleHash);
    const row = (what: string, hash: string, gas: bigint | null, check: typeof eoaCheck) => [
      what,
      short(hash, 8),
      gas?.toString() ?? "?",
      check.found ? `${JSON.stringify(check.tags)}${check.platform ? " + sdk" : ""}` : "none",
      check.matched ? green("yes") : red("no"),
    ];
    table(
      ["transaction", "hash", "gas used", "tags found", "demo_app"],
      [
        row("EOA send, gas in USDm (0x7b)", eoaStep.hash!, eoaTx.gasUsed, eoaCheck),
        row("sponsored batch (2 calls)", bundleHash, bundleTx.gasUsed, bundleCheck),
      ],
    );
    if (!eoaCheck.matched || !bundleCheck.matched) throw new Error("a transaction is missing its tags");
    line();
    line(green("Done: both transactions carry sdk + demo_app; the devnet is being stopped."));
  } finally {
    await stop();
    await flushTelemetry({ timeoutMs: 100 });
  }
}

const parsed = parseDemoArguments(process.argv.slice(2));
if (parsed.kind === "help") {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.kind === "invalid") {
  console.error(`preflow demo: ${parsed.problem}\n\n${USAGE}`);
  process.exit(2);
}
const { rpcUrl } = parsed;
try {
  if (rpcUrl !== undefined) await readOnly(rpcUrl);
  else await fullStory();
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // SDK errors already redact the URL; an error from elsewhere might quote it.
  console.error(red(`\ndemo failed: ${redactSecrets(message, [rpcUrl])}`));
  process.exit(1);
}
