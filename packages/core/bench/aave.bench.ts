// client.aave against the same work done with plain sequential viem calls: HTTP requests (counted at a proxy in
// front of the devnet) and latency (median of interleaved rounds), on loopback and with 20 ms added to every call
// at the proxy (a nearby RPC). Run: `pnpm --filter @preflow/core bench`. Prints ratios; asserts nothing about time.
import { AAVE_ADDRESSES, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi } from "viem";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import { AAVE_V3_RESERVES, aaveV3PoolAbi, createSdkClient, TOKENS } from "../src/index.js";
import { executeFlow, freshAccount } from "../test/support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let owner: Address;

const oracleAbi = parseAbi(["function getAssetPrice(address asset) view returns (uint256)"]);
const dataProviderAbi = parseAbi([
  "function getUserReserveData(address asset, address user) view returns (uint256 currentATokenBalance, uint256 currentStableDebt, uint256 currentVariableDebt, uint256 principalStableDebt, uint256 scaledVariableDebt, uint256 stableBorrowRate, uint256 liquidityRate, uint40 stableRateLastUpdated, bool usageAsCollateralEnabled)",
]);

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  const account = await freshAccount(devnet, { CELO: "10", USDC: "1000", USDm: "100" });
  owner = account.address;
  const setup = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
  await executeFlow(devnet, account.privateKey, await setup.aave.prepareSupply(owner, "USDC", "500"));
  await executeFlow(devnet, account.privateKey, await setup.aave.prepareBorrow(owner, "USDm", "50"));
});
afterAll(() => proxy.close());

/** The same reads with plain viem: one call after the other, the chain id checked once per client. */
function plainViem() {
  const client = createPublicClient({ chain: celo, transport: http(proxy.url) });
  let verified = false;
  const checkChain = async () => {
    if (verified) return;
    if ((await client.getChainId()) !== 42220) throw new Error("wrong chain");
    verified = true;
  };
  const pool = AAVE_ADDRESSES.pool;
  return {
    async prepareAaveSupply() {
      await checkChain();
      const usdc = TOKENS.USDC.address;
      const balance = await client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      });
      const allowance = await client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [owner, pool],
      });
      await client.readContract({
        address: pool,
        abi: aaveV3PoolAbi,
        functionName: "getReserveData",
        args: [usdc],
      });
      await client.getBlockNumber({ cacheTime: 0 });
      if (balance < 10_000_000n) throw new Error("insufficient");
      return [
        allowance < 10_000_000n
          ? encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pool, 10_000_000n] })
          : undefined,
        encodeFunctionData({
          abi: aaveV3PoolAbi,
          functionName: "supply",
          args: [usdc, 10_000_000n, owner, 0],
        }),
      ];
    },
    async getPositions() {
      await checkChain();
      const account = await client.readContract({
        address: pool,
        abi: aaveV3PoolAbi,
        functionName: "getUserAccountData",
        args: [owner],
      });
      const list = await client.readContract({
        address: pool,
        abi: aaveV3PoolAbi,
        functionName: "getReservesList",
      });
      const reserves = [];
      for (const symbol of AAVE_V3_RESERVES) {
        const asset = TOKENS[symbol].address;
        const reserve = await client.readContract({
          address: pool,
          abi: aaveV3PoolAbi,
          functionName: "getReserveData",
          args: [asset],
        });
        const user = await client.readContract({
          address: AAVE_ADDRESSES.protocolDataProvider,
          abi: dataProviderAbi,
          functionName: "getUserReserveData",
          args: [asset, owner],
        });
        const price = await client.readContract({
          address: AAVE_ADDRESSES.oracle,
          abi: oracleAbi,
          functionName: "getAssetPrice",
          args: [asset],
        });
        reserves.push({ reserve, user, price });
      }
      await client.getBlockNumber({ cacheTime: 0 });
      return { account, list, reserves };
    },
  };
}

async function count(fn: () => Promise<unknown>): Promise<number> {
  proxy.reset();
  await fn();
  return proxy.requests;
}

async function medianMs(fn: () => Promise<unknown>, samples: number[]): Promise<void> {
  const started = performance.now();
  await fn();
  samples.push(performance.now() - started);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it("prints requests and latency of client.aave vs plain sequential viem", async () => {
  const operations = {
    "aave.prepareSupply": {
      preflow: (c: ReturnType<typeof makeClient>) => c.aave.prepareSupply(owner, "USDC", "10"),
      viem: (v: ReturnType<typeof plainViem>) => v.prepareAaveSupply(),
    },
    "aave.getPositions": {
      preflow: (c: ReturnType<typeof makeClient>) => c.aave.getPositions(owner),
      viem: (v: ReturnType<typeof plainViem>) => v.getPositions(),
    },
  };
  const lines: string[] = [];
  for (const [delayMs, rounds] of [
    [0, 30],
    [20, 8],
  ] as const) {
    proxy.clearFaults();
    if (delayMs > 0) proxy.inject({ method: "*", fault: { kind: "delay", ms: delayMs } });
    for (const [name, op] of Object.entries(operations)) {
      const client = makeClient();
      const viem = plainViem();
      const preflowCold = await count(() => op.preflow(client));
      const viemCold = await count(() => op.viem(viem));
      const preflowWarm = await count(() => op.preflow(client));
      const viemWarm = await count(() => op.viem(viem));
      const times = { preflow: [] as number[], viem: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        await medianMs(() => op.preflow(client), times.preflow);
        await medianMs(() => op.viem(viem), times.viem);
      }
      const p = median(times.preflow);
      const v = median(times.viem);
      lines.push(
        `${name.padEnd(20)}${`+${delayMs} ms`.padEnd(9)}requests cold ${preflowCold} vs ${viemCold} (${(viemCold / preflowCold).toFixed(1)}x), ` +
          `warm ${preflowWarm} vs ${viemWarm} (${(viemWarm / preflowWarm).toFixed(1)}x); ` +
          `latency median of ${rounds}: ${p.toFixed(1)} ms vs ${v.toFixed(1)} ms (viem/preflow ${(v / p).toFixed(1)}x)`,
      );
    }
  }
  proxy.clearFaults();
  console.log(
    `\nclient.aave vs plain sequential viem (counting proxy in front of the devnet RPC; cold = new client, with the chain check)\n${lines.join("\n")}\n`,
  );
});

function makeClient() {
  return createSdkClient({ rpcUrl: proxy.url, attributionTags: ["bench"], analyticsEnabled: false });
}
