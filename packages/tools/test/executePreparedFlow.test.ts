import {
  ChainMismatchError,
  createSdkClient,
  FlowAccountMismatchError,
  InvalidPreparedFlowError,
  type SerializedPreparedFlow,
} from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, custom, type EIP1193RequestFn, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { beforeAll, describe, expect, it } from "vitest";
import { type ExecutionStepEvent, executePreparedFlow } from "../src/index.js";

const devnet = useDevnet();
const account = privateKeyToAccount(generatePrivateKey());
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const sdk = createSdkClient({
  rpcUrl: devnet.rpcUrl,
  analyticsEnabled: false,
  attributionTags: ["exec_test"],
});
const upstream = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });

/** An EIP-1193 provider in front of the devnet that answers some methods itself. */
function provider(overrides: Record<string, () => unknown>) {
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const override = overrides[method];
    if (override) return override();
    return upstream.request({ method, params } as never);
  }) as EIP1193RequestFn;
  return createPublicClient({ chain: celo, transport: custom({ request }) });
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
    const client = provider({
      eth_simulateV1: () => {
        throw Object.assign(new Error("the method eth_simulateV1 does not exist/is not available"), {
          code: -32601,
        });
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
      FlowAccountMismatchError,
    );
    const wrongChain = provider({ eth_chainId: () => "0x1" });
    await expect(executePreparedFlow({ client: wrongChain, account, flow })).rejects.toThrow(
      ChainMismatchError,
    );
    expect(await nonce(account.address)).toBe(start);
  });
});
