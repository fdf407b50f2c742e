// client.ens.resolveEns against the devnet: celo.eth names in the L2Registry stand-in on chain 42220, and ENS on
// the devnet's Ethereum chain (id 1) through viem's real getEnsAddress path (UniversalResolver stand-in over the
// published ENSRegistry and PublicResolver). HTTP requests are counted with a local proxy (no mocking).
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { flushTelemetry } from "@preflow/telemetry";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  MissingEthRpcUrlError,
  RpcError,
  SdkError,
  UnsupportedEnsNameError,
} from "../src/index.js";
import { startTelemetrySink, type TelemetryBatch, type TelemetrySink } from "./support/telemetrySink.js";

const devnet = useDevnet();
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

let celo: FaultProxy;
let eth: FaultProxy;
beforeAll(async () => {
  if (!devnet.ethereum) throw new Error("core's vitest setup must be @preflow/devnet/vitest-setup-ethereum");
  celo = await startFaultProxy({ upstream: devnet.rpcUrl });
  eth = await startFaultProxy({ upstream: devnet.ethereum.rpcUrl });
});
afterAll(async () => {
  await celo.close();
  await eth.close();
});

/** Runs `fn` and returns how many HTTP requests reached each proxy. */
async function counted<T>(fn: () => Promise<T>) {
  celo.reset();
  eth.reset();
  const result = await fn();
  return {
    result,
    celo: celo.requests,
    eth: eth.requests,
    celoBatches: celo.batches,
    ethBatches: eth.batches,
  };
}

const client = () => createSdkClient({ rpcUrl: celo.url, ethRpcUrl: eth.url });

describe('network "celo" (chain 42220, L2Registry)', () => {
  it("resolves a registered name in ONE HTTP request (chain check folded in), and is the default network", async () => {
    const owner = fresh();
    const { name } = await devnet.registerCeloName(unique("alice"), owner);
    const sdk = client();
    const first = await counted(() => sdk.ens.resolveEns(name));
    expect(first.result).toBe(owner);
    expect(first.celo).toBe(1);
    expect(first.celoBatches[0]).toEqual(["eth_chainId", "eth_call"]);
    const second = await counted(() => sdk.ens.resolveEns(name, "celo"));
    expect(second.result).toBe(owner);
    expect(second.celo).toBe(1);
    expect(second.celoBatches[0]).toEqual(["eth_call"]);
    expect(second.eth).toBe(0);
  });

  it("normalizes the name first (ENSIP-15)", async () => {
    const owner = fresh();
    const label = unique("bob");
    await devnet.registerCeloName(label, owner);
    expect(await client().ens.resolveEns(`${label.toUpperCase()}.Celo.ETH`)).toBe(owner);
  });

  it("falls back to the coin-type-60 record, and prefers the chain's coin type when both exist", async () => {
    const owner = fresh();
    const legacy = await devnet.registerCeloName(unique("legacy"), owner, { coinType60Only: true });
    const { result, celo: requests } = await counted(() => client().ens.resolveEns(legacy.name));
    expect(result).toBe(owner);
    expect(requests).toBe(1);
    const other = fresh();
    const both = await devnet.registerCeloName(unique("both"), owner, { coinType60Address: other });
    expect(await client().ens.resolveEns(both.name)).toBe(owner);
  });

  it("gives null for an unregistered name and for an expired one (whose records the registry still holds)", async () => {
    const sdk = client();
    const unregistered = await counted(() => sdk.ens.resolveEns(`${unique("nobody")}.celo.eth`));
    expect(unregistered.result).toBeNull();
    expect(unregistered.celo).toBe(1);
    const expired = await devnet.registerCeloName(unique("old"), fresh(), { expiresAt: 1n });
    const result = await counted(() => sdk.ens.resolveEns(expired.name));
    expect(result.result).toBeNull();
    expect(result.celo).toBe(1);
    // Just expired: an expiry a moment ago is as dead as one in 1970.
    const block = await client().publicClient.getBlock();
    const recent = await devnet.registerCeloName(unique("recent"), fresh(), { expiresAt: block.timestamp });
    expect(await sdk.ens.resolveEns(recent.name)).toBeNull();
  });

  it("resolves deeper names under celo.eth by their full namehash (null when unregistered)", async () => {
    expect(await client().ens.resolveEns(`pay.${unique("shop")}.celo.eth`)).toBeNull();
  });

  it("refuses names outside celo.eth before any request, suggesting network ethereum", async () => {
    const sdk = client();
    for (const name of ["vitalik.eth", "celo.eth", "alice.celo.xyz", "alicecelo.eth", "alice.base.eth"]) {
      const { result, celo: requests } = await counted(() =>
        sdk.ens.resolveEns(name).then(
          () => undefined,
          (error: unknown) => error,
        ),
      );
      expect(result).toBeInstanceOf(UnsupportedEnsNameError);
      expect(result).toBeInstanceOf(SdkError);
      const error = result as UnsupportedEnsNameError;
      expect(error.code).toBe("UNSUPPORTED_ENS_NAME");
      expect(error.message).toContain('network "ethereum"');
      expect(error.details).toMatchObject({ network: "celo", value: name });
      expect(requests).toBe(0);
    }
  });

  it("throws RpcError (URL redacted) when an endpoint fails, on either network", async () => {
    const sdk = createSdkClient({
      rpcUrl: "http://127.0.0.1:9/?apikey=celo_secret_key",
      ethRpcUrl: "http://127.0.0.1:9/?apikey=eth_secret_key",
    });
    const onCelo = await sdk.ens.resolveEns("alice.celo.eth").catch((e: unknown) => e);
    expect(onCelo).toBeInstanceOf(RpcError);
    const onEthereum = await sdk.ens.resolveEns("alice.eth", "ethereum").catch((e: unknown) => e);
    expect(onEthereum).toBeInstanceOf(RpcError);
    for (const error of [onCelo, onEthereum]) {
      const text = `${JSON.stringify(error)} ${(error as Error).message}`;
      expect(text).not.toContain("celo_secret_key");
      expect(text).not.toContain("eth_secret_key");
    }
  });
});

