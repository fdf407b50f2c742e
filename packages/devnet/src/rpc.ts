import { readFileSync } from "node:fs";
import net from "node:net";
import { reservePort } from "./portReservation.js";

/** The lowest port {@link freePort} picks (above the registered ports most local services use). */
const LISTEN_PORT_MIN = 20_000;

/**
 * The ports the kernel hands out as the local port of outgoing connections and for `listen(0)`: Linux's
 * `ip_local_port_range`, elsewhere IANA's dynamic range (49152-65535, macOS's and Windows' default).
 */
function ephemeralPortRange(): readonly [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && high !== undefined && Number.isInteger(low) && Number.isInteger(high))
      return [low, high];
  } catch {
    // not Linux
  }
  return [49_152, 65_535];
}

/** Whether a listening socket can be opened on 127.0.0.1:`port` now (it is closed again at once). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port the kernel chose for `listen(0)` (in the ephemeral range), closed again. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 for a child (anvil, alto, PostgreSQL) or server that listens on it a moment later: a
 * random port below the kernel's ephemeral range, so that no outgoing connection can take it in between. (A port
 * from `listen(0)` is an ephemeral one: closed again, it went back to the pool every outgoing connection draws its
 * local port from, and on a loaded machine with many loopback connections one of them could take it during the
 * second or two before alto listens, which then exits with EADDRINUSE.) The port is also reserved among the
 * processes on this machine that pick ports this way (see `reservePort`), so that two devnets starting at once
 * never get the same one. At most 64 candidates are probed; only when none is free (or the range leaves no room
 * below it) is the kernel's choice taken.
 */
export async function freePort(): Promise<number> {
  return (await freePortRun(1)) ?? kernelPort();
}

/**
 * The first of `count` consecutive free ports on 127.0.0.1, all below the kernel's ephemeral range (see
 * {@link freePort}): for a command that listens on a port and the ones after it (`pnpm devnet --port <p>` takes
 * p, p+1 and p+2). At most 64 candidates are probed; `undefined` when no run is free or the range leaves no room.
 */
export async function freePortRun(count: number): Promise<number | undefined> {
  const [ephemeralLow] = ephemeralPortRange();
  const span = Math.min(ephemeralLow, 65_536) - count - LISTEN_PORT_MIN;
  if (span < 1_000) return undefined;
  for (let probe = 0; probe < 64; probe++) {
    const port = LISTEN_PORT_MIN + Math.floor(Math.random() * span);
    let free = true;
    for (let next = 0; free && next < count; next++) free = await canListen(port + next);
    // Reserved only once all are free (a run's other ports are not held by a failed attempt), and kept only
    // when every port of the run is this process's.
    if (free && Array.from({ length: count }, (_, next) => reservePort(port + next)).every(Boolean))
      return port;
  }
  return undefined;
}

/** How long one {@link rpcCall} may take unless its caller says otherwise. */
export const RPC_CALL_TIMEOUT_MS = 60_000;

/**
 * One JSON-RPC call with plain fetch (used before viem clients exist and for anvil_* methods), bounded: it
 * rejects after `timeoutMs` (default {@link RPC_CALL_TIMEOUT_MS}), so no wait built on it can hang on a process
 * that accepted the connection and never answers.
 */
export async function rpcCall<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
  { timeoutMs = RPC_CALL_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  let response: Response;
  let body: { result?: T; error?: { message?: string } };
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = (await response.json()) as typeof body;
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError")
      throw new Error(`${method}: no answer from ${url} within ${timeoutMs} ms`);
    throw error;
  }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
  return body.result as T;
}

/** Polls `ready` until it returns true, `fail` throws, or `timeoutMs` passes. */
export async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 25,
    fail,
  }: { timeoutMs?: number; intervalMs?: number; fail?: () => void } = {},
): Promise<void> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    fail?.();
    // Each poll is bounded by what is left of the wait: a request that never answers cannot outlast it.
    let timer: NodeJS.Timeout | undefined;
    const left = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(1, timeoutMs - (Date.now() - started)));
    });
    try {
      if (await Promise.race([ready(), left])) return;
    } catch (error) {
      lastError = error;
    } finally {
      clearTimeout(timer);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : "";
  throw new Error(`devnet: timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
}

/**
 * The fees the devnet's own impersonated sends (minting, deployments, protocol helpers) offer: 100 gwei at most,
 * 1 gwei tip. Explicit, so that a send never depends on the fee anvil would fill in from the moment's base fee
 * (see `blockProducer.ts`).
 */
export const HELPER_FEES = { maxFeePerGas: "0x174876e800", maxPriorityFeePerGas: "0x3b9aca00" } as const;
