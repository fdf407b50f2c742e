// formatPreparedFlow: the preview from intent and calls, the description for older flows, and the simulation.

import { encodeFunctionData, erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { toJsonValue } from "../src/flow/toJsonValue.js";
import {
  formatPreparedFlow,
  InvalidPreparedFlowError,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
  TOKENS,
  uniswapSwapRouter02Abi,
} from "../src/index.js";

const FROM = "0x1111111111111111111111111111111111111111";
const ROUTER = "0x5615CDAb10dc425a742d643d949a7F474C01abc4";
const USDC = TOKENS.USDC.address;
const USDM = TOKENS.USDm.address;

const DEADLINE = 1767225600n;
const PARAMS = {
  tokenIn: USDC,
  tokenOut: USDM,
  fee: 100,
  recipient: FROM,
  amountIn: 100000000n,
  amountOutMinimum: 99400000000000000000n,
  sqrtPriceLimitX96: 0n,
} as const;

/** A swap flow as prepareSwap makes it: real calldata, and `call`/`intent` that say what it does. */
function swapFlow(recipient: `0x${string}` = FROM): SerializedPreparedFlow {
  const params = { ...PARAMS, recipient };
  const inner = encodeFunctionData({
    abi: uniswapSwapRouter02Abi,
    functionName: "exactInputSingle",
    args: [params],
  });
  return {
    preparedFlow: true,
    chainId: 42220,
    from: FROM,
    summary: "Swap 100 USDC for USDm on Uniswap",
    steps: [
      {
        kind: "erc20",
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [ROUTER, 100000000n] }),
        value: "0",
        description: "Approve Uniswap SwapRouter02 to spend 100 USDC",
        call: { contract: "USDC", functionName: "approve", args: [ROUTER, "100000000"] },
      },
      {
        kind: "contract",
        to: ROUTER,
        data: encodeFunctionData({
          abi: uniswapSwapRouter02Abi,
          functionName: "multicall",
          args: [DEADLINE, [inner]],
        }),
        value: "0",
        description: "Swap on Uniswap",
        call: {
          contract: "Uniswap SwapRouter02",
          functionName: "multicall",
          args: [DEADLINE.toString(), [{ functionName: "exactInputSingle", args: [toJsonValue(params)] }]],
        },
      },
    ],
    intent: {
      kind: "swap",
      venue: "uniswap",
      tokenIn: USDC,
      tokenOut: USDM,
      amountIn: "100000000",
      expectedAmountOut: "99900000000000000000",
      minAmountOut: "99400000000000000000",
      deadline: DEADLINE.toString(),
      route: [USDC, 100, USDM],
      recipient,
    },
    preparedAt: { blockNumber: "1234" },
  };
}
const swap = swapFlow();

/** The simulation of `swap` paying its fee in CELO, as simulatePreparedFlow returns it. */
function swapSimulation(): SimulatePreparedFlowReturnType {
  return {
    success: true,
    chainId: 42220,
    account: FROM,
    blockNumber: "1235",
    failedStep: null,
    steps: [
      { index: 0, description: "", to: USDC, status: "success", gasUsed: "46000", effects: [] },
      { index: 1, description: "", to: ROUTER, status: "success", gasUsed: "130703", effects: [] },
    ],
    balanceChanges: [
      { address: FROM, token: USDC, symbol: "USDC", decimals: 6, delta: "-100000000", formatted: "-100" },
      {
        address: FROM,
        token: USDM,
        symbol: "USDm",
        decimals: 18,
        delta: "99900000000000000000",
        formatted: "99.9",
      },
    ],
    allowanceChanges: [
      {
        token: USDC,
        symbol: "USDC",
        owner: FROM,
        spender: ROUTER,
        before: { value: "0", formatted: "0" },
        after: { value: "0", formatted: "0" },
      },
    ],
    fee: {
      currency: "CELO",
      token: "0x471EcE3750Da237f93B8E339c536989b8978a438",
      decimals: 18,
      feeCurrency: null,
      gasUsed: "176703",
      baseFeePerGas: "25000000000",
      cost: "4417575000000000",
      formatted: "0.004417575",
    },
  };
}

