// Every server of a devnet listens on loopback only: anvil, the fee-currency node front, the bundler (alto, which
// listens on 0.0.0.0 whatever it is told: patched, patches/@pimlico__alto@0.0.20.patch) and the sponsor endpoint.
// Read from the kernel's own socket table (/proc/net/tcp and tcp6: every listening socket of this machine), so
// the test sees the address each process bound, not what it was asked to bind.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useDevnet } from "../src/vitest.js";

const LISTEN = "0A";
const LOOPBACK = new Set(["0100007F", "00000000000000000000000001000000"]); // 127.0.0.1, ::1 (as the kernel writes them)

/** The addresses (kernel hex) of the sockets listening on `port`, IPv4 and IPv6. */
function listeners(port: number): string[] {
  const found: string[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== LISTEN) continue;
      const [address, hexPort] = local.split(":");
      if (address && Number.parseInt(hexPort ?? "", 16) === port) found.push(address);
    }
  }
  return found;
}

describe.skipIf(!existsSync("/proc/net/tcp"))("the devnet binds loopback only", () => {
  const devnet = useDevnet();

  it("anvil, the node front, the bundler and the sponsor endpoint listen on 127.0.0.1, nowhere else", () => {
    const urls = {
      rpc: devnet.rpcUrl,
      anvil: devnet.anvilRpcUrl ?? devnet.rpcUrl,
      bundler: devnet.bundlerUrl,
      sponsor: devnet.sponsorBaseUrl,
    };
    for (const [what, url] of Object.entries(urls)) {
      const port = Number(new URL(url).port);
      const bound = listeners(port);
      expect(bound.length, `${what} (${url}) is listening`).toBeGreaterThan(0);
      for (const address of bound) expect(LOOPBACK.has(address), `${what} bound ${address}`).toBe(true);
    }
  });
});
