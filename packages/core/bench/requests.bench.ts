// HTTP requests per operation, counted at a local proxy in front of the devnet, next to the same work done
// with plain sequential viem calls. Run: `pnpm --filter @preflow/core bench`. Prints figures; asserts nothing
// about time.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import { createSdkClient, TOKENS } from "../src/index.js";
import { freshAccount } from "../test/support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let alice: Address;
const spender = privateKeyToAccount(generatePrivateKey()).address;
const bob = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  alice = (await freshAccount(devnet, { CELO: "10", USDm: "100" })).address;
});
afterAll(() => proxy.close());

async function count(fn: () => Promise<unknown>): Promise<number> {
  proxy.reset();
  await fn();
  return proxy.requests;
}

/** The same work with plain viem: no batching, one call after the other, chain id checked once. */
function plainViem() {
  const client = createPublicClient({ chain: celo, transport: http(proxy.url) });
  let verified = false;
  const checkChain = async () => {
    if (verified) return;
    if ((await client.getChainId()) !== 42220) throw new Error("wrong chain");
    verified = true;
  };
  return {
    async prepareSend() {
      await checkChain();
      const balance = await client.readContract({
        address: TOKENS.USDm.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [alice],
      });
      if (balance < parseUnits("1", 18)) throw new Error("insufficient");
      return encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [bob, parseUnits("1", 18)],
      });
    },
    async prepareContractCallWithOneApproval() {
      await checkChain();
      const allowance = await client.readContract({
        address: TOKENS.USDm.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [alice, spender],
      });
      return allowance < parseUnits("1", 18);
    },
    async getBalances() {
      await checkChain();
      const out: bigint[] = [];
      for (const token of Object.values(TOKENS)) {
        try {
          out.push(
            await client.readContract({
              address: token.address,
              abi: erc20Abi,
              functionName: "balanceOf",
              args: [alice],
            }),
          );
        } catch {
          // token absent from the devnet: same as preflow's `unavailable`
        }
      }
      return out;
    },
  };
}

const vaultAbi = [
  {
    type: "function",
    name: "deposit",
    stateMutability: "nonpayable",
    inputs: [
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
] as const;

it("prints HTTP requests per operation: preflow vs plain sequential viem", async () => {
  const rows: [string, number, number, number, number][] = [];
  const operations = {
    prepareSend: {
      preflow: (c: ReturnType<typeof createSdkClient>) => c.transaction.prepareSend(alice, bob, "USDm", "1"),
      viem: (v: ReturnType<typeof plainViem>) => v.prepareSend(),
    },
    "prepareContractCall (1 approval)": {
      preflow: (c: ReturnType<typeof createSdkClient>) =>
        c.transaction.prepareContractCall(alice, {
          to: spender,
          abi: vaultAbi,
          functionName: "deposit",
          args: [TOKENS.USDm.address, parseUnits("1", 18)],
          approvals: [{ token: "USDm", amount: "1" }],
        }),
      viem: (v: ReturnType<typeof plainViem>) => v.prepareContractCallWithOneApproval(),
    },
    "getBalances (all 10 tokens)": {
      preflow: (c: ReturnType<typeof createSdkClient>) => c.token.getBalances(alice),
      viem: (v: ReturnType<typeof plainViem>) => v.getBalances(),
    },
  };
  for (const [name, op] of Object.entries(operations)) {
    const client = createSdkClient({
      rpcUrl: proxy.url,
      attributionTags: ["bench"],
      analyticsEnabled: false,
    });
    const viem = plainViem();
    const preflowCold = await count(() => op.preflow(client));
    const viemCold = await count(() => op.viem(viem));
    const preflowWarm = await count(() => op.preflow(client));
    const viemWarm = await count(() => op.viem(viem));
    rows.push([name, preflowCold, viemCold, preflowWarm, viemWarm]);
  }
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  const lines = [
    "HTTP requests per operation (counting proxy in front of the devnet RPC)",
    "cold = first call of a new client (includes the one-time eth_chainId check); warm = later calls",
    `${pad("operation", 34)}${pad("preflow cold", 14)}${pad("viem cold", 11)}${pad("ratio", 8)}${pad("preflow warm", 14)}${pad("viem warm", 11)}ratio`,
    ...rows.map(
      ([name, pc, vc, pw, vw]) =>
        `${pad(name, 34)}${pad(pc, 14)}${pad(vc, 11)}${pad(`${(vc / pc).toFixed(1)}x`, 8)}${pad(pw, 14)}${pad(vw, 11)}${(vw / pw).toFixed(1)}x`,
    ),
  ];
  console.log(`\n${lines.join("\n")}\n`);
});