describe('network "ethereum" (ENS through ethRpcUrl)', () => {
  it("resolves chain 42220's coin type first, in ONE HTTP request for both coin types", async () => {
    const onCelo = fresh();
    const onEthereum = fresh();
    const name = `${unique("alice")}.eth`;
    await devnet.registerEthereumName(name, { address: onEthereum, celoAddress: onCelo });
    const sdk = client();
    const {
      result,
      eth: requests,
      celo: celoRequests,
      ethBatches,
    } = await counted(() => sdk.ens.resolveEns(name, "ethereum"));
    expect(result).toBe(onCelo);
    expect(requests).toBe(1);
    expect(ethBatches[0]).toEqual(["eth_call", "eth_call"]);
    expect(celoRequests).toBe(0);
  });

  it("falls back to coin type 60 when the name has no chain-42220 record", async () => {
    const owner = fresh();
    const name = `${unique("legacy")}.eth`;
    await devnet.registerEthereumName(name, { address: owner });
    expect(await client().ens.resolveEns(name.toUpperCase(), "ethereum")).toBe(owner);
  });

  it("resolves names under celo.eth too when asked for ethereum (they are ENS names on Ethereum as well)", async () => {
    const owner = fresh();
    const name = `${unique("carol")}.celo.eth`;
    await devnet.registerEthereumName(name, { celoAddress: owner });
    expect(await client().ens.resolveEns(name, "ethereum")).toBe(owner);
  });

  it("gives null for unregistered names and for names without address records", async () => {
    const sdk = client();
    expect(await sdk.ens.resolveEns(`${unique("nobody")}.eth`, "ethereum")).toBeNull();
    const name = `${unique("empty")}.eth`;
    await devnet.registerEthereumName(name, {});
    expect(await sdk.ens.resolveEns(name, "ethereum")).toBeNull();
  });

  it("without ethRpcUrl throws MissingEthRpcUrlError naming the option, before any request", async () => {
    const sdk = createSdkClient({ rpcUrl: celo.url });
    const { result, celo: requests } = await counted(() =>
      sdk.ens.resolveEns("vitalik.eth", "ethereum").catch((e: unknown) => e),
    );
    expect(result).toBeInstanceOf(MissingEthRpcUrlError);
    expect((result as MissingEthRpcUrlError).details.option).toBe("ethRpcUrl");
    expect((result as Error).message).toContain("ethRpcUrl");
    expect(requests).toBe(0);
  });
});

