import { createRequire } from "node:module";
import path from "node:path";
import { createAnvilStateCache, removeAnvilStateCache } from "./anvilStateCache.js";
import { type DevnetProcess, hasExited, startProcess } from "./processes.js";
import { freePort, rpcCall, waitFor } from "./rpc.js";

const require = createRequire(import.meta.url);

/** Where the anvil binary of `@foundry-rs/anvil`'s platform package is. */
export function anvilBinaryPath(): string {
  const platform = ({ linux: "linux", darwin: "darwin", win32: "win32" } as Record<string, string>)[
    process.platform
  ];
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
  if (!platform || !arch)
    throw new Error(`devnet: anvil has no build for ${process.platform}/${process.arch}`);
  const anvilRequire = createRequire(require.resolve("@foundry-rs/anvil/package.json"));
  const dir = path.dirname(anvilRequire.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`));
  return path.join(dir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

/** A running anvil on loopback. */
export interface AnvilInstance {
  readonly process: DevnetProcess;
  readonly rpcUrl: string;
}

/**
 * Starts anvil on 127.0.0.1 and a free port (or `port`, which the caller has checked is free), silent, and
 * waits until it answers with `chainId`. Chain 42220 gets `--celo` (Celo's transfer precompile). anvil mines
 * every transaction at once (automine) unless `mining` is `"external"`: then it mines nothing by itself
 * (`--no-mining`; the devnet's block producer mines, see `blockProducer.ts`). The states anvil spills to disk
 * go to a folder of the devnet's, removed when anvil exits (see `anvilStateCache.ts`). `fail` runs while waiting
 * (to abort a start).
 *
 * @example
 * const anvil = await startAnvil({ name: "anvil", chainId: 42220 });
 */
export async function startAnvil(options: {
  name: string;
  chainId: 1 | 42220;
  port?: number;
  mining?: "automine" | "external";
  /** Also serve JSON-RPC on this IPC socket path (`--ipc`). */
  ipcPath?: string;
  verbose?: boolean;
  fail?: () => void;
  onStarted?: (process: DevnetProcess) => void;
}): Promise<AnvilInstance> {
  const port = options.port ?? (await freePort());
  const rpcUrl = `http://127.0.0.1:${port}`;
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(options.chainId)];
  // the prebuilt state (Celo's unoptimized core contracts) is one anvil_loadState request over 2 MB; Celo's
  // contract size limit is 65,536 bytes (Circle's FiatTokenCeloV2_2 is 25,807), anvil's default Ethereum's 24,576
  if (options.chainId === 42220) args.push("--celo", "--no-request-size-limit", "--code-size-limit", "65536");
  if (options.mining === "external") args.push("--no-mining");
  if (options.ipcPath !== undefined) args.push("--ipc", options.ipcPath);
  const stateCache = createAnvilStateCache();
  if (stateCache !== undefined) args.push("--cache-path", stateCache);
  args.push("--silent");
  const anvil = startProcess(options.name, anvilBinaryPath(), args, { verbose: options.verbose });
  if (stateCache !== undefined) anvil.child.once("exit", () => removeAnvilStateCache(stateCache));
  options.onStarted?.(anvil);
  await waitFor(
    options.name,
    async () => BigInt(await rpcCall<string>(rpcUrl, "eth_chainId")) === BigInt(options.chainId),
    {
      fail: () => {
        options.fail?.();
        if (hasExited(anvil))
          throw new Error(
            `devnet: ${anvil.name} exited during start-up:\n${anvil.log.join("").slice(-2000)}`,
          );
      },
    },
  );
  return { process: anvil, rpcUrl };
}
