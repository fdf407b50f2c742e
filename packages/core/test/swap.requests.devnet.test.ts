// HTTP requests of the swap actions, counted at a real proxy in front of the devnet: one per quote and per
// prepareSwap (balance, allowances, block number and timestamp and every venue's quotes in one Multicall3 call), and
// none at all for input that decides the outcome by itself.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkBaseClient,
  createSdkClient,
  getMentoQuote,
  getSwapQuotes,
  getUniswapQuote,
  InvalidAddressError,
  InvalidAmountError,
  InvalidArgumentError,
  mentoActions,
  prepareMentoSwap,
  prepareSwap,
  prepareUniswapSwap,
  RequestAbortedError,
  type SdkError,
  swapActions,
  UnknownTokenError,
  uniswapActions,
} from "../src/index.js";
import { freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let trader: `0x${string}`;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  trader = (await freshAccount(devnet, { CELO: "1", USDC: "100" })).address;
});
afterAll(() => proxy.close());

function newClient() {
  return createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false })
    .extend(swapActions)
    .extend(uniswapActions)
    .extend(mentoActions);
}

async function count<T>(fn: () => Promise<T>): Promise<{ result: T; requests: number; batches: string[][] }> {
  proxy.reset();
  const result = await fn();
  return { result, requests: proxy.requests, batches: proxy.batches };
}

