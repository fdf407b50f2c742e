// Uniswap v4 as a swap venue, on the devnet's real v4 bytecode (PoolManager, V4Quoter, UniversalRouter, Permit2 at
// their Celo addresses, seeded pools): quotes ride in the same one request as every venue's, and a prepared v4 swap
// signed by a plain viem wallet goes through the UniversalRouter (V4_SWAP) paid through Permit2 with exact
// approvals: the token approves Permit2 only when short, Permit2's allowance for the router is the swap's amount
// until the flow's deadline, nothing of either is left after the swap, and the PoolManager emits its Swap.
import {
  permit2Abi as devnetPermit2Abi,
  type FaultProxy,
  startFaultProxy,
  UNISWAP_V4_POOLS,
  uniswapV4PoolManagerAbi,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, decodeFunctionData, erc20Abi, parseEventLogs } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  findFlowMismatches,
  formatPreparedFlow,
  getSwapQuotes,
  getUniswapV4Quote,
  InvalidArgumentError,
  PERMIT2_ADDRESS,
  parsePreparedFlow,
  permit2Abi,
  prepareSwap,
  prepareUniswapV4Swap,
  type SerializedPreparedFlow,
  SWAP_VENUES,
  swapActions,
  TOKENS,
  UNISWAP_V4_ADDRESSES,
  uniswapV4Actions,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

const ROUTER = UNISWAP_V4_ADDRESSES.universalRouter;
const usdcUsdm = UNISWAP_V4_POOLS.find((pool) => pool.name === "USDC/USDm")!;

async function count<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number }> {
  proxy.reset();
  const result = await fn();
  return { result, requests: proxy.requests };
}

function client() {
  return createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false }).extend(swapActions);
}

async function allowances(owner: Address, token: Address) {
  const { publicClient } = devnetClients(devnet, generatePrivateKey());
  const [erc20ToPermit2, permit2ToRouter] = await Promise.all([
    publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, PERMIT2_ADDRESS],
    }),
    publicClient.readContract({
      address: PERMIT2_ADDRESS,
      abi: devnetPermit2Abi,
      functionName: "allowance",
      args: [owner, token, ROUTER],
    }),
  ]);
  return { erc20ToPermit2, permit2Amount: permit2ToRouter[0], permit2Expiration: permit2ToRouter[1] };
}

function swapEvents(logs: Parameters<typeof parseEventLogs>[0]["logs"]) {
  return parseEventLogs({ abi: uniswapV4PoolManagerAbi, logs, eventName: "Swap" }).filter(
    (log) => log.address.toLowerCase() === UNISWAP_V4_ADDRESSES.poolManager.toLowerCase(),
  );
}

