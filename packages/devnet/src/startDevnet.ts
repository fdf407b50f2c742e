import { createRequire } from "node:module";
import { type Address, isAddress } from "viem";
import { DEVNET_ACCOUNTS } from "./accounts.js";
import { startAlto, waitForAlto } from "./alto.js";
import { startAnvil } from "./anvil.js";
import { type BlockProducer, type CELO_BASE_FEE_FLOOR, startBlockProducer } from "./blockProducer.js";
import { connectDevnet, type DevnetClient } from "./connectDevnet.js";
import { deployEthereumEns } from "./ethereumEns.js";
import { type FeeCurrencyNode, startFeeCurrencyNode } from "./feeCurrencyNode/index.js";
import { fundAccount } from "./fund.js";
import { createIpcSocketPath } from "./ipcSocket.js";
import { markPortsTaken } from "./portReservation.js";
import { checkPortsFree, isDevnetPort } from "./ports.js";
import { loadPrebuiltState } from "./prebuiltState.js";
import { type DevnetProcess, stopProcess } from "./processes.js";
import { retimeCeloGovernance } from "./protocols/celoCore.js";
import { deployDelegationFramework } from "./protocols/delegationFramework.js";
import { deployErc8004Registries } from "./protocols/erc8004.js";
import { freePort } from "./rpc.js";
import { deploySimple7702Account } from "./simple7702Account.js";
import { type SponsorEndpoint, startSponsorEndpoint } from "./sponsorEndpoint.js";
import { DEVNET_TOKENS } from "./tokens.js";

const _require = createRequire(import.meta.url);

/** Options of {@link startDevnet}. */
export interface StartDevnetOptions {
  /** Echo anvil's and alto's output to stderr (also `DEVNET_VERBOSE=1`). */
  verbose?: boolean;
  /** The API key the sponsor endpoint accepts; random when omitted. */
  sponsorApiKey?: string;
  /** Aborts start-up: whatever has started is stopped and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Also start a second anvil at chain id 1 with ENS (the published `ENSRegistry` and `PublicResolver`, and a
   * UniversalResolver stand-in at mainnet's address); its URL is `devnet.ethereum.rpcUrl`. Off by default.
   */
  ethereum?: boolean;
  /**
   * Fund accounts while the bundler starts. Each of `devnet.accounts` gets `amount` (whole tokens, e.g.
   * `"10000"`) of every devnet token other than CELO (anvil gave it 10,000 CELO); each of `extraAddresses` gets
   * `amount` of every token, CELO included. The minting for the 7 accounts (0.2 s on an idle 2-core machine,
   * 0.6 s on a busy one) overlaps alto's start (0.5–2.5 s from its one-file bundle), so it adds little to the start time
   * (`pnpm --filter @preflow/devnet bench`). Off by default: tests fund what they use. `pnpm devnet` funds with
   * `"10000"`.
   */
  fundAccounts?: { readonly amount: string; readonly extraAddresses?: readonly Address[] };
  /**
   * Listen on fixed ports: the RPC (anvil) on `port`, the bundler on `port + 1`, the sponsor endpoint on
   * `port + 2` (`pnpm devnet`: 8545, 8546, 8547). Taken ports fail the start with an error naming them. Free
   * random ports when omitted (tests: parallel runs never collide).
   */
  port?: number;
  /**
   * The chain's minimum base fee in wei, CELO per gas (default {@link CELO_BASE_FEE_FLOOR}, 25 gwei): since the Jovian
   * upgrade (2026-03-31) mainnet's minimum base fee is a configurable parameter, not a fixed floor, so code under
   * test must read the base fee; a test can start a devnet at another minimum to prove it does.
   */
  minBaseFeePerGas?: bigint;
}

