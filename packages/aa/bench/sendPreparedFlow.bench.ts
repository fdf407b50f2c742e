// pnpm --filter @preflow/aa bench
// One devnet, same process: sendPreparedFlow (batch of 2 steps: approve + vault deposit) against the same
// UserOperation sent with plain permissionless (createSmartAccountClient + createPimlicoClient as paymaster,
// fees from pimlico_getUserOperationGasPrice: the devnet self-test's setup). Each side talks through its own
// counting proxies (same overhead on both sides). Rounds alternate which side goes first. Figures are
// printed; nothing here asserts on time.
import type { FaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSmartAccountClient } from "permissionless";
import { toSimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, http } from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, it } from "vitest";
import { createAAClient } from "../src/index.js";
import { sponsorship } from "../test/helpers/fixtures.js";
import { compareSides, proxiesFor, type Side } from "./support.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const devnet = useDevnet();

const proxies: FaultProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function preflowSide(): Promise<Side> {
  const { rpc, sponsor } = await proxiesFor(devnet, proxies);
  return {
    name: "preflow sendPreparedFlow",
    rpc,
    sponsor,
    async create() {
      const aa = await createAAClient({
        owner: privateKeyToAccount(generatePrivateKey()),
        gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
        rpcUrl: rpc.url,
      });
      return {
        address: aa.smartAccountAddress,
        send: async (flow) => (await aa.sendPreparedFlow(flow, { mode: "batch" })).success,
      };
    },
  };
}

async function plainSide(): Promise<Side> {
  const { rpc, sponsor } = await proxiesFor(devnet, proxies);
  const sponsorUrl = `${sponsor.url}v2/42220/rpc?apikey=${devnet.sponsorApiKey}`;
  return {
    name: "plain permissionless",
    rpc,
    sponsor,
    async create() {
      const publicClient = createPublicClient({ chain: celo, transport: http(rpc.url) });
      const account = await toSimpleSmartAccount({
        client: publicClient,
        owner: privateKeyToAccount(generatePrivateKey()),
        entryPoint: { address: entryPoint07Address, version: "0.7" },
      });
      const pimlico = createPimlicoClient({
        chain: celo,
        transport: http(sponsorUrl),
        entryPoint: { address: entryPoint07Address, version: "0.7" },
      });
      const client = createSmartAccountClient({
        account,
        chain: celo,
        bundlerTransport: http(sponsorUrl),
        paymaster: pimlico,
        userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
      });
      return {
        address: account.address,
        async send(flow) {
          const hash = await client.sendUserOperation({
            calls: flow.steps.map((step) => ({ to: step.to, data: step.data, value: BigInt(step.value) })),
          });
          return (await client.waitForUserOperationReceipt({ hash })).success;
        },
      };
    },
  };
}

it(`sendPreparedFlow vs plain permissionless, ${ROUNDS} rounds`, async () => {
  await compareSides(
    devnet,
    [await preflowSide(), await plainSide()],
    ROUNDS,
    "sendPreparedFlow (batch: approve + deposit) vs plain permissionless",
    "send, new account (deploys)",
  );
});