describe("Uniswap v4 venue", () => {
  it("is a registered venue, listed after Uniswap v3", () => {
    expect(SWAP_VENUES.map((venue) => venue.venue)).toEqual(["uniswap", "uniswap-v4", "mento"]);
  });

  it("quotes with the other venues in one HTTP request, through V4Quoter", async () => {
    const sdk = client();
    await sdk.rpc.ensureChain();
    const { result, requests } = await count(() =>
      getSwapQuotes(sdk, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "100" }),
    );
    expect(requests).toBe(1);
    const v4 = result.quotes.find((quote) => quote.venue === "uniswap-v4");
    expect(v4).toMatchObject({
      tokenIn: TOKENS.USDC.address,
      tokenOut: TOKENS.USDm.address,
      route: [TOKENS.USDC.address, 100, TOKENS.USDm.address],
      fee: [100],
    });
    // A 1:1 pool with 0.01 % fee: 100 USDC buys a little under 100 USDm.
    expect(Number(v4!.amountOutFormatted)).toBeGreaterThan(99.9);
    expect(Number(v4!.amountOutFormatted)).toBeLessThan(100);
    // A pair without a v4 pool: no route on v4, the others still quote.
    const other = await getSwapQuotes(sdk, { tokenIn: "EURm", tokenOut: "USDC", amountIn: "10" });
    expect(other.noRoute).toContain("uniswap-v4");
  });

  it("a prepared v4 swap lands through Permit2 with exact approvals and emits the PoolManager's Swap", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "1", USDC: "250" });
    const sdk = client();
    await sdk.rpc.ensureChain();
    const { result: flow, requests } = await count(() =>
      prepareSwap(sdk, {
        from: address,
        tokenIn: "USDC",
        tokenOut: "USDm",
        amountIn: "100",
        venue: "uniswap-v4",
        slippageBps: 30,
      }),
    );
    expect(requests).toBe(1);
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
    expect(findFlowMismatches(flow)).toEqual([]);
    expect(flow.intent).toMatchObject({ kind: "swap", venue: "uniswap-v4", amountIn: "100000000" });
    const intent = flow.intent as { deadline: string; minAmountOut: string; expectedAmountOut: string };
    expect(BigInt(intent.minAmountOut)).toBe((BigInt(intent.expectedAmountOut) * 9970n) / 10000n);
    expect(flow.expiresAt).toBe(intent.deadline);
    expect(flow.steps.map((step) => [step.to, step.call?.functionName])).toEqual([
      [TOKENS.USDC.address, "approve"],
      [PERMIT2_ADDRESS, "approve"],
      [ROUTER, "execute"],
    ]);
    // Exact: the token's approval of Permit2 is the amount; Permit2's of the router is the amount until the deadline.
    expect(flow.steps[0]!.call!.args).toEqual([PERMIT2_ADDRESS, "100000000"]);
    const permit2Call = decodeFunctionData({
      abi: permit2Abi,
      data: flow.steps[1]!.data.slice(0, 266) as `0x${string}`,
    });
    expect(permit2Call.args).toEqual([TOKENS.USDC.address, ROUTER, 100_000_000n, Number(intent.deadline)]);

    const before = await allowances(address, TOKENS.USDC.address);
    expect(before.erc20ToPermit2).toBe(0n);
    const hashes = await executeFlow(devnet, privateKey, flow);
    const { publicClient } = devnetClients(devnet, privateKey);
    const receipt = await publicClient.getTransactionReceipt({ hash: hashes.at(-1)! });
    const swaps = swapEvents(receipt.logs);
    expect(swaps).toHaveLength(1);
    expect(swaps[0]!.args.id).toBe(usdcUsdm.id);
    expect(swaps[0]!.args.sender.toLowerCase()).toBe(ROUTER.toLowerCase());
    const usdm = await publicClient.readContract({
      address: TOKENS.USDm.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    });
    expect(usdm).toBeGreaterThanOrEqual(BigInt(intent.minAmountOut));

    // Nothing left behind: both allowances are spent to 0; Permit2's expires at the flow's deadline.
    const after = await allowances(address, TOKENS.USDC.address);
    expect(after.erc20ToPermit2).toBe(0n);
    expect(after.permit2Amount).toBe(0n);
    expect(BigInt(after.permit2Expiration)).toBe(BigInt(intent.deadline));
  });

  it("approves Permit2 only when short, and pays a recipient other than the signer (TAKE)", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "1", USDC: "50" });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { wallet, publicClient } = devnetClients(devnet, privateKey);
    // A standing allowance of Permit2 larger than the swap: no token approval step.
    const standing = await wallet.writeContract({
      address: TOKENS.USDC.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [PERMIT2_ADDRESS, 30_000_000n],
    });
    await publicClient.waitForTransactionReceipt({ hash: standing });
    const flow: SerializedPreparedFlow = await client().swap.prepareSwap(address, "USDC", "USDm", "10", {
      venue: "uniswap-v4",
      recipient,
    });
    expect(flow.steps.map((step) => step.to)).toEqual([PERMIT2_ADDRESS, ROUTER]);
    expect(findFlowMismatches(flow)).toEqual([]);
    await executeFlow(devnet, privateKey, flow);
    const received = await publicClient.readContract({
      address: TOKENS.USDm.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [recipient],
    });
    expect(received).toBeGreaterThanOrEqual(BigInt((flow.intent as { minAmountOut: string }).minAmountOut));
    const after = await allowances(address, TOKENS.USDC.address);
    expect(after.erc20ToPermit2).toBe(20_000_000n); // the standing allowance less the swap: bounded by it
    expect(after.permit2Amount).toBe(0n);
  });

  it("simulates and previews a v4 flow as a recognised swap: Permit2 named, balances as the quote says", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1", USDC: "20" });
    const sdk = client();
    const flow = await sdk.swap.prepareSwap(address, "USDC", "USDm", "20", { venue: "uniswap-v4" });
    const simulation = await sdk.transaction.simulatePreparedFlow(flow);
    expect(simulation).toMatchObject({ success: true, failedStep: null });
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success", "success"]);
    const intent = flow.intent as { expectedAmountOut: string };
    expect(simulation.balanceChanges.find((change) => change.token === TOKENS.USDm.address)).toMatchObject({
      address,
      delta: intent.expectedAmountOut,
    });
    expect(simulation.balanceChanges.find((change) => change.token === TOKENS.USDC.address)).toMatchObject({
      address,
      delta: "-20000000",
    });
    const preview = formatPreparedFlow(flow, simulation);
    expect(preview).toContain("Swap on Uniswap v4: you send 20 USDC");
    expect(preview).toContain("Permit2");
    expect(preview).toContain("Uniswap UniversalRouter");
  });

  it("a flow whose swap was edited no longer matches its intent", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1", USDC: "5" });
    const flow = await prepareSwap(client(), {
      from: address,
      tokenIn: "USDC",
      tokenOut: "USDm",
      amountIn: "5",
      venue: "uniswap-v4",
    });
    const other = await prepareSwap(client(), {
      from: address,
      tokenIn: "USDC",
      tokenOut: "USDm",
      amountIn: "4",
      venue: "uniswap-v4",
    });
    const edited = { ...flow, steps: [...flow.steps.slice(0, -1), other.steps.at(-1)!] };
    expect(
      findFlowMismatches(edited)
        .map((mismatch) => mismatch.rule)
        .join(" "),
    ).toContain("says a swap of 5000000");
  });

  it("the one-venue group and actions (client.uniswapV4, getUniswapV4Quote, prepareUniswapV4Swap): 1 request each", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1", USDC: "5" });
    const sdk = client().extend(uniswapV4Actions);
    await sdk.rpc.ensureChain();
    const quote = await count(() => sdk.uniswapV4.getQuote("USDC", "USDm", "5"));
    expect(quote.requests).toBe(1);
    expect(quote.result).toMatchObject({ venue: "uniswap-v4", fee: [100] });
    const prepared = await count(() => sdk.uniswapV4.prepareSwap(address, "USDC", "USDm", "5"));
    expect(prepared.requests).toBe(1);
    expect(prepared.result.intent).toMatchObject({
      venue: "uniswap-v4",
      expectedAmountOut: quote.result.amountOut,
    });
    const exported = await count(() =>
      prepareUniswapV4Swap(sdk, { from: address, tokenIn: "USDC", tokenOut: "USDm", amountIn: "5" }),
    );
    expect(exported.requests).toBe(1);
    expect((await getUniswapV4Quote(sdk, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "5" })).venue).toBe(
      "uniswap-v4",
    );
  });

  it("refuses a venue that is not registered before any request", async () => {
    const sdk = client();
    const { requests, result } = await count(() =>
      prepareSwap(sdk, {
        from: privateKeyToAccount(generatePrivateKey()).address,
        tokenIn: "USDC",
        tokenOut: "USDm",
        amountIn: "1",
        venue: "uniswap-v5" as never,
      }).catch((error: unknown) => error),
    );
    expect(requests).toBe(0);
    expect(result).toBeInstanceOf(InvalidArgumentError);
    expect((result as Error).message).toContain("uniswap-v4");
  });
});
