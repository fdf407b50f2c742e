// resolve_ens through the built binary (spawned over stdio) against the devnet's name registry on chain 42220.
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, text } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1" });
});
afterAll(async () => {
  await server?.close();
});

describe("resolve_ens", () => {
  it("resolves a celo.eth name (network celo by default), normalizing it", async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const { name } = await devnet.registerCeloName(unique("agent"), owner);
    const result = await server.call("resolve_ens", { name: name.toUpperCase() });
    expect(data(result)).toEqual({ name, network: "celo", address: owner });
    const explicit = await server.call("resolve_ens", { name, network: "celo" });
    expect(data(explicit)).toEqual({ name, network: "celo", address: owner });
  });

  it("gives address null for unregistered and expired names", async () => {
    const nobody = `${unique("nobody")}.celo.eth`;
    expect(data(await server.call("resolve_ens", { name: nobody }))).toEqual({
      name: nobody,
      network: "celo",
      address: null,
    });
    const expired = await devnet.registerCeloName(
      unique("old"),
      privateKeyToAccount(generatePrivateKey()).address,
      { expiresAt: 1n },
    );
    expect(data(await server.call("resolve_ens", { name: expired.name }))).toMatchObject({ address: null });
  });

  it("answers tool errors for a foreign name on celo, an invalid name, and ethereum without ETH_RPC_URL", async () => {
    const foreign = await server.call("resolve_ens", { name: "vitalik.eth" });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toContain("UNSUPPORTED_ENS_NAME");
    expect(text(foreign)).toContain('network "ethereum"');
    const invalid = await server.call("resolve_ens", { name: "alice..celo.eth" });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toContain("INVALID_ENS_NAME");
    const ethereum = await server.call("resolve_ens", { name: "vitalik.eth", network: "ethereum" });
    expect(ethereum.isError).toBe(true);
    expect(text(ethereum)).toContain("MISSING_ETH_RPC_URL");
    const network = await server.call("resolve_ens", { name: "alice.celo.eth", network: "base" });
    expect(network.isError).toBe(true);
    // The server keeps serving.
    expect((await server.call("resolve_ens", { name: `${unique("after")}.celo.eth` })).isError).toBeFalsy();
  });
});
