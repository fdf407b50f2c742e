// The alto bundler (@pimlico/alto) as the devnet runs it: EntryPoint v0.7 and v0.8 on the devnet's anvil, the
// devnet's executor and utility keys, quick bundling, debug endpoints, JSON logs, in a scrubbed environment.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { entryPoint07Address, entryPoint08Address } from "viem/account-abstraction";
import { DEVNET_ROLES } from "./accounts.js";
import { clockEnvironment } from "./clockEnvironment.js";
import { type DevnetProcess, hasExited, startProcess } from "./processes.js";
import { rpcCall, waitFor } from "./rpc.js";
import { SPONSOR_PAYMASTER_ADDRESSES } from "./sponsorEndpoint.js";

const require = createRequire(import.meta.url);

/**
 * Starts alto against `rpcUrl` on `port` (127.0.0.1), from its one-file bundle (scripts/bundle-alto.mjs: 0.4–0.9 s
 * to load instead of 1.3–3 s for its module graph). It answers once it has read the chain id: the caller waits.
 */
export function startAlto(parameters: { rpcUrl: string; port: number; verbose: boolean }): DevnetProcess {
  const { rpcUrl, port, verbose } = parameters;
  return startProcess(
    "alto",
    process.execPath,
    [
      altoCliPath(),
      ...["--entrypoints", `${entryPoint07Address},${entryPoint08Address}`, "--rpc-url", rpcUrl],
      ...["--port", String(port)],
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
      // alto estimates an operation after the operations of other senders that wait in its mempool with the same
      // paymaster, in one simulated handleOps: every operation the sponsor signs shares its paymaster, so a second
      // concurrent send was estimated on storage and accounts the first one had warmed (a third less call gas)
      // and ran out of gas when it landed in a bundle of its own (issue 39, aa's sponsoredConcurrent test).
      // Ignoring the sponsor's paymasters there estimates each operation on the chain's state, which holds
      // whichever bundle it lands in. (Its sender's own earlier operations are still simulated first.) alto added
      // the option for this case (pimlicolabs/alto#605, "estimations with warmed state"); its other remedy, a
      // 50,000 call gas floor when operations are queued, does not cover a 112,771-gas deposit.
      ...["--ignored-paymasters", SPONSOR_PAYMASTER_ADDRESSES.join(",")],
      ...["--block-time", "200", "--min-bundle-interval", "10", "--max-bundle-interval", "50"],
      ...["--enable-debug-endpoints", "true", "--log-level", verbose ? "info" : "warn"],
      // JSON lines: the pretty logger runs pino-pretty in a worker thread (slower to start, not bundled).
      ...["--json", "true"],
    ],
    {
      verbose,
      // alto reads ./.env, every ALTO_* variable and SENTRY_DSN: a scrubbed environment and a neutral cwd
      // keep a project's settings (and any network reporting) out of it.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DOTENV_CONFIG_PATH: "/nonexistent/alto.env",
        ...clockEnvironment(),
      },
      cwd: os.tmpdir(),
    },
  );
}

/**
 * alto's CLI: the one-file bundle the build writes (`dist/alto.mjs`, from this file in `dist/` or in `src/`),
 * else the package's own module graph (the same code, slower to load).
 */
function altoCliPath(): string {
  const bundled = fileURLToPath(new URL("../dist/alto.mjs", import.meta.url));
  if (existsSync(bundled)) return bundled;
  return path.join(path.dirname(require.resolve("@pimlico/alto")), "cli", "alto.js");
}

/** Waits (at most 60 s) until alto at `bundlerUrl` serves an entry point; fails at once if it exits or the start is aborted. */
export async function waitForAlto(
  bundlerUrl: string,
  alto: DevnetProcess,
  checkAborted: () => void,
): Promise<void> {
  await waitFor(
    "alto",
    async () => (await rpcCall<string[]>(bundlerUrl, "eth_supportedEntryPoints")).length > 0,
    {
      timeoutMs: 60_000,
      fail: () => {
        checkAborted();
        failIfExited(alto);
      },
    },
  );
}

function failIfExited(p: DevnetProcess): void {
  if (hasExited(p))
    throw new Error(`devnet: ${p.name} exited during start-up:\n${p.log.join("").slice(-2000)}`);
}
