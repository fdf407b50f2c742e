// The devnet's own waits are bounded and its ports are not ones an outgoing connection can take (issue 39: the
// demo's devnet start failed once under load).
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, freePortRun, rpcCall, waitFor } from "../src/rpc.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that accepts every request and never answers it. */
async function silentServer(): Promise<string> {
  server = createServer(() => {});
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address() as net.AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

describe("the devnet's ports and requests", () => {
  it("picks ports below the kernel's ephemeral range, free to listen on", async () => {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(low!);
    }
    // listenable right after (the probe closed its socket)
    const listener = net.createServer();
    await new Promise<void>((resolve, reject) => {
      listener.once("error", reject);
      listener.listen(ports[0], "127.0.0.1", () => resolve());
    });
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it("picks runs of consecutive ports, the whole run below the ephemeral range and free", async () => {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    for (let run = 0; run < 10; run++) {
      const first = await freePortRun(3);
      expect(first).toBeDefined();
      expect(first!).toBeGreaterThanOrEqual(20_000);
      expect(first! + 2).toBeLessThan(low!);
      const listeners = [first!, first! + 1, first! + 2].map((port) => {
        const listener = net.createServer();
        return new Promise<net.Server>((resolve, reject) => {
          listener.once("error", reject);
          listener.listen(port, "127.0.0.1", () => resolve(listener));
        });
      });
      for (const listener of await Promise.all(listeners))
        await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it("an RPC call that is never answered rejects after its bound, naming the method", async () => {
    const url = await silentServer();
    const started = Date.now();
    await expect(rpcCall(url, "eth_chainId", [], { timeoutMs: 300 })).rejects.toThrow(
      `eth_chainId: no answer from ${url} within 300 ms`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("waitFor ends at its deadline even when a poll never returns", async () => {
    const started = Date.now();
    await expect(
      waitFor("a poll that hangs", () => new Promise<boolean>(() => {}), { timeoutMs: 300 }),
    ).rejects.toThrow("devnet: timed out after 300 ms waiting for a poll that hangs");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
