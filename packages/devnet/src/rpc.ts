import net from "node:net";

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
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

/** One JSON-RPC call with plain fetch (used before viem clients exist and for anvil_* methods). */
export async function rpcCall<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
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
    try {
      if (await ready()) return;
    } catch (error) {
      lastError = error;
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
