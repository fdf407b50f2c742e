import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { entryPoint07Address } from "viem/account-abstraction";
import { DEVNET_ACCOUNTS, DEVNET_ROLES } from "./accounts.js";
import { startAnvil } from "./anvil.js";
import { connectDevnet, type DevnetClient } from "./connectDevnet.js";
import { deployEthereumEns } from "./ethereumEns.js";
import { loadPrebuiltState } from "./prebuiltState.js";
import { type DevnetProcess, hasExited, startProcess, stopProcess } from "./processes.js";
import { freePort, rpcCall, waitFor } from "./rpc.js";
import { type SponsorEndpoint, startSponsorEndpoint } from "./sponsorEndpoint.js";
import { DEVNET_TOKENS } from "./tokens.js";

const require = createRequire(import.meta.url);

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
}

/** A running devnet. */
export interface Devnet extends DevnetClient {
  /** Start-up time in milliseconds, by phase. */
  readonly timings: {
    anvilMs: number;
    contractsMs: number;
    bundlerMs: number;
    sponsorMs: number;
    totalMs: number;
  };
  /** Process ids of the children (anvil, alto, and the Ethereum anvil when started); the sponsor endpoint runs in this process. */
  readonly pids: { anvil: number; bundler: number; ethereumAnvil?: number };
  /** Stops everything; idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts the embedded offline devnet on loopback and free ports: anvil at chain id 42220 with Celo's transfer
 * precompile, EntryPoint v0.7 and SimpleAccountFactory v0.7 at their canonical addresses, Multicall3, the
 * tokens, Uniswap v3, the Mento v3 stand-in and Aave v3 at their mainnet addresses (all loaded from the prebuilt
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
  const t0 = performance.now();
  const processes: DevnetProcess[] = [];
  let sponsor: SponsorEndpoint | undefined;
  let stopped = false;
  const signal = options.signal;
  const checkAborted = () => signal?.throwIfAborted();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await sponsor?.stop().catch(() => {});
    await Promise.all(processes.map((p) => stopProcess(p)));
  };
  try {
    checkAborted();
    const altoPort = await freePort();
    const bundlerUrl = `http://127.0.0.1:${altoPort}`;
    const { rpcUrl, process: anvil } = await startAnvil({
      name: "anvil",
      chainId: 42220,
      verbose,
      fail: checkAborted,
      onStarted: (started) => processes.push(started),
    });
    const tAnvil = performance.now();

    // alto spends ~1 s loading its modules; the prebuilt chain state (every contract, token and protocol) is
    // loaded meanwhile.
    const altoCli = path.join(path.dirname(require.resolve("@pimlico/alto")), "cli", "alto.js");
    const alto = startProcess(
      "alto",
      process.execPath,
      [
        altoCli,
        ...["--entrypoints", entryPoint07Address, "--rpc-url", rpcUrl, "--port", String(altoPort)],
        ...["--executor-private-keys", DEVNET_ROLES.bundlerExecutor.privateKey],
        ...["--utility-private-key", DEVNET_ROLES.bundlerUtility.privateKey],
        ...[
          "--safe-mode",
          "false",
          "--deploy-simulations-contract",
          "true",
          "--utility-wallet-monitor",
          "false",
        ],
        ...["--min-entity-stake", "1", "--min-entity-unstake-delay", "1"],
        ...["--block-time", "200", "--min-bundle-interval", "10", "--max-bundle-interval", "50"],
        ...["--enable-debug-endpoints", "true", "--log-level", verbose ? "info" : "warn"],
      ],
      {
        verbose,
        // alto reads ./.env, every ALTO_* variable and SENTRY_DSN: a scrubbed environment and a neutral cwd
        // keep a project's settings (and any network reporting) out of it.
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DOTENV_CONFIG_PATH: "/nonexistent/alto.env" },
        cwd: os.tmpdir(),
      },
    );
    processes.push(alto);
    let tBundler = 0;
    const bundlerReady = waitFor(
      "alto",
      async () => (await rpcCall<string[]>(bundlerUrl, "eth_supportedEntryPoints")).length > 0,
      {
        timeoutMs: 60_000,
        fail: () => {
          checkAborted();
          failIfExited(alto);
        },
      },
    ).then(() => {
      tBundler = performance.now();
    });
    let tContracts = 0;
    const contractsReady = (async () => {
      await loadPrebuiltState(rpcUrl);
      tContracts = performance.now();
    })();
    let ethereum: { rpcUrl: string; chainId: 1; pid: number } | undefined;
    const ethereumReady = options.ethereum
      ? (async () => {
          const { rpcUrl: ethereumRpcUrl, process: ethereumAnvil } = await startAnvil({
            name: "anvil (ethereum)",
            chainId: 1,
            verbose,
            fail: checkAborted,
            onStarted: (started) => processes.push(started),
          });
          await deployEthereumEns(ethereumRpcUrl);
          ethereum = { rpcUrl: ethereumRpcUrl, chainId: 1, pid: ethereumAnvil.child.pid ?? -1 };
        })()
      : Promise.resolve();
    const settled = await Promise.allSettled([bundlerReady, contractsReady, ethereumReady]);
    for (const result of settled) if (result.status === "rejected") throw result.reason;

    checkAborted();
    sponsor = await startSponsorEndpoint({
      anvilUrl: rpcUrl,
      altoUrl: bundlerUrl,
      apiKey: options.sponsorApiKey,
    });
    checkAborted();
    const tEnd = performance.now();

    const client = connectDevnet({
      rpcUrl,
      bundlerUrl,
      sponsorBaseUrl: sponsor.baseUrl,
      sponsorApiKey: sponsor.apiKey,
      chainId: 42220,
      accounts: DEVNET_ACCOUNTS,
      tokens: DEVNET_TOKENS,
      ...(ethereum ? { ethereum: { rpcUrl: ethereum.rpcUrl, chainId: ethereum.chainId } } : {}),
    });
    return {
      ...client,
      timings: {
        anvilMs: Math.round(tAnvil - t0),
        contractsMs: Math.round(tContracts - tAnvil),
        bundlerMs: Math.round(tBundler - tAnvil),
        sponsorMs: Math.round(tEnd - Math.max(tBundler, tContracts)),
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

function failIfExited(p: DevnetProcess): void {
  if (hasExited(p))
    throw new Error(`devnet: ${p.name} exited during start-up:\n${p.log.join("").slice(-2000)}`);
}
