import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";

/** A child process of the devnet with the tail of its output (for error messages). */
export interface DevnetProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last lines the process printed (stdout and stderr), newest last. */
  readonly log: string[];
}

// Children must never outlive the devnet's process. On Linux every child is started through util-linux
// `setpriv --pdeathsig KILL`, so the kernel kills it when its parent dies, however the parent dies
// (SIGKILL included). Everywhere, live children are killed synchronously on `exit`.
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of live) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

const SETPRIV =
  process.platform === "linux" ? ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p)) : undefined;

/** Starts `command` as a child that dies with this process; its output is kept, and echoed when `verbose`. */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { verbose?: boolean; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): DevnetProcess {
  installExitHook();
  const [file, argv] = SETPRIV
    ? [SETPRIV, ["--pdeathsig", "KILL", "--", command, ...args]]
    : [command, [...args]];
  const child = spawn(file, argv, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...(options.env ?? process.env), NO_COLOR: "1" },
    cwd: options.cwd,
  });
  live.add(child);
  const log: string[] = [];
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    if (log.length > 200) log.shift();
    if (options.verbose) process.stderr.write(`[${name}] ${text}`);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  child.on("exit", () => live.delete(child));
  child.on("error", (error) => log.push(`spawn error: ${error.message}`));
  return { name, child, log };
}

/** Whether the process has exited. */
export function hasExited(p: DevnetProcess): boolean {
  return p.child.exitCode !== null || p.child.signalCode !== null;
}

/** Stops a process with SIGTERM, then SIGKILL after `timeoutMs`; resolves once it has exited. */
export async function stopProcess(p: DevnetProcess, timeoutMs = 3000): Promise<void> {
  if (hasExited(p) || p.child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => p.child.once("exit", () => resolve()));
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}
