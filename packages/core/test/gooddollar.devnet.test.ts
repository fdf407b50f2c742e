// client.goodDollar on a devnet: GoodDollar's own G$, IdentityV3 and UBISchemeV2 from @gooddollar/goodprotocol
// at their Celo mainnet addresses, and the reserve's Broker/exchange-provider stand-ins over goodprotocol's
// BancorFormula. Flows are signed by a plain viem wallet; every prepare and read goes through a counting proxy.
import {
  GOODDOLLAR_ADDRESSES as DEVNET_GD,
  GOODDOLLAR_CUSD_EXCHANGE_ID as DEVNET_GD_EXCHANGE_ID,
  type Devnet,
  type FaultProxy,
  startDevnet,
  startFaultProxy,
} from "@preflow/devnet";
import { type Address, erc20Abi, parseAbi, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkBaseClient,
  executePreparedFlow,
  GOODDOLLAR_ADDRESSES,
  GOODDOLLAR_CUSD_EXCHANGE_ID,
  GoodDollarRefusedError,
  goodDollarActions,
  InsufficientBalanceError,
  InvalidArgumentError,
  parsePreparedFlow,
  RequestAbortedError,
  simulatePreparedFlow,
  TOKENS,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount } from "./support/wallet.js";

// A devnet of its own: other files move the shared devnet's clock by days (the staking unlock period), and a claim
// is bound to the UBIScheme's day and the identity's authentication period.
let devnet: Devnet;
let proxy: FaultProxy;
let client: ReturnType<typeof makeClient>;

function makeClient(rpcUrl: string) {
  return createSdkBaseClient({ rpcUrl, attributionTags: ["gd_test"], analyticsEnabled: false }).extend(
    goodDollarActions,
  );
}

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = makeClient(proxy.url);
});
afterAll(async () => {
  await proxy?.close();
  await devnet?.stop();
});

