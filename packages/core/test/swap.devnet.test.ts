// Swaps prepared by preflow and signed by a plain viem wallet on the devnet: real Uniswap v3 bytecode (QuoterV2,
// SwapRouter02) and the Mento v3 stand-ins. Tests in this file change pool prices and the chain's clock; they run
// in order and restore what later tests read (the USDT/USDC pool moved by the slippage test is read by no later test).
import { checkAttributionInCalldata } from "@preflow/attribution";
import {
  mentoRouterAbi as devnetMentoRouterAbi,
  uniswapQuoterV2Abi as devnetQuoterAbi,
  moveUniswapPrice,
  setMentoRate,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  decodeErrorResult,
  decodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  maxUint256,
  parseUnits,
  zeroAddress,
} from "viem";
import { afterAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  decodeUniswapPath,
  InsufficientBalanceError,
  MENTO_ADDRESSES,
  mentoActions,
  mentoRouterAbi,
  NoRouteError,
  parsePreparedFlow,
  type SerializedPreparedFlow,
  swapActions,
  TOKENS,
  toTransactionRequest,
  UNISWAP_ADDRESSES,
  uniswapActions,
  uniswapSwapRouter02Abi,
  ZeroQuoteError,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const TAGS = ["swap_test", "builder_42"];
const client = createSdkClient({ rpcUrl: devnet.rpcUrl, attributionTags: TAGS, analyticsEnabled: false })
  .extend(swapActions)
  .extend(uniswapActions)
  .extend(mentoActions);
const { USDC, USDm, USDT, EURm, BRLm } = TOKENS;

/** A reader straight to the devnet (a throwaway key: only its public client is used). */
const reader = devnetClients(devnet, `0x${"11".repeat(32)}`).publicClient;
const balanceOf = (token: Address, owner: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

/**
 * Signs and sends every step with a plain viem wallet; each step gets a fixed gas limit so that a reverting step
 * is mined (and fails on chain) instead of failing at gas estimation. Returns each step's receipt status.
 */
async function sendSteps(privateKey: Hex, flow: SerializedPreparedFlow): Promise<("success" | "reverted")[]> {
  const { publicClient, wallet } = devnetClients(devnet, privateKey);
  const statuses: ("success" | "reverted")[] = [];
  for (const step of flow.steps) {
    const hash: Hash = await wallet.sendTransaction({ ...toTransactionRequest(step), gas: 1_000_000n });
    statuses.push((await publicClient.waitForTransactionReceipt({ hash })).status);
  }
  return statuses;
}

/** Replays a step as an `eth_call` now and names its revert: `Error(string)`'s message or the custom error's name. */
async function revertOf(from: Address, step: SerializedPreparedFlow["steps"][number]): Promise<string> {
  try {
    await reader.request({ method: "eth_call", params: [{ from, to: step.to, data: step.data }, "latest"] });
  } catch (error) {
    let data: unknown;
    for (let e: unknown = error; e && data === undefined; e = (e as { cause?: unknown }).cause) {
      data = (e as { data?: unknown }).data;
    }
    const decoded = decodeErrorResult({ abi: devnetMentoRouterAbi, data: data as Hex }) as {
      errorName: string;
      args?: readonly unknown[];
    };
    return decoded.errorName === "Error" ? String(decoded.args?.[0]) : decoded.errorName;
  }
  return "no revert";
}

async function increaseTime(seconds: number): Promise<void> {
  await reader.request({ method: "evm_increaseTime", params: [seconds] } as never);
  await reader.request({ method: "evm_mine", params: [] } as never);
}

describe("swaps on the devnet, signed by a plain viem wallet", () => {
  afterAll(async () => {
    await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1" });
  });

  it("QuoterV2 through Multicall3 (allowFailure) returns the same quote as a direct eth_call of QuoterV2", async () => {
    const amountIn = parseUnits("250", 6);
    const direct = await reader.simulateContract({
      address: UNISWAP_ADDRESSES.quoterV2,
      abi: devnetQuoterAbi,
      functionName: "quoteExactInputSingle",
      args: [{ tokenIn: USDC.address, tokenOut: USDm.address, amountIn, fee: 100, sqrtPriceLimitX96: 0n }],
    });
    const quote = await client.uniswap.getQuote("USDC", "USDm", "250");
    expect(quote).toMatchObject({ venue: "uniswap", fee: [100], route: [USDC.address, 100, USDm.address] });
    expect(quote.amountOut).toBe(direct.result[0].toString());
    expect(BigInt(quote.blockNumber)).toBeGreaterThan(0n);
  });

  // Which Uniswap pool quotes best is not fixed: the seeded v3 and v4 USDC/USDm pools differ by about 0.0001 %, and
  // the test files share one devnet, so a USDC → USDm trade another file made earlier (their order varies from run
  // to run) tips it to v4. The best quote is the highest one; the flow here names the v3 venue to check its calldata.
  it("USDC → USDm: the best quote is the highest; through Uniswap v3, approve (exact) + swap land; received == expectedAmountOut ≥ minAmountOut", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "100" });
    const quotes = await client.swap.getQuotes("USDC", "USDm", "100");
    expect(quotes.quotes.map((quote) => quote.venue)).toEqual(["uniswap", "uniswap-v4", "mento"]);
    const highest = quotes.quotes.reduce((a, b) => (BigInt(b.amountOut) > BigInt(a.amountOut) ? b : a));
    expect(quotes.best).toEqual(highest);
    const v3 = quotes.quotes[0]!;

    const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "100", { venue: "uniswap" });
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
    expect(flow.steps).toHaveLength(2);
    const [approve, swap] = flow.steps as [
      NonNullable<(typeof flow.steps)[0]>,
      NonNullable<(typeof flow.steps)[0]>,
    ];
    expect(approve.call).toEqual({
      contract: "USDC",
      functionName: "approve",
      args: [UNISWAP_ADDRESSES.swapRouter02, "100000000"],
    });
    expect(approve.description).toBe("Approve Uniswap SwapRouter02 to spend 100 USDC");
    expect(swap.to).toBe(UNISWAP_ADDRESSES.swapRouter02);
    for (const step of flow.steps) {
      expect(checkAttributionInCalldata(step.data)).toEqual({ found: true, tags: TAGS, platform: true });
    }

    const intent = flow.intent;
    if (intent?.kind !== "swap") throw new Error("not a swap intent");
    expect(intent).toMatchObject({
      venue: "uniswap",
      tokenIn: USDC.address,
      tokenOut: USDm.address,
      amountIn: "100000000",
      expectedAmountOut: v3.amountOut,
      route: [USDC.address, 100, USDm.address],
    });
    expect(BigInt(intent.minAmountOut)).toBe((BigInt(intent.expectedAmountOut) * 9950n) / 10000n);
    expect(flow.expiresAt).toBe(intent.deadline);
    const block = await reader.getBlock({ blockNumber: BigInt(flow.preparedAt!.blockNumber) });
    // The deadline counts from the later of the block's time and the local clock (a block every second: the clock
    // may be a second ahead of the block read).
    expect(BigInt(intent.deadline)).toBeGreaterThanOrEqual(block.timestamp + 300n);
    expect(BigInt(intent.deadline)).toBeLessThanOrEqual(BigInt(Math.ceil(Date.now() / 1000)) + 300n);

    // The calldata is what `call` says: multicall(deadline, [exactInputSingle(params)]).
    const outer = decodeFunctionData({ abi: uniswapSwapRouter02Abi, data: swap.data });
    expect(outer.functionName).toBe("multicall");
    const [deadline, inner] = outer.args as readonly [bigint, readonly Hex[]];
    expect(deadline.toString()).toBe(intent.deadline);
    const single = decodeFunctionData({ abi: uniswapSwapRouter02Abi, data: inner[0]! });
    expect(single.functionName).toBe("exactInputSingle");
    expect(single.args[0]).toMatchObject({
      tokenIn: USDC.address,
      tokenOut: USDm.address,
      fee: 100,
      recipient: trader.address,
      amountIn: 100_000_000n,
      amountOutMinimum: BigInt(intent.minAmountOut),
    });
    expect(swap.call).toEqual({
      contract: "Uniswap SwapRouter02",
      functionName: "multicall",
      args: [
        intent.deadline,
        [
          {
            functionName: "exactInputSingle",
            args: [
              {
                tokenIn: USDC.address,
                tokenOut: USDm.address,
                fee: 100,
                recipient: trader.address,
                amountIn: "100000000",
                amountOutMinimum: intent.minAmountOut,
                sqrtPriceLimitX96: "0",
              },
            ],
          },
        ],
      ],
    });

    await executeFlow(devnet, trader.privateKey, flow);
    const received = await balanceOf(USDm.address, trader.address);
    expect(received).toBe(BigInt(intent.expectedAmountOut));
    expect(received).toBeGreaterThanOrEqual(BigInt(intent.minAmountOut));
    expect(await balanceOf(USDC.address, trader.address)).toBe(0n);
    // The exact approval was consumed.
    expect(
      await reader.readContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [trader.address, UNISWAP_ADDRESSES.swapRouter02],
      }),
    ).toBe(0n);
  });

  it("adds no approve step when the router's allowance covers the amount; sends to `recipient`", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "10" });
    const recipient = (await freshAccount(devnet, {})).address;
    const { wallet, publicClient } = devnetClients(devnet, trader.privateKey);
    const hash = await wallet.writeContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [UNISWAP_ADDRESSES.swapRouter02, maxUint256],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "10", {
      venue: "uniswap",
      recipient,
      slippageBps: 0,
    });
    expect(flow.steps).toHaveLength(1);
    expect(flow.intent).toMatchObject({ kind: "swap", venue: "uniswap" });
    const intent = flow.intent as { expectedAmountOut: string; minAmountOut: string };
    expect(intent.minAmountOut).toBe(intent.expectedAmountOut);
    await executeFlow(devnet, trader.privateKey, flow);
    expect(await balanceOf(USDm.address, recipient)).toBe(BigInt(intent.expectedAmountOut));
    expect(await balanceOf(USDm.address, trader.address)).toBe(0n);
  });

  it("multi-hop on Uniswap: USDT → USDC → USDm (exactInput with a packed path) lands with the quoted output", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDT: "50" });
    const quote = await client.uniswap.getQuote("USDT", "USDm", "50");
    expect(quote.route).toEqual([USDT.address, 100, USDC.address, 100, USDm.address]);
    expect(quote.fee).toEqual([100, 100]);
    const flow = await client.uniswap.prepareSwap(trader.address, "USDT", "USDm", "50");
    const swap = flow.steps.at(-1)!;
    const [, inner] = decodeFunctionData({ abi: uniswapSwapRouter02Abi, data: swap.data }).args as readonly [
      bigint,
      readonly Hex[],
    ];
    const exact = decodeFunctionData({ abi: uniswapSwapRouter02Abi, data: inner[0]! });
    expect(exact.functionName).toBe("exactInput");
    const params = exact.args[0] as { path: Hex; amountOutMinimum: bigint };
    expect(decodeUniswapPath(params.path)).toEqual({
      tokens: [USDT.address, USDC.address, USDm.address],
      fees: [100, 100],
    });
    await executeFlow(devnet, trader.privateKey, flow);
    const intent = flow.intent as { expectedAmountOut: string; minAmountOut: string };
    expect(await balanceOf(USDm.address, trader.address)).toBe(BigInt(intent.expectedAmountOut));
  });

  it("multi-hop on Mento: EURm → USDm → USDC (swapExactTokensForTokens with two routes) lands with the quoted output", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", EURm: "20" });
    const flow = await client.mento.prepareSwap(trader.address, "EURm", "USDC", "20", { slippageBps: 10 });
    const intent = flow.intent as {
      venue: string;
      route: unknown[];
      expectedAmountOut: string;
      minAmountOut: string;
    };
    expect(intent.venue).toBe("mento");
    expect(intent.route).toEqual([EURm.address, USDm.address, USDC.address]);
    const swap = flow.steps.at(-1)!;
    expect(swap.to).toBe(MENTO_ADDRESSES.router);
    const decoded = decodeFunctionData({ abi: mentoRouterAbi, data: swap.data });
    expect(decoded.functionName).toBe("swapExactTokensForTokens");
    expect(decoded.args).toEqual([
      parseUnits("20", 18),
      BigInt(intent.minAmountOut),
      [
        { from: EURm.address, to: USDm.address, factory: zeroAddress },
        { from: USDm.address, to: USDC.address, factory: zeroAddress },
      ],
      trader.address,
      BigInt(flow.expiresAt!),
    ]);
    expect(swap.call).toEqual({
      contract: "Mento Router",
      functionName: "swapExactTokensForTokens",
      args: [
        "20000000000000000000",
        intent.minAmountOut,
        [
          { from: EURm.address, to: USDm.address, factory: zeroAddress },
          { from: USDm.address, to: USDC.address, factory: zeroAddress },
        ],
        trader.address,
        flow.expiresAt!,
      ],
    });
    // The ABI preflow encodes with is the devnet router's (mainnet's) for this function.
    expect(decodeFunctionData({ abi: devnetMentoRouterAbi, data: swap.data }).functionName).toBe(
      "swapExactTokensForTokens",
    );
    await executeFlow(devnet, trader.privateKey, flow);
    expect(await balanceOf(USDC.address, trader.address)).toBe(BigInt(intent.expectedAmountOut));
  });

  it("best venue follows the better quote: Mento wins USDC → USDm once its rate is 1.002, and its swap lands", async () => {
    await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1.002" });
    try {
      const quotes = await client.swap.getQuotes("USDC", "USDm", "100");
      expect(quotes.best.venue).toBe("mento");
      const uniswap = quotes.quotes.find((quote) => quote.venue === "uniswap");
      const mento = quotes.quotes.find((quote) => quote.venue === "mento");
      expect(BigInt(mento!.amountOut)).toBeGreaterThan(BigInt(uniswap!.amountOut));
      const trader = await freshAccount(devnet, { CELO: "1", USDC: "100" });
      const flow = await client.swap.prepareSwap(trader.address, "USDC", "USDm", "100");
      expect(flow.intent).toMatchObject({
        kind: "swap",
        venue: "mento",
        expectedAmountOut: mento!.amountOut,
      });
      expect(flow.steps[0]!.call).toEqual({
        contract: "USDC",
        functionName: "approve",
        args: [MENTO_ADDRESSES.router, "100000000"],
      });
      await executeFlow(devnet, trader.privateKey, flow);
      expect(await balanceOf(USDm.address, trader.address)).toBe(BigInt(mento!.amountOut));
    } finally {
      await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1" });
    }
    // Back at 1:1, Mento no longer wins (which Uniswap pool does depends on the trades earlier tests made).
    expect((await client.swap.getQuotes("USDC", "USDm", "100")).best.venue).not.toBe("mento");
  });

  it("fails on chain once the deadline has passed (both venues), with the approval landed", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDC: "20" });
    const uniswapFlow = await client.uniswap.prepareSwap(trader.address, "USDC", "USDm", "10", {
      deadlineSeconds: 5,
    });
    const mentoFlow = await client.mento.prepareSwap(trader.address, "USDC", "USDm", "10", {
      deadlineSeconds: 5,
    });
    expect(BigInt(uniswapFlow.expiresAt!) - BigInt(mentoFlow.expiresAt!)).toBeLessThanOrEqual(1n);
    await increaseTime(60);
    expect(await sendSteps(trader.privateKey, uniswapFlow)).toEqual(["success", "reverted"]);
    expect(await revertOf(trader.address, uniswapFlow.steps[1]!)).toBe("Transaction too old");
    expect(await sendSteps(trader.privateKey, mentoFlow)).toEqual(["success", "reverted"]);
    expect(await revertOf(trader.address, mentoFlow.steps[1]!)).toBe("Expired");
    expect(await balanceOf(USDC.address, trader.address)).toBe(parseUnits("20", 6));
    expect(await balanceOf(USDm.address, trader.address)).toBe(0n);
  });

  it("fails on chain when the price moves beyond the slippage between preparation and execution (both venues)", async () => {
    const trader = await freshAccount(devnet, { CELO: "1", USDT: "1000", USDC: "100" });
    // Uniswap: a whale sells 600,000 USDT into the USDC/USDT pool after our flow was prepared.
    const uniswapFlow = await client.uniswap.prepareSwap(trader.address, "USDT", "USDC", "1000", {
      slippageBps: 50,
    });
    expect(uniswapFlow.intent).toMatchObject({ route: [USDT.address, 100, USDC.address] });
    const moved = await moveUniswapPrice(devnet, {
      tokenIn: "USDT",
      tokenOut: "USDC",
      fee: 100,
      amountIn: "600000",
    });
    expect(moved.tickAfter).not.toBe(moved.tickBefore);
    expect(await sendSteps(trader.privateKey, uniswapFlow)).toEqual(["success", "reverted"]);
    expect(await revertOf(trader.address, uniswapFlow.steps[1]!)).toBe("Too little received");
    expect(await balanceOf(USDT.address, trader.address)).toBe(parseUnits("1000", 6));
    // The same request prepared now quotes less than the old minimum.
    const now = await client.uniswap.getQuote("USDT", "USDC", "1000");
    expect(BigInt(now.amountOut)).toBeLessThan(
      BigInt((uniswapFlow.intent as { minAmountOut: string }).minAmountOut),
    );

    // Mento: the oracle rate drops 1 % after preparation.
    const mentoFlow = await client.mento.prepareSwap(trader.address, "USDC", "USDm", "100", {
      slippageBps: 50,
    });
    await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "0.99" });
    try {
      expect(await sendSteps(trader.privateKey, mentoFlow)).toEqual(["success", "reverted"]);
      expect(await revertOf(trader.address, mentoFlow.steps[1]!)).toBe("InsufficientOutputAmount");
      expect(await balanceOf(USDC.address, trader.address)).toBe(parseUnits("100", 6));
    } finally {
      await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1" });
    }
  });
});

