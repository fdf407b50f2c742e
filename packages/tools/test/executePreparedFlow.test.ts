import {
  ChainMismatchError,
  createSdkClient,
  InvalidPreparedFlowError,
  type SerializedPreparedFlow,
} from "@preflow/core";
import { type FaultProxy, type FaultRule, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExecutionStepEvent, executePreparedFlow, FromMismatchError } from "../src/index.js";

const devnet = useDevnet();
const account = privateKeyToAccount(generatePrivateKey());
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const sdk = createSdkClient({
  rpcUrl: devnet.rpcUrl,
  analyticsEnabled: false,
  attributionTags: ["exec_test"],
});
const upstream = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });

/** A client through a fault proxy in front of the devnet that answers some methods itself. */
const proxies: FaultProxy[] = [];
afterAll(() => Promise.all(proxies.map((proxy) => proxy.close())));
async function provider(...rules: FaultRule[]) {
  const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  proxies.push(proxy);
  for (const rule of rules) proxy.inject(rule);
  return createPublicClient({ chain: celo, transport: http(proxy.url) });
}

let flow: SerializedPreparedFlow;
beforeAll(async () => {
  await devnet.fund(account.address, "CELO", "5");
  await devnet.fund(account.address, "USDm", "10");
  const first = await sdk.transaction.prepareSend(account.address, recipient, "USDm", "1");
  const second = await sdk.transaction.prepareSend(account.address, recipient, "CELO", "0.1");
  flow = { ...first, summary: "1 USDm then 0.1 CELO", steps: [...first.steps, ...second.steps] };
});

const nonce = (address: Address) => upstream.getTransactionCount({ address, blockTag: "pending" });

describe("executePreparedFlow (in-process)", () => {
  it("falls back to one estimate per step when the node lacks eth_simulateV1", async () => {
    const client = await provider({
      method: "eth_simulateV1",
      fault: {
        kind: "error",
        code: -32601,
        message: "the method eth_simulateV1 does not exist/is not available",
      },
    });
    const result = await executePreparedFlow({ client, account, flow, dryRun: true });
    expect(result).toMatchObject({
      status: "success",
      dryRun: true,
      simulation: "independent",
      completedSteps: 2,
    });
    expect(result.steps.every((step) => step.hash === null && /^\d+$/.test(step.gasUsed ?? ""))).toBe(true);
  });

  it("sends in order with consecutive nonces; a throwing listener changes nothing", async () => {
    const start = await nonce(account.address);
    const events: ExecutionStepEvent[] = [];
    const result = await executePreparedFlow({
      client: sdk.publicClient,
      account,
      flow,
      onStep: (event) => {
        events.push(event);
        throw new Error("listener failure");
      },
    });
    expect(result.status).toBe("success");
    expect(result.steps.map((step) => step.nonce)).toEqual([start, start + 1]);
    expect(events.map((event) => `${event.phase}:${event.index}`)).toEqual([
      "sent:0",
      "done:0",
      "sent:1",
      "done:1",
    ]);
    expect(await nonce(account.address)).toBe(start + 2);
  });

  it("throws before sending: invalid flow, wrong from, wrong chain", async () => {
    const start = await nonce(account.address);
    await expect(
      executePreparedFlow({ client: sdk.publicClient, account, flow: { ...flow, steps: [] } }),
    ).rejects.toThrow(InvalidPreparedFlowError);
    const other = privateKeyToAccount(generatePrivateKey());
    await expect(executePreparedFlow({ client: sdk.publicClient, account: other, flow })).rejects.toThrow(
      FromMismatchError,
    );
    const wrongChain = await provider({ method: "eth_chainId", fault: { kind: "result", result: "0x1" } });
    await expect(executePreparedFlow({ client: wrongChain, account, flow })).rejects.toThrow(
      ChainMismatchError,
    );
    expect(await nonce(account.address)).toBe(start);
  });
});