/** Runs `fn` and returns what it returned (or threw) and the HTTP requests it cost. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T | unknown; requests: number }> {
  proxy.reset();
  let value: T | unknown;
  try {
    value = await fn();
  } catch (error) {
    value = error;
  }
  return { value, requests: proxy.requests };
}

async function balanceOf(token: Address, owner: Address): Promise<bigint> {
  const { publicClient } = devnetClients(devnet, `0x${"11".repeat(32)}`);
  return publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
}

const ubiClaimedEvent = parseAbi(["event UBIClaimed(address indexed claimer, uint256 amount)"]);
const brokerSwapEvent = parseAbi([
  "event Swap(address exchangeProvider, bytes32 indexed exchangeId, address indexed trader, address indexed tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut)",
]);

describe("client.goodDollar on the devnet", () => {
  it("the devnet's addresses are the SDK's (goodprotocol's production-celo list)", () => {
    expect(DEVNET_GD.goodDollar).toBe(TOKENS["G$"].address);
    for (const key of ["goodDollar", "identity", "ubiScheme", "broker", "exchangeProvider"] as const)
      expect(DEVNET_GD[key]).toBe(GOODDOLLAR_ADDRESSES[key]);
    expect(DEVNET_GD_EXCHANGE_ID).toBe(GOODDOLLAR_CUSD_EXCHANGE_ID);
  });

  it("a whitelisted account claims its UBI: G$ rises by the entitlement, UBIClaimed is emitted; a second claim today is refused", async () => {
    const alice = await freshAccount(devnet);
    await devnet.whitelistGoodDollar(alice.address);

    const read = await counted(() => client.goodDollar.getUbiEntitlement(alice.address));
    expect(read.requests).toBe(1);
    const ubi = read.value as Awaited<ReturnType<typeof client.goodDollar.getUbiEntitlement>>;
    expect(ubi).toMatchObject({
      whitelistedRoot: alice.address,
      canClaim: true,
      claimedToday: false,
      refusal: null,
    });
    expect(BigInt(ubi.entitlement)).toBeGreaterThan(0n);

    const prepared = await counted(() => client.goodDollar.prepareClaim(alice.address));
    expect(prepared.requests).toBe(1);
    const flow = parsePreparedFlow(prepared.value);
    expect(flow.steps).toHaveLength(1);
    expect(flow.steps[0]!.to).toBe(GOODDOLLAR_ADDRESSES.ubiScheme);
    expect(flow.intent).toEqual({ kind: "goodDollarClaim", entitlement: ubi.entitlement });

    const simulated = await simulatePreparedFlow(client, { flow: prepared.value });
    expect(simulated.success, JSON.stringify(simulated.steps[0], null, 1)).toBe(true);
    expect(simulated.steps[0]!.effects).toContain(`claims ${ubi.entitlementFormatted} G$ of GoodDollar UBI`);
    const before = await balanceOf(TOKENS["G$"].address, alice.address);
    const [hash] = await executeFlow(devnet, alice.privateKey, prepared.value as never);
    const { publicClient } = devnetClients(devnet, alice.privateKey);
    const receipt = await publicClient.getTransactionReceipt({ hash: hash! });
    const claimed = parseEventLogs({ abi: ubiClaimedEvent, logs: receipt.logs, eventName: "UBIClaimed" });
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.address.toLowerCase()).toBe(GOODDOLLAR_ADDRESSES.ubiScheme.toLowerCase());
    expect(claimed[0]!.args.claimer).toBe(alice.address);
    const after = await balanceOf(TOKENS["G$"].address, alice.address);
    expect(after - before).toBe(claimed[0]!.args.amount);
    expect(after - before).toBe(BigInt(ubi.entitlement));

    // claiming twice in a day: refused with the typed error before anything is built, in one request
    const again = await counted(() => client.goodDollar.prepareClaim(alice.address));
    expect(again.requests).toBe(1);
    expect(again.value).toBeInstanceOf(GoodDollarRefusedError);
    expect((again.value as GoodDollarRefusedError).details).toMatchObject({
      operation: "claim",
      reason: "already-claimed",
    });
    const later = (await client.goodDollar.getUbiEntitlement(alice.address)) as typeof ubi;
    expect(later).toMatchObject({
      claimedToday: true,
      canClaim: false,
      refusal: "already-claimed",
      entitlement: "0",
    });
  });

  it("a stranger is refused with the typed error before any transaction", async () => {
    const stranger = await freshAccount(devnet);
    const { publicClient } = devnetClients(devnet, stranger.privateKey);
    const nonce = await publicClient.getTransactionCount({ address: stranger.address });
    const refused = await counted(() => client.goodDollar.prepareClaim(stranger.address));
    expect(refused.requests).toBe(1);
    expect(refused.value).toBeInstanceOf(GoodDollarRefusedError);
    expect((refused.value as GoodDollarRefusedError).code).toBe("GOODDOLLAR_REFUSED");
    expect((refused.value as GoodDollarRefusedError).details).toMatchObject({
      reason: "not-whitelisted",
      account: stranger.address,
    });
    expect(await publicClient.getTransactionCount({ address: stranger.address })).toBe(nonce);
    // the same claim built by hand: the simulation runs it and explains the UBIScheme's revert
    const byHand = {
      preparedFlow: true,
      chainId: 42220,
      from: stranger.address,
      summary: "claim",
      steps: [
        {
          kind: "contract",
          to: GOODDOLLAR_ADDRESSES.ubiScheme,
          data: "0x4e71d92d",
          value: "0",
          description: "claim",
        },
      ],
      intent: { kind: "goodDollarClaim", entitlement: "0" },
    };
    const simulation = await simulatePreparedFlow(client, { flow: byHand });
    expect(simulation.success).toBe(false);
    expect(JSON.stringify(simulation.steps[0])).toContain("not a whitelisted GoodDollar identity");
    const ubi = await client.goodDollar.getUbiEntitlement(stranger.address);
    expect(ubi).toMatchObject({ whitelistedRoot: null, canClaim: false, refusal: "not-whitelisted" });
  });

  it("quotes the reserve and buys then sells G$ with exact approvals (the Broker's Swap emitted)", async () => {
    const bob = await freshAccount(devnet, { CELO: "10", USDm: "5" });
    const quote = await counted(() => client.goodDollar.getReserveQuote("USDm", "G$", "2"));
    expect(quote.requests).toBe(1);
    const q = quote.value as Awaited<ReturnType<typeof client.goodDollar.getReserveQuote>>;
    expect(q.tokenOut.symbol).toBe("G$");
    expect(BigInt(q.amountOut)).toBeGreaterThan(0n);
    expect(Number(q.priceInUsdm)).toBeGreaterThan(0);

    const buy = await counted(() => client.goodDollar.prepareReserveSwap(bob.address, "USDm", "G$", "2"));
    expect(buy.requests).toBe(1);
    const flow = parsePreparedFlow(buy.value);
    expect(flow.steps.map((step) => step.call?.functionName)).toEqual(["approve", "swapIn"]);
    expect(flow.steps[0]!.call?.args).toEqual([GOODDOLLAR_ADDRESSES.broker, "2000000000000000000"]);
    const simulation = await simulatePreparedFlow(client, { flow: buy.value });
    expect(simulation.success).toBe(true);
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success"]);
    expect(simulation.steps[1]!.effects.join(" ")).toMatch(
      /^swaps 2 USDm for [0-9.]+ G\$ with GoodDollar's reserve$/,
    );
    const hashes = await executeFlow(devnet, bob.privateKey, buy.value as never);
    const { publicClient } = devnetClients(devnet, bob.privateKey);
    const receipt = await publicClient.getTransactionReceipt({ hash: hashes.at(-1)! });
    const [swap] = parseEventLogs({ abi: brokerSwapEvent, logs: receipt.logs, eventName: "Swap" });
    expect(swap!.args).toMatchObject({
      trader: bob.address,
      tokenIn: TOKENS.USDm.address,
      amountIn: 2n * 10n ** 18n,
    });
    const gd = await balanceOf(TOKENS["G$"].address, bob.address);
    expect(gd).toBe(swap!.args.amountOut);
    expect(gd).toBeGreaterThanOrEqual(BigInt((flow.intent as { minAmountOut: string }).minAmountOut));
    expect(await balanceOf(TOKENS.USDm.address, bob.address)).toBe(3n * 10n ** 18n);

    // sell half of it back: the exit contribution makes the round trip lose
    const half = gd / 2n;
    const sell = await client.goodDollar.prepareReserveSwap(
      bob.address,
      "G$",
      "USDm",
      (Number(half) / 1e18).toFixed(6),
    );
    expect(sell.steps).toHaveLength(2);
    await executeFlow(devnet, bob.privateKey, sell);
    const usdm = await balanceOf(TOKENS.USDm.address, bob.address);
    expect(usdm).toBeGreaterThan(3n * 10n ** 18n);
    expect(usdm).toBeLessThan(4n * 10n ** 18n);
  });

  it("pays gas in USDm from 0 CELO: the claim and a reserve sale prepared in one request each, and landed", async () => {
    const dana = await freshAccount(devnet, { USDm: "3" }); // no CELO at all
    await devnet.whitelistGoodDollar(dana.address);
    await client.goodDollar.getUbiEntitlement(dana.address); // the client's one-time chain check is behind us
    const claim = await counted(() => client.goodDollar.prepareClaim(dana.address, { feeCurrency: "USDm" }));
    expect(claim.requests).toBe(1);
    const flow = claim.value as Awaited<ReturnType<typeof client.goodDollar.prepareClaim>>;
    expect(flow.fee?.currency).toBe("USDm");
    expect(flow.steps[0]!.feeCurrency).toBe(TOKENS.USDm.address);
    const { wallet } = devnetClients(devnet, dana.privateKey);
    const claimed = await executePreparedFlow(wallet, { flow, account: wallet.account });
    expect(claimed.status).toBe("success");
    const gd = await balanceOf(TOKENS["G$"].address, dana.address);
    expect(gd).toBe(BigInt((flow.intent as { entitlement: string }).entitlement));

    const sale = await counted(() =>
      client.goodDollar.prepareReserveSwap(dana.address, "G$", "USDm", "100", { feeCurrency: "USDm" }),
    );
    expect(sale.requests).toBe(1);
    const saleFlow = sale.value as typeof flow;
    expect(saleFlow.steps.map((step) => step.feeCurrency)).toEqual([
      TOKENS.USDm.address,
      TOKENS.USDm.address,
    ]);
    expect((await executePreparedFlow(wallet, { flow: saleFlow, account: wallet.account })).status).toBe(
      "success",
    );
    expect(await balanceOf(TOKENS["G$"].address, dana.address)).toBe(gd - 100n * 10n ** 18n);
  });

  it("an aborted signal stops every member before any request", async () => {
    const signal = AbortSignal.abort();
    const from = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    for (const call of [
      () => client.goodDollar.getUbiEntitlement(from, { signal }),
      () => client.goodDollar.prepareClaim(from, { signal }),
      () => client.goodDollar.getReserveQuote("USDm", "G$", "1", { signal }),
      () => client.goodDollar.prepareReserveSwap(from, "USDm", "G$", "1", { signal }),
    ] as (() => Promise<unknown>)[]) {
      const aborted = await counted(call);
      expect(aborted.requests).toBe(0);
      expect(aborted.value).toBeInstanceOf(RequestAbortedError);
    }
  });

  it("refuses bad input before any request and a short balance in one", async () => {
    const carol = await freshAccount(devnet);
    for (const call of [
      () => client.goodDollar.getReserveQuote("USDC", "G$", "1"),
      () => client.goodDollar.getReserveQuote("G$", "G$", "1"),
      () => client.goodDollar.prepareReserveSwap(carol.address, "USDm", "G$", "1", { slippageBps: 9000 }),
      () => client.goodDollar.prepareClaim("0x123"),
    ] as (() => Promise<unknown>)[]) {
      const bad = await counted(call);
      expect(bad.requests).toBe(0);
      expect(bad.value).toBeInstanceOf(Error);
      expect((bad.value as Error).name).toMatch(/InvalidArgumentError|InvalidAddressError/);
    }
    expect((await counted(() => client.goodDollar.getReserveQuote("USDC", "G$", "1"))).value).toBeInstanceOf(
      InvalidArgumentError,
    );
    const short = await counted(() => client.goodDollar.prepareReserveSwap(carol.address, "USDm", "G$", "1"));
    expect(short.requests).toBe(1);
    expect(short.value).toBeInstanceOf(InsufficientBalanceError);
  });
});
