// prepareSwap against the same work done with plain sequential viem calls: HTTP requests (counted at a local proxy
// in front of the devnet) and latency, as ratios within one run. Run: `pnpm --filter @preflow/core bench`.
// Prints figures; asserts nothing about time.
import { type FaultProxy, startFaultProxy, uniswapQuoterV2Abi } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  multicall3Abi,
  type PublicClient,
  parseUnits,
  zeroAddress,
} from "viem";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import {
  computeMinAmountOut,
  createSdkClient,
  encodeUniswapPath,
  MENTO_ADDRESSES,
  MULTICALL3_ADDRESS,
  mentoRouterAbi,
  swapActions,
  TOKENS,
  UNISWAP_ADDRESSES,
  uniswapSwapRouter02Abi,
} from "../src/index.js";
import { mentoCandidateRoutes } from "../src/protocols/mento/venue.js";
import { uniswapCandidateRoutes } from "../src/protocols/uniswap-v3/venue.js";
import { freshAccount } from "../test/support/wallet.js";
import { measureRequests } from "./support/measureRequests.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let trader: Address;
const { USDC, USDm } = TOKENS;
const AMOUNT = "100";
const amountIn = parseUnits(AMOUNT, USDC.decimals);

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  trader = (await freshAccount(devnet, { CELO: "1", USDC: "1000" })).address;
});
afterAll(() => proxy.close());

/**
 * The work of prepareSwap with plain viem, one call after the other (no batching, no multicall): the chain id once,
 * the balance, both routers' allowances, the block's timestamp, then the quotes. `everyRoute` quotes every route
 * preflow quotes (20 Uniswap candidates for USDC → USDm, 1 Mento); otherwise only what a hand-written integration
 * that already knows the pools would quote (the 0.01 % Uniswap pool and Mento's direct pool).
 */
function plainViem(everyRoute: boolean) {
  const client = createPublicClient({ chain: celo, transport: http(proxy.url) }) as PublicClient;
  let verified = false;
  return async () => {
    if (!verified) {
      if ((await client.getChainId()) !== 42220) throw new Error("wrong chain");
      verified = true;
    }
    const balance = await client.readContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [trader],
    });
    if (balance < amountIn) throw new Error("insufficient");
    const allowances: bigint[] = [];
    for (const spender of [UNISWAP_ADDRESSES.swapRouter02, MENTO_ADDRESSES.router]) {
      allowances.push(
        await client.readContract({
          address: USDC.address,
          abi: erc20Abi,
          functionName: "allowance",
          args: [trader, spender],
        }),
      );
    }
    const timestamp = await client.readContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: "getCurrentBlockTimestamp",
    });
    const routes = everyRoute
      ? uniswapCandidateRoutes(USDC.address, USDm.address)
      : [{ tokens: [USDC.address, USDm.address], fees: [100] }];
    let best = 0n;
    for (const route of routes) {
      try {
        const { result } =
          route.fees.length === 1
            ? await client.simulateContract({
                address: UNISWAP_ADDRESSES.quoterV2,
                abi: uniswapQuoterV2Abi,
                functionName: "quoteExactInputSingle",
                args: [
                  {
                    tokenIn: route.tokens[0]!,
                    tokenOut: route.tokens[1]!,
                    amountIn,
                    fee: route.fees[0]!,
                    sqrtPriceLimitX96: 0n,
                  },
                ],
              })
            : await client.simulateContract({
                address: UNISWAP_ADDRESSES.quoterV2,
                abi: uniswapQuoterV2Abi,
                functionName: "quoteExactInput",
                args: [encodeUniswapPath(route), amountIn],
              });
        if (result[0] > best) best = result[0];
      } catch {
        // no pool at this tier
      }
    }
    const mentoRoutes = everyRoute
      ? mentoCandidateRoutes(USDC.address, USDm.address)
      : [[{ from: USDC.address, to: USDm.address, factory: zeroAddress }]];
    for (const routes of mentoRoutes) {
      const amounts = await client.readContract({
        address: MENTO_ADDRESSES.router,
        abi: mentoRouterAbi,
        functionName: "getAmountsOut",
        args: [amountIn, routes],
      });
      if (amounts.at(-1)! > best) best = amounts.at(-1)!;
    }
    const minAmountOut = computeMinAmountOut({ amountOut: best, slippageBps: 50 });
    const swap = encodeFunctionData({
      abi: uniswapSwapRouter02Abi,
      functionName: "exactInputSingle",
      args: [
        {
          tokenIn: USDC.address,
          tokenOut: USDm.address,
          fee: 100,
          recipient: trader,
          amountIn,
          amountOutMinimum: minAmountOut,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
    return [
      allowances,
      encodeFunctionData({
        abi: uniswapSwapRouter02Abi,
        functionName: "multicall",
        args: [timestamp + 300n, [swap]],
      }),
    ];
  };
}

it("prints prepareSwap vs plain sequential viem: HTTP requests and latency", async () => {
  const sdk = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).extend(swapActions);
  const candidates = {
    "preflow prepareSwap (best venue)": () => sdk.swap.prepareSwap(trader, "USDC", "USDm", AMOUNT),
    [`viem, the same routes (${uniswapCandidateRoutes(USDC.address, USDm.address).length + mentoCandidateRoutes(USDC.address, USDm.address).length} quotes)`]:
      plainViem(true),
    "viem, known pools only (2 quotes)": plainViem(false),
  };
  const lines = [
    "prepareSwap USDC → USDm: balance, 2 allowances, block timestamp and quotes (warm client, median of 15)",
  ];
  for (const [label, rttMs] of [
    ["loopback", 0],
    ["+20 ms per HTTP request (simulated network)", 20],
  ] as const) {
    proxy.clearFaults();
    if (rttMs > 0) proxy.inject({ method: "*", fault: { kind: "delay", ms: rttMs } });
    const rows: [string, { requests: number; medianMs: number }][] = [];
    for (const [name, run] of Object.entries(candidates))
      rows.push([name, await measureRequests(proxy, run, 15)]);
    const [, preflow] = rows[0]!;
    lines.push(`-- ${label}`);
    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    lines.push(`${pad("", 40)}${pad("requests", 10)}${pad("ratio", 8)}${pad("median ms", 11)}ratio`);
    for (const [name, figures] of rows) {
      lines.push(
        `${pad(name, 40)}${pad(figures.requests, 10)}${pad(`${(figures.requests / preflow.requests).toFixed(1)}x`, 8)}${pad(figures.medianMs.toFixed(1), 11)}${(figures.medianMs / preflow.medianMs).toFixed(1)}x`,
      );
    }
  }
  proxy.clearFaults();
  console.log(`\n${lines.join("\n")}\n`);
});