describe("argument errors come before any request", () => {
  it.each([
    ["", "must not be empty"],
    ["alice..celo.eth", "empty label"],
    [".celo.eth", "empty label"],
    ["alice.celo.eth.", "empty label"],
    ["al ice.celo.eth", "ENSIP-15"],
    ["alice_\u200d.celo.eth", "ENSIP-15"],
  ])("invalid name %j", async (name, rule) => {
    for (const network of ["celo", "ethereum"] as const) {
      const {
        result,
        celo: c,
        eth: e,
      } = await counted(() =>
        client()
          .ens.resolveEns(name, network)
          .catch((error: unknown) => error),
      );
      expect(result).toBeInstanceOf(InvalidEnsNameError);
      expect((result as InvalidEnsNameError).code).toBe("INVALID_ENS_NAME");
      expect((result as Error).message).toContain(rule);
      expect(c + e).toBe(0);
    }
  });

  it("a name that is not a string, and an unknown network", async () => {
    const sdk = client();
    await expect(sdk.ens.resolveEns(42 as never)).rejects.toBeInstanceOf(InvalidEnsNameError);
    const {
      result,
      celo: c,
      eth: e,
    } = await counted(() =>
      sdk.ens.resolveEns("alice.celo.eth", "base" as never).catch((error: unknown) => error),
    );
    expect(result).toBeInstanceOf(InvalidEnsNetworkError);
    expect((result as InvalidEnsNetworkError).details.allowed).toEqual(["celo", "ethereum"]);
    expect(c + e).toBe(0);
  });
});

describe("telemetry", () => {
  let sink: TelemetrySink;
  let received: TelemetryBatch[];
  let sinkUrl: string;
  let doNotTrack: string | undefined;
  beforeAll(async () => {
    doNotTrack = process.env.DO_NOT_TRACK;
    delete process.env.DO_NOT_TRACK;
    sink = await startTelemetrySink();
    ({ received, url: sinkUrl } = sink);
  });
  afterAll(async () => {
    if (doNotTrack !== undefined) process.env.DO_NOT_TRACK = doNotTrack;
    await sink.close();
  });

  it("each resolution is one ens.resolveEns event; the resolved address is not sent; argument errors send nothing", async () => {
    const owner = fresh();
    const signer = fresh();
    const { name } = await devnet.registerCeloName(unique("tracked"), owner);
    const ethName = `${unique("tracked")}.eth`;
    await devnet.registerEthereumName(ethName, { address: owner });
    const sdk = createSdkClient({
      rpcUrl: celo.url,
      ethRpcUrl: eth.url,
      telemetryEndpoint: sinkUrl,
      analyticsWalletAddress: signer,
    });
    expect(await sdk.ens.resolveEns(name)).toBe(owner);
    expect(await sdk.ens.resolveEns(ethName, "ethereum")).toBe(owner);
    await expect(sdk.ens.resolveEns("vitalik.eth")).rejects.toBeInstanceOf(UnsupportedEnsNameError);
    await flushTelemetry();
    const events = received.flatMap((batch) => batch.events);
    expect(events.map((event) => [event.event_type, event.user_id])).toEqual([
      ["ens.resolveEns", signer.toLowerCase()],
      ["ens.resolveEns", signer.toLowerCase()],
    ]);
    expect(JSON.stringify(received).toLowerCase()).not.toContain(owner.slice(2).toLowerCase());
  });
});
