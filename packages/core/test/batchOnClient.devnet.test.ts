// One client kind inside: every request preflow sends goes through batchOnClient on a viem client (a preflow
// client's `publicClient`, or a caller's own viem client), with the chain checked once per viem client. Shown at a
// counting proxy in front of the devnet: readBatch and simulatePreparedFlow on a plain viem client cost one
// request each and send eth_chainId only the first time; a preflow client and its publicClient share the check;
// endpointOf reads the one URL; a wrong chain is refused on either kind.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createClient, http } from "viem";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainMismatchError,
  createSdkClient,
  endpointOf,
  readBatch,
  simulatePreparedFlow,
} from "../src/index.js";
import { ethBalanceRead } from "../src/rpc/readBatch.js";
import { freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy?.close());

const viemClient = () => createClient({ chain: celo, transport: http(proxy.url, { batch: true }) });

describe("one client kind inside (a viem client; a preflow client wraps one)", () => {
  it("readBatch on a plain viem client: one request each, eth_chainId only in the first", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1" });
    const client = viemClient();
    proxy.reset();
    const first = await readBatch(client, { reads: [ethBalanceRead(address)], blockNumber: true });
    expect(proxy.requests).toBe(1);
    expect(proxy.methods).toEqual(["eth_chainId", "eth_call"]);
    expect(first.blockNumber).toBeGreaterThan(0n);
    proxy.reset();
    await readBatch(client, { reads: [ethBalanceRead(address)] });
    expect(proxy.requests).toBe(1);
    expect(proxy.methods).toEqual(["eth_call"]);
  });

  it("a preflow client and its publicClient share the chain check; endpointOf reads the one URL", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1" });
    const sdk = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    expect(endpointOf(sdk.publicClient)).toBe(proxy.url);
    expect(endpointOf(viemClient())).toBe(proxy.url);
    await sdk.network.getStatus();
    const flow = await sdk.transaction.prepareSend(address, address, "CELO", "0.1");
    proxy.reset();
    const simulated = await simulatePreparedFlow(sdk.publicClient, { flow });
    expect(simulated.steps[0]?.status).toBe("success");
    expect(proxy.requests).toBe(1);
    expect(proxy.methods).not.toContain("eth_chainId");
    // the same on the preflow client itself
    proxy.reset();
    await simulatePreparedFlow(sdk, { flow });
    expect(proxy.methods).not.toContain("eth_chainId");
  });

  it("a plain viem client's simulation checks the chain once; a wrong chain is refused on either kind", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1" });
    const sdk = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    const flow = await sdk.transaction.prepareSend(address, address, "CELO", "0.1");
    const client = viemClient();
    proxy.reset();
    await simulatePreparedFlow(client, { flow });
    await simulatePreparedFlow(client, { flow });
    expect(proxy.requests).toBe(2);
    expect(proxy.methods.filter((method) => method === "eth_chainId")).toHaveLength(1);

    proxy.inject({ method: "eth_chainId", fault: { kind: "result", result: "0x1" } });
    const wrong = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await expect(readBatch(wrong, { reads: [ethBalanceRead(address)] })).rejects.toBeInstanceOf(
      ChainMismatchError,
    );
    await expect(simulatePreparedFlow(viemClient(), { flow })).rejects.toBeInstanceOf(ChainMismatchError);
  });
});
