// Uniswap v4's quote and prepareSwap against the same work done with plain sequential viem calls: HTTP requests
// (counted at a local proxy in front of the devnet) and latency, as ratios within one run. Run:
// `pnpm --filter @preflow/core bench`. Prints figures; asserts nothing about time.
import {
  type FaultProxy,
  permit2Abi,
  startFaultProxy,
  UNISWAP_V4_ACTIONS,
  UNIVERSAL_ROUTER_COMMANDS,
  uniswapV4ExactInputSingleParameters,
  uniswapV4QuoterAbi,
  universalRouterAbi,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  http,
  type PublicClient,
  parseUnits,
  toHex,
} from "viem";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import { venueQuoteAction } from "../src/actions/swap/venueActions.js";
import {
  computeMinAmountOut,
  createSdkClient,
  PERMIT2_ADDRESS,
  prepareSwap,
  swapActions,
  TOKENS,
  UNISWAP_V4_ADDRESSES,
} from "../src/index.js";
import { uniswapV4CandidateRoutes, uniswapV4Venue } from "../src/protocols/uniswap-v4/venue.js";
import { freshAccount } from "../test/support/wallet.js";
import { measureRequests } from "./support/measureRequests.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let trader: Address;
const { USDC, USDm } = TOKENS;
const AMOUNT = "100";
const amountIn = parseUnits(AMOUNT, USDC.decimals);
const ROUNDS = 15;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  trader = (await freshAccount(devnet, { CELO: "1", USDC: "1000" })).address;
});
afterAll(() => proxy.close());

function viemClient(): PublicClient {
  return createPublicClient({ chain: celo, transport: http(proxy.url) }) as PublicClient;
}

/** V4Quoter on each route, one call after the other; the largest output and its route. */
async function quoteRoutes(client: PublicClient, everyTier: boolean) {
  const routes = uniswapV4CandidateRoutes(USDC.address, USDm.address, amountIn).filter(
    (route) => everyTier || route.poolKey.fee === 100,
  );
  let best: { amountOut: bigint; route: (typeof routes)[number] } | undefined;
  for (const route of routes) {
    try {
      const { result } = await client.simulateContract({
        address: UNISWAP_V4_ADDRESSES.v4Quoter,
        abi: uniswapV4QuoterAbi,
        functionName: "quoteExactInputSingle",
        args: [
          { poolKey: route.poolKey, zeroForOne: route.zeroForOne, exactAmount: amountIn, hookData: "0x" },
        ],
      });
      if (best === undefined || result[0] > best.amountOut) best = { amountOut: result[0], route };
    } catch {
      // no pool at this tier
    }
  }
  if (!best) throw new Error("no v4 route");
  return best;
}

/** The v4 quote with plain viem: the chain id once, the block number, then each tier's quote. */
function plainQuote(everyTier: boolean) {
  const client = viemClient();
  let verified = false;
  return async () => {
    if (!verified) {
      if ((await client.getChainId()) !== 42220) throw new Error("wrong chain");
      verified = true;
    }
    const blockNumber = await client.getBlockNumber();
    return { blockNumber, ...(await quoteRoutes(client, everyTier)) };
  };
}

/**
 * The work of prepareSwap on v4 with plain viem: the chain id once, the balance, the token's allowance of Permit2,
 * the block's timestamp, the quotes, then the same three steps encoded (approve Permit2 exactly, Permit2's exact
 * approval of the router until the deadline, execute V4_SWAP with SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL).
 */