describe("HTTP requests", () => {
  it("getQuotes and prepareSwap cost 1 HTTP request each, cold (chain check folded in) and warm", async () => {
    const client = newClient();
    const cold = await count(() => client.swap.getQuotes("USDC", "USDm", "10"));
    expect(cold.requests).toBe(1);
    expect(cold.batches).toEqual([["eth_chainId", "eth_call"]]);
    expect(cold.result.quotes.map((quote) => quote.venue)).toEqual(["uniswap", "uniswap-v4", "mento"]);
    const warm = await count(() => client.swap.getQuotes("EURm", "USDC", "10"));
    expect(warm.batches).toEqual([["eth_call"]]);

    const prepared = await count(() => client.swap.prepareSwap(trader, "USDC", "USDm", "10"));
    expect(prepared.batches).toEqual([["eth_call"]]);
    // approve + swap; a v4 swap (when earlier trades made it the best) approves through Permit2: one step more.
    const venue = (prepared.result.intent as { venue: string }).venue;
    expect(prepared.result.steps).toHaveLength(venue === "uniswap-v4" ? 3 : 2);

    const fresh = newClient();
    const coldPrepare = await count(() =>
      fresh.swap.prepareSwap(trader, "USDT", "USDm", "0", {}).catch(() => null),
    );
    expect(coldPrepare.requests).toBe(0); // "0" is refused before any request
    const coldPrepare2 = await count(() => fresh.swap.prepareSwap(trader, "USDC", "USDm", "10"));
    expect(coldPrepare2.batches).toEqual([["eth_chainId", "eth_call"]]);
  });

  it("the per-venue groups and the exported actions cost 1 HTTP request each", async () => {
    const client = newClient();
    const base = createSdkBaseClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    await base.rpc.ensureChain();
    await client.rpc.ensureChain();
    const pair = { tokenIn: "USDC", tokenOut: "USDm", amountIn: "10" };
    const calls: [string, () => Promise<unknown>][] = [
      ["client.uniswap.getQuote", () => client.uniswap.getQuote("USDC", "USDm", "10")],
      ["client.uniswap.prepareSwap", () => client.uniswap.prepareSwap(trader, "USDC", "USDm", "10")],
      ["client.mento.getQuote", () => client.mento.getQuote("USDC", "USDm", "10")],
      ["client.mento.prepareSwap", () => client.mento.prepareSwap(trader, "USDC", "USDm", "10")],
      ["getSwapQuotes", () => getSwapQuotes(base, pair)],
      ["prepareSwap", () => prepareSwap(base, { from: trader, ...pair, venue: "best" })],
      ["getUniswapQuote", () => getUniswapQuote(base, pair)],
      ["prepareUniswapSwap", () => prepareUniswapSwap(base, { from: trader, ...pair })],
      ["getMentoQuote", () => getMentoQuote(base, pair)],
      ["prepareMentoSwap", () => prepareMentoSwap(base, { from: trader, ...pair })],
    ];
    for (const [name, run] of calls) {
      const { batches } = await count(run);
      expect(batches, name).toEqual([["eth_call"]]);
    }
  });

  it("an aborted signal rejects with RequestAbortedError before any request; the client forms pass it on", async () => {
    const client = newClient();
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const runs: [string, () => Promise<unknown>][] = [
      [
        "getSwapQuotes",
        () =>
          getSwapQuotes(client, {
            tokenIn: "USDC",
            tokenOut: "USDm",
            amountIn: "1",
            signal: controller.signal,
          }),
      ],
      ["swap.getQuotes", () => client.swap.getQuotes("USDC", "USDm", "1", { signal: controller.signal })],
      ["uniswap.getQuote", () => client.uniswap.getQuote("USDC", "USDm", "1", { signal: controller.signal })],
      ["mento.getQuote", () => client.mento.getQuote("USDC", "USDm", "1", { signal: controller.signal })],
      [
        "swap.prepareSwap",
        () => client.swap.prepareSwap(trader, "USDC", "USDm", "1", { signal: controller.signal }),
      ],
      [
        "mento.prepareSwap",
        () => client.mento.prepareSwap(trader, "USDC", "USDm", "1", { signal: controller.signal }),
      ],
    ];
    for (const [name, run] of runs) {
      const { result, requests } = await count(() => run().catch((e: unknown) => e));
      expect(result, name).toBeInstanceOf(RequestAbortedError);
      expect(requests, name).toBe(0);
    }
  });

  it("a signal aborted while the request is in flight rejects with RequestAbortedError at once", async () => {
    const client = newClient();
    await client.rpc.ensureChain();
    const slow = proxy.inject({ method: "eth_call", times: 1, fault: { kind: "delay", ms: 2_000 } });
    const controller = new AbortController();
    const started = Date.now();
    const pending = client.swap.prepareSwap(trader, "USDC", "USDm", "1", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
    expect(Date.now() - started).toBeLessThan(1_500);
    slow.remove();
  });
});

const FROM = privateKeyToAccount(generatePrivateKey()).address;
const BAD_CHECKSUM = "0xcebA9300f2b948710d2653dD7B07f33A8B32118c";
type Client = ReturnType<typeof newClient>;
type Row = [
  name: string,
  run: (client: Client) => Promise<unknown>,
  expected: abstract new (...args: never[]) => SdkError,
  field: string,
];

// biome-ignore format: one row per line reads best
const rows: Row[] = [
  ["same token in and out", (c) => c.swap.getQuotes("USDC", "USDC", "1"), InvalidArgumentError, "tokenOut"],
  ["same token by alias and address", (c) => c.swap.prepareSwap(FROM, "cUSD", "0x765DE816845861e75A25fCA122bb6898B8B1282a", "1"), InvalidArgumentError, "tokenOut"],
  ["unknown tokenIn", (c) => c.swap.getQuotes("USDN", "USDC", "1"), UnknownTokenError, "USDN"],
  ["unknown tokenOut", (c) => c.uniswap.getQuote("USDC", "PEPE", "1"), UnknownTokenError, "PEPE"],
  ["token address with a bad checksum", (c) => c.mento.getQuote(BAD_CHECKSUM, "USDm", "1"), InvalidAddressError, "tokenIn"],
  ["amount with too many decimals (USDC has 6)", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1.0000001"), InvalidAmountError, "amountIn"],
  ["amount zero", (c) => c.swap.getQuotes("USDC", "USDm", "0"), InvalidAmountError, "amountIn"],
  ["amount negative", (c) => c.swap.getQuotes("USDC", "USDm", "-1"), InvalidAmountError, "amountIn"],
  ["amount as a number", (c) => c.swap.getQuotes("USDC", "USDm", 1 as never), InvalidAmountError, "amountIn"],
  ["slippage above 5000 bps", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { slippageBps: 5001 }), InvalidArgumentError, "slippageBps"],
  ["slippage negative", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { slippageBps: -1 }), InvalidArgumentError, "slippageBps"],
  ["slippage fractional", (c) => c.uniswap.prepareSwap(FROM, "USDC", "USDm", "1", { slippageBps: 0.5 }), InvalidArgumentError, "slippageBps"],
  ["slippage as a string", (c) => c.mento.prepareSwap(FROM, "USDC", "USDm", "1", { slippageBps: "50" as never }), InvalidArgumentError, "slippageBps"],
  ["deadline zero", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { deadlineSeconds: 0 }), InvalidArgumentError, "deadlineSeconds"],
  ["deadline negative", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { deadlineSeconds: -60 }), InvalidArgumentError, "deadlineSeconds"],
  ["deadline beyond a day", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { deadlineSeconds: 86_401 }), InvalidArgumentError, "deadlineSeconds"],
  ["deadline NaN", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { deadlineSeconds: Number.NaN }), InvalidArgumentError, "deadlineSeconds"],
  ["unknown venue", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { venue: "curve" as never }), InvalidArgumentError, "venue"],
  ["unknown option key (typo)", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { slipageBps: 50 } as never), InvalidArgumentError, "options"],
  ["venue passed to a per-venue group", (c) => c.uniswap.prepareSwap(FROM, "USDC", "USDm", "1", { venue: "mento" } as never), InvalidArgumentError, "options"],
  ["options not an object", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", "fast" as never), InvalidArgumentError, "options"],
  ["unknown key in the action's parameters", (c) => getSwapQuotes(c, { tokenIn: "USDC", tokenOut: "USDm", amountIn: "1", privateKey: "0xsecret" } as never), InvalidArgumentError, "parameters"],
  ["venue key in prepareUniswapSwap", (c) => prepareUniswapSwap(c, { from: FROM, tokenIn: "USDC", tokenOut: "USDm", amountIn: "1", venue: "best" } as never), InvalidArgumentError, "parameters"],
  ["parameters not an object", (c) => prepareSwap(c, null as never), InvalidArgumentError, "parameters"],
  ["from not an address", (c) => c.swap.prepareSwap("alice", "USDC", "USDm", "1"), InvalidAddressError, "from"],
  ["recipient the zero address", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { recipient: "0x0000000000000000000000000000000000000000" }), InvalidAddressError, "recipient"],
  ["signal not an AbortSignal", (c) => c.swap.prepareSwap(FROM, "USDC", "USDm", "1", { signal: {} as never }), InvalidArgumentError, "signal"],
];

describe("bad input fails before any request", () => {
  it.each(rows)("%s", async (_name, run, expected, field) => {
    const client = newClient();
    proxy.reset();
    const error = await Promise.resolve()
      .then(() => run(client))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(expected);
    const details = (error as SdkError).details as { field?: string; token?: string };
    expect(details.field ?? details.token).toContain(field);
    expect(proxy.requests).toBe(0);
  });

  it("never echoes the value of an unknown key (it could be a secret)", async () => {
    const error = await getSwapQuotes(newClient(), {
      tokenIn: "USDC",
      tokenOut: "USDm",
      amountIn: "1",
      privateKey: "0xdeadbeefsecret",
    } as never).catch((e: unknown) => e as Error);
    expect(JSON.stringify(error)).not.toContain("deadbeef");
    expect((error as Error).message).toContain("privateKey");
  });
});
