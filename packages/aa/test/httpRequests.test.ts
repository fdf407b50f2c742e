import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { createAAClient } from "../src/index.js";
import { approveAndDeposit, fund, sponsorship } from "./helpers/fixtures.js";

describe("HTTP requests of sendPreparedFlow", () => {
  const devnet = useDevnet();
  const proxies: FaultProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });

  it("first send: one RPC request (chain id + code, batched); then none; sponsor: gas price, sponsor, send, receipt polls", async () => {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    proxies.push(rpc, sponsor);
    const aa = await createAAClient({
      owner: privateKeyToAccount(generatePrivateKey()),
      gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
      rpcUrl: rpc.url,
    });
    await fund(devnet, aa.smartAccountAddress, "USDm", "2");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    expect(rpc.requests + sponsor.requests).toBe(0);

    const first = await aa.sendPreparedFlow(flow);
    expect(first.success).toBe(true);
    expect(rpc.requests).toBe(1);
    expect(rpc.methods).toEqual(["eth_chainId", "eth_getCode"]);
    const polls = (methods: string[]) => methods.filter((method) => method === "eth_getUserOperationReceipt");
    expect(sponsor.methods.slice(0, 3)).toEqual([
      "pimlico_getUserOperationGasPrice",
      "pm_sponsorUserOperation",
      "eth_sendUserOperation",
    ]);
    expect(sponsor.methods.slice(3)).toEqual(polls(sponsor.methods.slice(3)));
    expect(sponsor.requests).toBe(sponsor.methods.length);

    rpc.reset();
    sponsor.reset();
    const again = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n);
    rpc.reset();
    const second = await aa.sendPreparedFlow(again);
    expect(second.success).toBe(true);
    // The chain id and the deployment are known: no RPC request at all.
    expect(rpc.requests).toBe(0);
    expect(sponsor.methods.slice(0, 3)).toEqual([
      "pimlico_getUserOperationGasPrice",
      "pm_sponsorUserOperation",
      "eth_sendUserOperation",
    ]);
  });
});