describe("errors after reading", () => {
  it("NoRouteError names the pair and every venue tried", async () => {
    const error = await client.swap.getQuotes("BRLm", "USDT", "10").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoRouteError);
    expect((error as NoRouteError).details).toEqual({
      tokenIn: "BRLm",
      tokenOut: "USDT",
      tokenInAddress: BRLm.address,
      tokenOutAddress: USDT.address,
      venues: ["uniswap", "uniswap-v4", "mento"],
    });
    expect((error as Error).message).toBe(
      "No route from BRLm to USDT on uniswap or uniswap-v4 or mento. Try another pair, another venue, or a swap through USDm in two steps.",
    );
    const trader = await freshAccount(devnet, { BRLm: "10" });
    const onMento = await client.mento
      .prepareSwap(trader.address, "BRLm", "USDT", "10")
      .catch((e: unknown) => e);
    expect((onMento as NoRouteError).details.venues).toEqual(["mento"]);
    // USDT has no Mento pool, so the venue the caller forces has no route even though Uniswap has one.
    const forced = await client.swap
      .prepareSwap(trader.address, "USDT", "USDC", "1", { venue: "mento" })
      .catch((e: unknown) => e);
    expect(forced).toBeInstanceOf(NoRouteError);
  });

  it("reports each venue without a route in `noRoute` and quotes the others", async () => {
    const quotes = await client.swap.getQuotes("USDT", "USDm", "10");
    expect(quotes.noRoute).toEqual(["mento"]);
    // USDT/USDm has a seeded v4 pool too.
    expect(quotes.quotes.map((quote) => quote.venue)).toEqual(["uniswap", "uniswap-v4"]);
  });

  it("InsufficientBalanceError when `from` holds less than amountIn (after the quote)", async () => {
    const trader = await freshAccount(devnet, { USDC: "1" });
    const error = await client.swap
      .prepareSwap(trader.address, "USDC", "USDm", "1.5")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect((error as InsufficientBalanceError).details).toMatchObject({
      token: "USDC",
      have: "1000000",
      need: "1500000",
    });
  });

  it("ZeroQuoteError when the amount buys nothing", async () => {
    const error = await client.swap
      .getQuotes("USDm", "USDC", "0.000000000000000001")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZeroQuoteError);
    expect((error as ZeroQuoteError).code).toBe("ZERO_QUOTE");
    expect((error as ZeroQuoteError).details.amountIn).toBe("0.000000000000000001");
  });
});