/** A running devnet. */
export interface Devnet extends DevnetClient {
  /** Start-up time in milliseconds, by phase. */
  readonly timings: {
    anvilMs: number;
    contractsMs: number;
    bundlerMs: number;
    /** The sponsor endpoint's start, after the state (and funding), while alto starts. */
    sponsorMs: number;
    /** Minting `fundAccounts`' tokens, after the chain state is loaded and while alto starts (0 without it). */
    fundMs: number;
    totalMs: number;
  };
  /** Process ids of the children (anvil, alto, and the Ethereum anvil when started); the sponsor endpoint runs in this process. */
  readonly pids: { anvil: number; bundler: number; ethereumAnvil?: number };
  /** Resolves (with e.g. `"anvil exited (SIGTERM)"`) when anvil or alto exits while the devnet runs; never after `stop()`. */
  readonly childExited: Promise<string>;
  /** Stops everything; idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the embedded offline devnet on loopback, on free ports (or `port` and the two after it): anvil at
 * chain id 42220 with Celo's transfer precompile, mined by the block producer (a block per transaction and at
 * least every second, base fee >= the minimum, 25 gwei by default), EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical
 * addresses (and EntryPoint v0.8 with the EIP-7702 `Simple7702Account`, served by the bundler too), Multicall3, the
 * tokens, Uniswap v3 and v4, the Mento v3 stand-in and Aave v3 at their mainnet addresses (all loaded from the prebuilt
 * chain state), the alto bundler and a sponsor endpoint. Nothing is left running after
 * `stop()`, after a failed start, or when this process dies.
 *
 * @example
 * const devnet = await startDevnet();
 * await devnet.fund(alice, "USDm", "100");
 * // ... use devnet.rpcUrl, devnet.sponsorUrl() ...
 * await devnet.stop();
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const verbose = options.verbose ?? process.env.DEVNET_VERBOSE === "1";
  checkOptions(options);
  const t0 = performance.now();
  const processes: DevnetProcess[] = [];
  let sponsor: SponsorEndpoint | undefined;
  let producer: BlockProducer | undefined;
  // anvil's IPC socket, for the block producer's subscription (removed once it is connected, or by stop()).
  const { path: ipcPath, remove: removeIpcSocket } = createIpcSocketPath();
  let feeCurrencyNode: FeeCurrencyNode | undefined;
  let stopped = false;
  const signal = options.signal;
  const checkAborted = () => signal?.throwIfAborted();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await producer?.stop().catch(() => {});
    await sponsor?.stop().catch(() => {});
    await feeCurrencyNode?.stop().catch(() => {});
    await Promise.all(processes.map((p) => stopProcess(p)));
    removeIpcSocket();
  };
  try {
    checkAborted();
    const port = options.port;
    if (port !== undefined) await checkDevnetPortsFree(port);
    const altoPort = port !== undefined ? port + 1 : await freePort();
    const bundlerUrl = `http://127.0.0.1:${altoPort}`;
    const { rpcUrl: anvilRpcUrl, process: anvil } = await startAnvil({
      name: "anvil",
      chainId: 42220,
      // Mined by the block producer: a block per second and per transaction, base fee >= the minimum.
      mining: "external",
      ipcPath,
      verbose,
      fail: checkAborted,
      onStarted: (started) => processes.push(started),
    });
    const tAnvil = performance.now();
    // The chain's URL is the fee-currency node front; alto, the sponsor endpoint and the state load use anvil's.
    const rpcUrl = anvilRpcUrl;

    // alto is the longest part of a start: it is started as soon as anvil answers (it reads the chain id
    // first, and exits when nothing answers), from its one-file bundle (scripts/bundle-alto.mjs: 0.4–0.9 s to
    // load instead of 1.3–3 s for its module graph); the prebuilt chain state (every contract, token and
    // protocol) is loaded, and the sponsor endpoint started, meanwhile.
    const alto = startAlto({ rpcUrl, port: altoPort, verbose });
    processes.push(alto);
    // The fixed RPC port (pnpm devnet) is the front's: users reach anvil only through it.
    feeCurrencyNode = await startFeeCurrencyNode({
      upstreamUrl: anvilRpcUrl,
      ...(options.minBaseFeePerGas === undefined ? {} : { baseFeeFloor: options.minBaseFeePerGas }),
      ...(port !== undefined ? { port } : {}),
    });
    let tBundler = 0;
    const bundlerReady = waitForAlto(bundlerUrl, alto, checkAborted).then(() => {
      tBundler = performance.now();
    });
    let tContracts = 0;
    let fundMs = 0;
    const contractsReady = (async () => {
      const { builtAt } = await loadPrebuiltState(rpcUrl);
      producer = await startBlockProducer({
        rpcUrl,
        ipcPath,
        ...(options.minBaseFeePerGas === undefined ? {} : { baseFeeFloor: options.minBaseFeePerGas }),
      });
      // Connected: the socket's path is no longer needed, and nothing is left in /tmp even after a kill -9.
      removeIpcSocket();
      await deploySimple7702Account(rpcUrl);
      await Promise.all([deployDelegationFramework(rpcUrl), deployErc8004Registries(rpcUrl)]);
      await retimeCeloGovernance(rpcUrl, { builtAt });
      tContracts = performance.now();
      if (options.fundAccounts) {
        await fundEveryToken(rpcUrl, options.fundAccounts);
        fundMs = performance.now() - tContracts;
      }
    })();
    let ethereum: EthereumChain | undefined;
    const ethereumReady = options.ethereum
      ? startEthereumChain(verbose, checkAborted, processes).then((started) => {
          ethereum = started;
        })
      : Promise.resolve();
    // The mock paymaster deploys its contracts on anvil when it starts (after the state is loaded); it calls
    // alto only when a request comes, so it starts while alto is still loading.
    let tSponsor = 0;
    const sponsorReady = contractsReady.then(async () => {
      checkAborted();
      const started = await startSponsorEndpoint({
        anvilUrl: rpcUrl,
        altoUrl: bundlerUrl,
        apiKey: options.sponsorApiKey,
        ...(port !== undefined ? { port: port + 2 } : {}),
        verbose,
      });
      if (stopped) await started.stop();
      else sponsor = started;
      tSponsor = performance.now();
    });
    const settled = await Promise.allSettled([bundlerReady, contractsReady, sponsorReady, ethereumReady]);
    for (const result of settled) if (result.status === "rejected") throw result.reason;
    checkAborted();
    if (!sponsor) throw new Error("devnet: the sponsor endpoint did not start");
    const tEnd = performance.now();

    const client = connectDevnet({
      rpcUrl: feeCurrencyNode.url,
      anvilRpcUrl,
      bundlerUrl,
      sponsorBaseUrl: sponsor.baseUrl,
      sponsorApiKey: sponsor.apiKey,
      chainId: 42220,
      accounts: DEVNET_ACCOUNTS,
      tokens: DEVNET_TOKENS,
      ...(ethereum ? { ethereum: { rpcUrl: ethereum.rpcUrl, chainId: ethereum.chainId } } : {}),
    });
    const childExited = firstChildExit(processes, () => stopped);
    return {
      ...client,
      childExited,
      timings: {
        anvilMs: Math.round(tAnvil - t0),
        contractsMs: Math.round(tContracts - tAnvil),
        bundlerMs: Math.round(tBundler - tAnvil),
        sponsorMs: Math.round(tSponsor - tContracts - fundMs),
        fundMs: Math.round(fundMs),
        totalMs: Math.round(tEnd - t0),
      },
      pids: {
        anvil: anvil.child.pid ?? -1,
        bundler: alto.child.pid ?? -1,
        ...(ethereum ? { ethereumAnvil: ethereum.pid } : {}),
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Refuses bad options before anything starts. */
function checkOptions(options: StartDevnetOptions): void {
  if (options.fundAccounts) checkFundAccounts(options.fundAccounts);
  if (
    options.minBaseFeePerGas !== undefined &&
    (typeof options.minBaseFeePerGas !== "bigint" || options.minBaseFeePerGas < 1n)
  )
    throw new Error(`startDevnet: minBaseFeePerGas must be a bigint of at least 1 wei`);
  if (options.port !== undefined && !isDevnetPort(options.port))
    throw new Error(`startDevnet: port ${String(options.port)} is not a port number from 1 to 65533`);
}

/** With fixed ports (`port` and the two after it), fails the start naming any that is taken. */
async function checkDevnetPortsFree(port: number): Promise<void> {
  markPortsTaken([port, port + 1, port + 2]);
  await checkPortsFree(
    [
      { port, what: "the RPC (the fee-currency node front before anvil)" },
      { port: port + 1, what: "the bundler (alto)" },
      { port: port + 2, what: "the sponsor endpoint" },
    ],
    "--port",
  );
}

interface EthereumChain {
  rpcUrl: string;
  chainId: 1;
  pid: number;
}

/** The second anvil, at chain id 1, with ENS deployed (the `ethereum` option). */
async function startEthereumChain(
  verbose: boolean,
  checkAborted: () => void,
  processes: DevnetProcess[],
): Promise<EthereumChain> {
  const { rpcUrl, process: anvil } = await startAnvil({
    name: "anvil (ethereum)",
    chainId: 1,
    verbose,
    fail: checkAborted,
    onStarted: (started) => processes.push(started),
  });
  await deployEthereumEns(rpcUrl);
  return { rpcUrl, chainId: 1, pid: anvil.child.pid ?? -1 };
}

/** Resolves (with e.g. `"anvil exited (SIGTERM)"`) when one of `processes` exits before the devnet is stopped. */
function firstChildExit(processes: readonly DevnetProcess[], isStopped: () => boolean): Promise<string> {
  return new Promise<string>((resolve) => {
    for (const p of processes)
      p.child.once("exit", (code, signal) => {
        if (!isStopped()) resolve(`${p.name} exited (${signal ?? `status ${code}`})`);
      });
  });
}

function checkFundAccounts(fund: NonNullable<StartDevnetOptions["fundAccounts"]>): void {
  if (!/^\d+(\.\d+)?$/.test(fund.amount))
    throw new Error(
      `startDevnet: fundAccounts.amount ${JSON.stringify(fund.amount)} is not a decimal number`,
    );
  for (const address of fund.extraAddresses ?? [])
    if (!isAddress(address))
      throw new Error(`startDevnet: fundAccounts.extraAddresses: ${String(address)} is not an address`);
}

/** Mints every token to `devnet.accounts` (CELO aside: anvil funded them) and to the extra addresses, in parallel. */
async function fundEveryToken(
  rpcUrl: string,
  fund: NonNullable<StartDevnetOptions["fundAccounts"]>,
): Promise<void> {
  const symbols = Object.values(DEVNET_TOKENS).map((token) => token.symbol);
  const grants = [
    ...DEVNET_ACCOUNTS.flatMap((account) =>
      symbols.filter((symbol) => symbol !== "CELO").map((symbol) => [account.address, symbol] as const),
    ),
    ...(fund.extraAddresses ?? []).flatMap((address) => symbols.map((symbol) => [address, symbol] as const)),
  ];
  await Promise.all(grants.map(([address, symbol]) => fundAccount(rpcUrl, address, symbol, fund.amount)));
}
