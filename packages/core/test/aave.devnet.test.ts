// client.aave on the devnet's Aave v3 market (the published v3.0.2 bytecode at the Celo mainnet addresses), flows
// signed by a plain viem wallet. Every prepare and read goes through a counting proxy.
import { checkAttributionInCalldata } from "@preflow/attribution";
import { AAVE_ADDRESSES, AAVE_RESERVES, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  maxUint256,
  multicall3Abi,
  parseUnits,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AAVE_V3_ADDRESSES,
  AaveReadError,
  AmountExceedsPositionError,
  aaveV3PoolAbi,
  BorrowLimitExceededError,
  createSdkClient,
  HealthFactorTooLowError,
  InsufficientBalanceError,
  NoLendingPositionError,
  parsePreparedFlow,
  RequestAbortedError,
  type SerializedPreparedFlow,
  TOKENS,
} from "../src/index.js";
import { devnetClients, executeFlow, freshAccount, fund } from "./support/wallet.js";

const devnet = useDevnet();
const TAGS = ["aave_test"];
let proxy: FaultProxy;
let client: ReturnType<typeof makeClient>;

/** `client.aave` is part of createSdkClient (the bad-input test covers `createSdkBaseClient().extend(aaveActions)`). */
function makeClient(rpcUrl: string) {
  return createSdkClient({ rpcUrl, attributionTags: TAGS, analyticsEnabled: false });
}

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = makeClient(proxy.url);
});
afterAll(async () => {
  await proxy.close();
});