function plainPrepare(everyTier: boolean) {
  const client = viemClient();
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
    const allowance = await client.readContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [trader, PERMIT2_ADDRESS],
    });
    const block = await client.getBlock();
    const { amountOut, route } = await quoteRoutes(client, everyTier);
    const minAmountOut = computeMinAmountOut({ amountOut, slippageBps: 50 });
    const deadline = block.timestamp + 300n;
    const actions = encodePacked(
      ["uint8", "uint8", "uint8"],
      [UNISWAP_V4_ACTIONS.SWAP_EXACT_IN_SINGLE, UNISWAP_V4_ACTIONS.SETTLE_ALL, UNISWAP_V4_ACTIONS.TAKE_ALL],
    );
    const params = [
      encodeAbiParameters(uniswapV4ExactInputSingleParameters, [
        {
          poolKey: route.poolKey,
          zeroForOne: route.zeroForOne,
          amountIn,
          amountOutMinimum: minAmountOut,
          hookData: "0x",
        },
      ]),
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [USDC.address, amountIn]),
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [USDm.address, minAmountOut]),
    ];
    return [
      allowance < amountIn
        ? encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, amountIn] })
        : undefined,
      encodeFunctionData({
        abi: permit2Abi,
        functionName: "approve",
        args: [USDC.address, UNISWAP_V4_ADDRESSES.universalRouter, amountIn, Number(deadline)],
      }),
      encodeFunctionData({
        abi: universalRouterAbi,
        functionName: "execute",
        args: [
          toHex(UNIVERSAL_ROUTER_COMMANDS.V4_SWAP, { size: 1 }),
          [encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actions, params])],
          deadline,
        ],
      }),
    ];
  };
}

it("prints the Uniswap v4 quote and prepareSwap vs plain sequential viem: HTTP requests and latency", async () => {
  const sdk = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).extend(swapActions);
  const quoteV4 = venueQuoteAction(uniswapV4Venue);
  const tiers = uniswapV4CandidateRoutes(USDC.address, USDm.address, amountIn).length;
  const groups: [string, Record<string, () => Promise<unknown>>][] = [
    [
      `v4 quote USDC → USDm (${tiers} tiers through V4Quoter, block number)`,
      {
        "preflow (venue uniswap-v4 quote)": () =>
          quoteV4(sdk, { tokenIn: "USDC", tokenOut: "USDm", amountIn: AMOUNT }),
        [`viem, the same tiers (${tiers} quotes)`]: plainQuote(true),
        "viem, the known pool only (1 quote)": plainQuote(false),
      },
    ],
    [
      "v4 prepareSwap USDC → USDm: balance, Permit2 allowance, block timestamp, quotes; 3 steps encoded",
      {
        "preflow prepareSwap(venue uniswap-v4)": () =>
          prepareSwap(sdk, {
            from: trader,
            tokenIn: "USDC",
            tokenOut: "USDm",
            amountIn: AMOUNT,
            venue: "uniswap-v4",
          }),
        [`viem, the same reads (${tiers} quotes)`]: plainPrepare(true),
        "viem, the known pool only (1 quote)": plainPrepare(false),
      },
    ],
  ];
  const lines = [`Uniswap v4 on the devnet (warm clients, median of ${ROUNDS})`];
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  for (const [title, candidates] of groups) {
    lines.push(`== ${title}`);
    for (const [label, rttMs] of [
      ["loopback", 0],
      ["+20 ms per HTTP request (simulated network)", 20],
    ] as const) {
      proxy.clearFaults();
      if (rttMs > 0) proxy.inject({ method: "*", fault: { kind: "delay", ms: rttMs } });
      const rows: [string, { requests: number; medianMs: number }][] = [];
      for (const [name, run] of Object.entries(candidates))
        rows.push([name, await measureRequests(proxy, run, ROUNDS)]);
      const [, preflow] = rows[0]!;
      lines.push(`-- ${label}`);
      lines.push(`${pad("", 42)}${pad("requests", 10)}${pad("ratio", 8)}${pad("median ms", 11)}ratio`);
      for (const [name, figures] of rows) {
        lines.push(
          `${pad(name, 42)}${pad(Number(figures.requests.toFixed(1)), 10)}${pad(`${(figures.requests / preflow.requests).toFixed(1)}x`, 8)}${pad(figures.medianMs.toFixed(1), 11)}${(figures.medianMs / preflow.medianMs).toFixed(1)}x`,
        );
      }
    }
  }
  proxy.clearFaults();
  console.log(`\n${lines.join("\n")}\n`);
});
