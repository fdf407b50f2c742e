// pnpm --filter @preflow/aa bench
// One devnet, same process: a sponsored EIP-7702 send (createAAClient({ smartAccount: "simple-7702" }), batch of
// approve + vault deposit from the owner's own address) against the same UserOperation sent with plain
// permissionless (to7702SimpleSmartAccount + createSmartAccountClient + createPimlicoClient as paymaster, the
// authorization signed by the caller at the EOA's nonce on the first send, as permissionless's docs show). Each
// side talks through its own counting proxies. Figures are printed; nothing here asserts on time.
import type { FaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createSmartAccountClient } from "permissionless";
import { to7702SimpleSmartAccount } from "permissionless/accounts";
import { createPimlicoClient } from "permissionless/clients/pimlico";
import { createPublicClient, http } from "viem";
import { entryPoint08Address } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, it } from "vitest";
import { createAAClient, SIMPLE_7702_ACCOUNT_ADDRESS } from "../src/index.js";
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
    name: "preflow simple-7702",
    rpc,
    sponsor,
    async create() {
      const aa = await createAAClient({
        owner: privateKeyToAccount(generatePrivateKey()),
        gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url),
        rpcUrl: rpc.url,
        smartAccount: "simple-7702",
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
    name: "plain permissionless 7702",
    rpc,
    sponsor,
    async create() {
      const owner = privateKeyToAccount(generatePrivateKey());
      const publicClient = createPublicClient({ chain: celo, transport: http(rpc.url) });
      const account = await to7702SimpleSmartAccount({ client: publicClient, owner });
      const pimlico = createPimlicoClient({
        chain: celo,
        transport: http(sponsorUrl),
        entryPoint: { address: entryPoint08Address, version: "0.8" },
      });
      const client = createSmartAccountClient({
        account,
        chain: celo,
        bundlerTransport: http(sponsorUrl),
        paymaster: pimlico,
        userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
      });
      return {
        address: owner.address,
        async send(flow) {
          const delegated = (await publicClient.getCode({ address: owner.address })) !== undefined;
          const authorization = delegated
            ? undefined
            : await owner.signAuthorization({
                address: SIMPLE_7702_ACCOUNT_ADDRESS,
                chainId: celo.id,
                nonce: await publicClient.getTransactionCount({ address: owner.address }),
              });
          const hash = await client.sendUserOperation({
            calls: flow.steps.map((step) => ({ to: step.to, data: step.data, value: BigInt(step.value) })),
            ...(authorization ? { authorization } : {}),
          });
          return (await client.waitForUserOperationReceipt({ hash })).success;
        },
      };
    },
  };
}

it(`sponsored 7702 send vs plain permissionless, ${ROUNDS} rounds`, async () => {
  await compareSides(
    devnet,
    [await preflowSide(), await plainSide()],
    ROUNDS,
    "sponsored EIP-7702 send (batch: approve + deposit) vs plain permissionless",
    "send, first (carries authorization)",
  );
});