/** Runs `fn` and returns what it returned (or threw) and the HTTP requests it cost. */
async function counted<T>(
  fn: () => Promise<T>,
): Promise<{ value: T | unknown; requests: number; methods: string[] }> {
  proxy.reset();
  let value: T | unknown;
  try {
    value = await fn();
  } catch (error) {
    value = error;
  }
  return { value, requests: proxy.requests, methods: proxy.methods };
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

function expectLendingFlow(
  flow: SerializedPreparedFlow,
  kind: "supply" | "withdraw" | "borrow" | "repay",
  token: Address,
  amount: bigint,
): void {
  expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
  expect(flow.intent).toEqual({ kind, protocol: "aave-v3", token, amount: amount.toString() });
  expect(BigInt(flow.preparedAt!.blockNumber)).toBeGreaterThan(0n);
  const last = flow.steps.at(-1)!;
  expect(last.to).toBe(AAVE_V3_ADDRESSES.pool);
  expect(last.call?.contract).toBe("Aave v3 Pool");
  expect(last.call?.functionName).toBe(kind);
  const decoded = decodeFunctionData({ abi: aaveV3PoolAbi, data: last.data });
  expect(decoded.functionName).toBe(kind);
  expect(decoded.args[0]).toBe(token);
  expect(decoded.args[1]).toBe(amount);
  for (const step of flow.steps) {
    expect(checkAttributionInCalldata(step.data)).toEqual({
      found: true,
      tags: ["aave_test"],
      platform: true,
    });
  }
}

describe("supply, positions, withdraw", () => {
  it("supplies USDC (approve + supply), getPositions shows it, withdraw max returns everything", async () => {
    const alice = await freshAccount(devnet, { CELO: "10", USDC: "250" });
    const usdc = TOKENS.USDC.address;

    const supply = await counted(() => client.aave.prepareSupply(alice.address, "USDC", "200"));
    expect(supply.requests).toBe(1);
    const flow = supply.value as SerializedPreparedFlow;
    expectLendingFlow(flow, "supply", usdc, 200_000_000n);
    expect(flow.steps).toHaveLength(2);
    expect(flow.steps[0]!.call).toEqual({
      contract: "USDC",
      functionName: "approve",
      args: [AAVE_V3_ADDRESSES.pool, "200000000"],
    });
    expect(flow.steps[0]!.description).toBe("Approve Aave v3 Pool to spend 200 USDC");
    expect(flow.steps[1]!.call?.args).toEqual([usdc, "200000000", alice.address, 0]);
    await executeFlow(devnet, alice.privateKey, flow);

    expect(await balanceOf(AAVE_RESERVES.USDC.aToken, alice.address)).toBe(200_000_000n);
    const read = await counted(() => client.aave.getPositions(alice.address));
    expect(read.requests).toBe(1);
    const positions = read.value as Awaited<ReturnType<typeof client.aave.getPositions>>;
    expect(positions.reserves.map((reserve) => reserve.token.symbol)).toEqual([
      "USDC",
      "USDT",
      "EURm",
      "USDm",
      "CELO",
      "WETH",
    ]);
    const usdcPosition = positions.reserves[0]!;
    expect(usdcPosition.supplied.value).toBeGreaterThanOrEqual(200_000_000n);
    expect(usdcPosition.supplied.value).toBeLessThan(200_001_000n);
    expect(usdcPosition.borrowed).toEqual({ value: 0n, formatted: "0" });
    expect(usdcPosition.usedAsCollateral).toBe(true);
    expect(usdcPosition.aToken).toBe(AAVE_RESERVES.USDC.aToken);
    expect(usdcPosition.variableDebtToken).toBe(AAVE_RESERVES.USDC.variableDebtToken);
    expect(usdcPosition.liquidationThreshold).toBe(AAVE_RESERVES.USDC.liquidationThreshold);
    expect(usdcPosition.ltv).toBe(AAVE_RESERVES.USDC.ltv);
    expect(usdcPosition.price).toEqual({ value: 100_000_000n, formatted: "1" });
    for (const other of positions.reserves.slice(1)) expect(other.supplied.value).toBe(0n);
    expect(positions.account.totalCollateral.formatted).toBe("200");
    expect(positions.account.totalDebt.value).toBe(0n);
    expect(positions.account.availableBorrows.formatted).toBe("150"); // 200 × 75 %
    expect(positions.account.liquidationThreshold).toBe(7800);
    expect(positions.account.healthFactor).toBeNull();
    expect(positions.otherReserves).toEqual([]);

    // The allowance is used up: a second supply approves again, and only for its own amount.
    const again = await client.aave.prepareSupply(alice.address, "usdc", "50");
    expect(again.steps.map((step) => step.call?.functionName)).toEqual(["approve", "supply"]);
    expect(again.steps[0]!.call?.args).toEqual([AAVE_V3_ADDRESSES.pool, "50000000"]);

    const withdraw = await counted(() => client.aave.prepareWithdraw(alice.address, "USDC", "max"));
    expect(withdraw.requests).toBe(1);
    const withdrawFlow = withdraw.value as SerializedPreparedFlow;
    expectLendingFlow(withdrawFlow, "withdraw", usdc, maxUint256);
    expect(withdrawFlow.steps).toHaveLength(1);
    expect(withdrawFlow.steps[0]!.description).toMatch(/^Withdraw all supplied USDC \(200(\.\d+)? now/);
    await executeFlow(devnet, alice.privateKey, withdrawFlow);
    expect(await balanceOf(AAVE_RESERVES.USDC.aToken, alice.address)).toBe(0n);
    expect(await balanceOf(usdc, alice.address)).toBeGreaterThanOrEqual(250_000_000n);

    const nothing = await counted(() => client.aave.prepareWithdraw(alice.address, "USDC", "max"));
    expect(nothing.requests).toBe(1);
    expect(nothing.value).toBeInstanceOf(NoLendingPositionError);
  });

  it("skips the approve step when the allowance covers the amount; refuses a supply above the balance", async () => {
    const bob = await freshAccount(devnet, { CELO: "10", USDm: "40" });
    const { wallet, publicClient } = devnetClients(devnet, bob.privateKey);
    const hash = await wallet.writeContract({
      address: TOKENS.USDm.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [AAVE_V3_ADDRESSES.pool, parseUnits("30", 18)],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    const flow = await client.aave.prepareSupply(bob.address, "cUSD", "30");
    expect(flow.steps.map((step) => step.call?.functionName)).toEqual(["supply"]);
    expect(flow.summary).toBe(`Supply 30 USDm to Aave v3 from ${bob.address}`);

    const short = await counted(() => client.aave.prepareSupply(bob.address, "USDm", "40.5"));
    expect(short.requests).toBe(1);
    expect(short.value).toBeInstanceOf(InsufficientBalanceError);
    expect((short.value as InsufficientBalanceError).details).toMatchObject({
      haveFormatted: "40",
      needFormatted: "40.5",
    });
  });
});

describe("borrow and repay against USDC collateral", () => {
  it("borrows USDm, refuses over the limit and below the floor, repays max, leaves no debt", async () => {
    const carol = await freshAccount(devnet, { CELO: "10", USDC: "1000" });
    await executeFlow(
      devnet,
      carol.privateKey,
      await client.aave.prepareSupply(carol.address, "USDC", "1000"),
    );
    // Collateral 1,000 USD; LTV 75 % → 750 available; liquidation threshold 78 %.

    const overLimit = await counted(() => client.aave.prepareBorrow(carol.address, "USDm", "750.01"));
    expect(overLimit.requests).toBe(1);
    expect(overLimit.methods).toEqual(["eth_call"]);
    expect(overLimit.value).toBeInstanceOf(BorrowLimitExceededError);
    expect((overLimit.value as BorrowLimitExceededError).details).toMatchObject({
      token: "USDm",
      amount: "750.01",
      availableUsd: "750",
      availableInToken: "750",
    });

    // 740 USDm is within the limit but leaves 780 / 740 = 1.054 < 1.1 (the default floor).
    const belowFloor = await counted(() => client.aave.prepareBorrow(carol.address, "USDm", "740"));
    expect(belowFloor.requests).toBe(1);
    expect(belowFloor.value).toBeInstanceOf(HealthFactorTooLowError);
    const floorError = belowFloor.value as HealthFactorTooLowError;
    expect(floorError.details).toMatchObject({ operation: "borrow", floor: "1.1", current: null });
    expect(floorError.details.healthFactor).toMatch(/^1\.054/);
    expect(floorError.message).toContain("about 1.054");
    // A lower floor lets it through.
    const lowFloor = await client.aave.prepareBorrow(carol.address, "USDm", "740", {
      healthFactorFloor: 1.05,
    });
    expect(lowFloor.steps).toHaveLength(1);

    const borrow = await counted(() => client.aave.prepareBorrow(carol.address, "USDm", "600"));
    expect(borrow.requests).toBe(1);
    const borrowFlow = borrow.value as SerializedPreparedFlow;
    expectLendingFlow(borrowFlow, "borrow", TOKENS.USDm.address, parseUnits("600", 18));
    expect(borrowFlow.steps[0]!.call?.args).toEqual([
      TOKENS.USDm.address,
      parseUnits("600", 18).toString(),
      "2",
      0,
      carol.address,
    ]);
    await executeFlow(devnet, carol.privateKey, borrowFlow);
    expect(await balanceOf(TOKENS.USDm.address, carol.address)).toBe(parseUnits("600", 18));

    const positions = await client.aave.getPositions(carol.address);
    const usdm = positions.reserves.find((reserve) => reserve.token.symbol === "USDm")!;
    expect(usdm.borrowed.value).toBeGreaterThanOrEqual(parseUnits("600", 18));
    expect(positions.account.totalDebt.formatted).toMatch(/^600(\.\d+)?$/);
    // 1,000 × 78 % / 600 = 1.3
    expect(positions.account.healthFactor!.formatted).toMatch(/^1\.(29|3)/);

    // Withdrawing 300 USDC would leave 700 × 78 % / 600 = 0.91: refused before anything is sent.
    const breaking = await counted(() => client.aave.prepareWithdraw(carol.address, "USDC", "300"));
    expect(breaking.requests).toBe(1);
    expect(breaking.methods).toEqual(["eth_call"]);
    expect(breaking.value).toBeInstanceOf(HealthFactorTooLowError);
    expect((breaking.value as HealthFactorTooLowError).details).toMatchObject({
      operation: "withdraw",
      floor: "1",
    });
    expect((breaking.value as HealthFactorTooLowError).details.healthFactor).toMatch(/^0\.9/);
    // "max" too; 150 USDC leaves 850 × 78 % / 600 = 1.105: fine at the default floor of 1.0, not at 1.2.
    await expect(client.aave.prepareWithdraw(carol.address, "USDC", "max")).rejects.toBeInstanceOf(
      HealthFactorTooLowError,
    );
    await expect(
      client.aave.prepareWithdraw(carol.address, "USDC", "150", { healthFactorFloor: "1.2" }),
    ).rejects.toBeInstanceOf(HealthFactorTooLowError);
    const partial = await client.aave.prepareWithdraw(carol.address, "USDC", "150");
    await executeFlow(devnet, carol.privateKey, partial);

    // More than the debt is refused; the exact debt plus margin must be covered by the balance.
    const tooMuch = await counted(() => client.aave.prepareRepay(carol.address, "USDm", "700"));
    expect(tooMuch.requests).toBe(1);
    expect(tooMuch.value).toBeInstanceOf(AmountExceedsPositionError);
    const short = await counted(() => client.aave.prepareRepay(carol.address, "USDm", "max"));
    expect(short.value).toBeInstanceOf(InsufficientBalanceError); // holds 600, owes 600 + interest (+ 0.1 %)

    await fund(devnet, carol.address, "USDm", "5");
    const repay = await counted(() => client.aave.prepareRepay(carol.address, "USDm", "max"));
    expect(repay.requests).toBe(1);
    const repayFlow = repay.value as SerializedPreparedFlow;
    expectLendingFlow(repayFlow, "repay", TOKENS.USDm.address, maxUint256);
    expect(repayFlow.steps).toHaveLength(2);
    const approved = BigInt(repayFlow.steps[0]!.call!.args[1] as string);
    const debt = (await client.aave.getPositions(carol.address)).reserves[3]!.borrowed.value;
    expect(approved).toBeGreaterThan(debt);
    expect(approved).toBeLessThanOrEqual(debt + debt / 1000n + 1n);
    expect(repayFlow.steps[0]!.description).toMatch(
      /^Approve Aave v3 Pool to spend 600\.6\d* USDm: the debt of 600(\.\d+)? USDm plus 0\.6\d* \(0\.1 %\) for interest accrued until the repayment is included$/,
    );
    expect(repayFlow.steps[1]!.call?.args).toEqual([
      TOKENS.USDm.address,
      maxUint256.toString(),
      "2",
      carol.address,
    ]);
    await executeFlow(devnet, carol.privateKey, repayFlow);

    expect(await balanceOf(AAVE_RESERVES.USDm.variableDebtToken, carol.address)).toBe(0n);
    const after = await client.aave.getPositions(carol.address);
    expect(after.account.totalDebt.value).toBe(0n);
    expect(after.account.healthFactor).toBeNull();
    await expect(client.aave.prepareRepay(carol.address, "USDm", "max")).rejects.toBeInstanceOf(
      NoLendingPositionError,
    );
  });
});

describe("one HTTP request each; strict reads", () => {
  it("costs one request per call on a cold client (chain check folded in) and on a warm one", async () => {
    const dave = await freshAccount(devnet, { CELO: "10", USDC: "100", USDm: "10" });
    await executeFlow(devnet, dave.privateKey, await client.aave.prepareSupply(dave.address, "USDC", "100"));
    await executeFlow(devnet, dave.privateKey, await client.aave.prepareBorrow(dave.address, "USDm", "5"));
    const calls: Record<string, (c: typeof client) => Promise<unknown>> = {
      getPositions: (c: typeof client) => c.aave.getPositions(dave.address),
      prepareSupply: (c: typeof client) => c.aave.prepareSupply(dave.address, "USDm", "1"),
      prepareWithdraw: (c: typeof client) => c.aave.prepareWithdraw(dave.address, "USDC", "10"),
      prepareBorrow: (c: typeof client) => c.aave.prepareBorrow(dave.address, "USDm", "1"),
      prepareRepay: (c: typeof client) => c.aave.prepareRepay(dave.address, "USDm", "max"),
    };
    for (const [name, call] of Object.entries(calls)) {
      const cold = makeClient(proxy.url);
      const first = await counted<unknown>(() => call(cold));
      expect(first.value, name).not.toBeInstanceOf(Error);
      expect(first.requests, name).toBe(1);
      expect(first.methods, name).toEqual(["eth_chainId", "eth_call"]);
      const second = await counted<unknown>(() => call(cold));
      expect(second.requests, name).toBe(1);
      expect(second.methods, name).toEqual(["eth_call"]);
    }
  });

  it("an over-long Aave result inside the Multicall3 answer is an AaveReadError, not a wrong number", async () => {
    const erin = await freshAccount(devnet, { CELO: "1" });
    const bad = await startFaultProxy({ upstream: devnet.rpcUrl });
    try {
      // Append a word to the first inner result (getUserAccountData) of every aggregate3 answer.
      bad.inject({
        method: "eth_call",
        fault: {
          kind: "rewrite-result",
          rewrite: (result) => {
            const decoded = decodeFunctionResult({
              abi: multicall3Abi,
              functionName: "aggregate3",
              data: result as Hex,
            });
            const [first, ...rest] = decoded;
            return encodeFunctionResult({
              abi: multicall3Abi,
              functionName: "aggregate3",
              result: [{ ...first!, returnData: `${first!.returnData}${"00".repeat(32)}` as Hex }, ...rest],
            });
          },
        },
      });
      const strict = makeClient(bad.url);
      const error = await strict.aave.getPositions(erin.address).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AaveReadError);
      expect((error as AaveReadError).details).toMatchObject({
        contract: "Aave v3 Pool",
        functionName: "getUserAccountData",
        reason:
          "returned 224 bytes, not the 192 bytes of the canonical ABI encoding of (uint256,uint256,uint256,uint256,uint256,uint256) (inside Multicall3 aggregate3)",
      });
      await expect(strict.aave.prepareBorrow(erin.address, "USDm", "1")).rejects.toBeInstanceOf(
        AaveReadError,
      );
    } finally {
      await bad.close();
    }
  });

  it("an aborted signal sends nothing: RequestAbortedError", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const from = (await freshAccount(devnet, { CELO: "1" })).address;
    const aborted = await counted(() =>
      client.aave.prepareSupply(from, "USDC", "1", { signal: controller.signal }),
    );
    expect(aborted.requests).toBe(0);
    expect(aborted.value).toBeInstanceOf(RequestAbortedError);
    const read = await counted(() => client.aave.getPositions(from, { signal: controller.signal }));
    expect(read.requests).toBe(0);
    expect(read.value).toBeInstanceOf(RequestAbortedError);
  });
});

describe("the devnet market is the one core expects", () => {
  it("core's addresses are the devnet's", () => {
    expect(AAVE_V3_ADDRESSES).toMatchObject({
      pool: AAVE_ADDRESSES.pool,
      oracle: AAVE_ADDRESSES.oracle,
      protocolDataProvider: AAVE_ADDRESSES.protocolDataProvider,
      poolAddressesProvider: AAVE_ADDRESSES.poolAddressesProvider,
    });
  });
});