describe("formatPreparedFlow", () => {
  it("says what a swap flow does, from its intent and calls, and that it is not simulated", () => {
    expect(formatPreparedFlow(swap).split("\n")).toEqual([
      "Swap 100 USDC for USDm on Uniswap (2 steps, chain 42220)",
      `From ${FROM}, prepared at block 1234`,
      "Swap on Uniswap: you send 100 USDC, you receive at least 99.4 USDm (expected 99.9 USDm), deadline 2026-01-01T00:00:00Z (unix 1767225600)",
      "Steps:",
      `  1. Approve Uniswap SwapRouter02 (${ROUTER}) to spend exactly 100 USDC`,
      `  2. Call Uniswap SwapRouter02 (${ROUTER}): multicall(1767225600, [{ functionName: exactInputSingle, args: [{ tokenIn: USDC, tokenOut: USDm, fee: 100, recipient: ${FROM}, amountIn: 100000000, amountOutMinimum: 99400000000000000000, sqrtPriceLimitX96: 0 }] }])`,
      "Not simulated: simulatePreparedFlow shows the balance changes, reverts and fee before signing.",
    ]);
  });

  it("names the recipient of a swap's output when it is not the sender", () => {
    const other = "0x2222222222222222222222222222222222222222";
    const toOther = swapFlow(other);
    expect(formatPreparedFlow(toOther).split("\n")[2]).toBe(
      `Swap on Uniswap: you send 100 USDC, ${other} receives at least 99.4 USDm (expected 99.9 USDm), deadline 2026-01-01T00:00:00Z (unix 1767225600)`,
    );
    const toSelf = swapFlow(FROM);
    expect(formatPreparedFlow(toSelf).split("\n")[2]).toContain("you receive at least 99.4 USDm");
  });

  it("refuses to preview a flow whose call or intent lies about its calldata, or anything that is not a flow", () => {
    const evil = "0x000000000000000000000000000000000000BAd0";
    const tampered = structuredClone(swap);
    tampered.steps[0]!.data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [evil, 10n ** 30n],
    });
    expect(() => formatPreparedFlow(tampered)).toThrow(InvalidPreparedFlowError);
    expect(() => formatPreparedFlow(tampered)).toThrow(
      `steps[0].call: says approve("${ROUTER}", "100000000") but the calldata is transfer("${evil}"`,
    );
    expect(() => formatPreparedFlow({ nope: 1 } as never)).toThrow(InvalidPreparedFlowError);
  });

  it("describes a step without call from its calldata when preflow can read it, not from its free text", () => {
    const evil = "0x000000000000000000000000000000000000BAd0";
    const flow: SerializedPreparedFlow = {
      preparedFlow: true,
      chainId: 42220,
      from: FROM,
      summary: "A send",
      steps: [
        {
          kind: "erc20",
          to: USDM,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [evil, 2n ** 256n - 1n] }),
          value: "0",
          description: "Transfer 1 USDm to a friend",
        },
      ],
    };
    expect(formatPreparedFlow(flow).split("\n")[3]).toBe(
      `  1. Approve ${evil} to spend an UNLIMITED amount of USDm`,
    );
  });

  it("falls back to the description for flows without call and intent; says unlimited and revoke loudly", () => {
    const old: SerializedPreparedFlow = {
      preparedFlow: true,
      chainId: 42220,
      from: FROM,
      summary: "Old flow",
      steps: [
        { kind: "contract", to: ROUTER, data: "0x", value: "500000000000000000", description: "Do a thing" },
        {
          kind: "erc20",
          to: USDC,
          data: "0x",
          value: "0",
          description: "x",
          call: { contract: "USDC", functionName: "approve", args: [ROUTER, (2n ** 256n - 1n).toString()] },
        },
        {
          kind: "erc20",
          to: USDC,
          data: "0x",
          value: "0",
          description: "x",
          call: { contract: "USDC", functionName: "approve", args: [ROUTER, "0"] },
        },
      ],
    };
    const lines = formatPreparedFlow(old).split("\n");
    expect(lines[2]).toBe("Steps:");
    expect(lines[3]).toBe("  1. Do a thing, sending 0.5 CELO");
    expect(lines[4]).toBe(
      `  2. Approve Uniswap SwapRouter02 (${ROUTER}) to spend an UNLIMITED amount of USDC`,
    );
    expect(lines[5]).toBe(`  3. Revoke Uniswap SwapRouter02 (${ROUTER})'s USDC allowance`);
  });

  it("adds the simulation: outcome per step, balance and allowance changes, fee", () => {
    const simulation = swapSimulation();
    const text = formatPreparedFlow(swap, simulation);
    expect(text.split("\n").slice(6)).toEqual([
      "Simulated on block 1235: every step succeeds",
      "  1. success, gas 46,000",
      "  2. success, gas 130,703",
      "Balance changes:",
      `  you (${FROM}): -100 USDC`,
      `  you (${FROM}): +99.9 USDm`,
      "Allowances:",
      `  USDC: you (${FROM}) → Uniswap SwapRouter02 (${ROUTER}): 0 → 0 (nothing left to spend)`,
      "Fee: 176,703 gas ≈ 0.004417575 CELO at base fee 25 gwei (plus any priority fee)",
    ]);
  });

  it("says a sponsored flow's fee is sponsored, with no CELO amount the account does not pay", () => {
    const simulated = formatPreparedFlow(swap, swapSimulation(), { sponsored: true });
    expect(simulated.split("\n").at(-1)).toBe(
      "Fee: sponsored (a gas sponsor pays it; the account pays no fee)",
    );
    expect(simulated).not.toMatch(/CELO|gwei/);
    const withFee = {
      ...swap,
      steps: swap.steps.map((step) => ({ ...step, feeCurrency: feeInUsdc.feeCurrency })),
      fee: feeInUsdc,
    };
    const preview = formatPreparedFlow(withFee, undefined, { sponsored: true });
    expect(preview).toContain("Fee: sponsored");
    expect(preview).not.toMatch(/Fee ≈|CELO/);
    // without the option, the same flow's fee is named in the currency that pays it, never CELO
    expect(formatPreparedFlow(withFee)).toContain("Fee ≈ 0.0021 USDC (estimated; at most 0.0042 USDC)");
    expect(formatPreparedFlow(withFee)).not.toMatch(/CELO/);
  });

  it("refuses unknown options and a sponsored that is not a boolean, naming them", () => {
    expect(() => formatPreparedFlow(swap, undefined, { sponsor: true } as never)).toThrow(/sponsor/);
    expect(() => formatPreparedFlow(swap, undefined, { sponsored: "yes" } as never)).toThrow(
      /options\.sponsored.*must be a boolean/,
    );
  });
});

const feeInUsdc = {
  currency: "USDC",
  feeCurrency: "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B",
  gas: "180000",
  maxFeePerGas: "1000",
  maxPriorityFeePerGas: "10",
  estimated: "2100",
  max: "4200",
} as const;
