// The swap decoders of the spending policy: SwapRouter02 (exactInputSingle, exactInput, both multicalls) and the
// Mento Router's swapExactTokensForTokens, as core encodes them; strict about the router, the encoding and length.
import {
  encodeUniswapPath,
  MENTO_ADDRESSES,
  mentoRouterAbi,
  TOKENS,
  UNISWAP_ADDRESSES,
  uniswapSwapRouter02Abi,
} from "@preflow/core";
import fc from "fast-check";
import { type Address, encodeFunctionData, type Hex, zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { checkPolicy } from "../src/policy/checkPolicy.js";
import { decodeFlow } from "../src/policy/decodeFlow.js";
import type { LoadedPolicy } from "../src/policy/loadPolicy.js";

const ROUTER = UNISWAP_ADDRESSES.swapRouter02;
const MENTO = MENTO_ADDRESSES.router;
const { USDC, USDm, USDT } = TOKENS;
const ME = "0x1111111111111111111111111111111111111111" as Address;
const single = encodeFunctionData({
  abi: uniswapSwapRouter02Abi,
  functionName: "exactInputSingle",
  args: [
    {
      tokenIn: USDC.address,
      tokenOut: USDm.address,
      fee: 100,
      recipient: ME,
      amountIn: 7_000_000n,
      amountOutMinimum: 1n,
      sqrtPriceLimitX96: 0n,
    },
  ],
});
const multiHop = encodeFunctionData({
  abi: uniswapSwapRouter02Abi,
  functionName: "exactInput",
  args: [
    {
      path: encodeUniswapPath({ tokens: [USDT.address, USDC.address, USDm.address], fees: [100, 100] }),
      recipient: ME,
      amountIn: 3_000_000n,
      amountOutMinimum: 1n,
    },
  ],
});
const withDeadline = (inner: Hex[]) =>
  encodeFunctionData({
    abi: uniswapSwapRouter02Abi,
    functionName: "multicall",
    args: [1_800_000_000n, inner],
  });
const mentoSwap = encodeFunctionData({
  abi: mentoRouterAbi,
  functionName: "swapExactTokensForTokens",
  args: [
    5_000_000n,
    1n,
    [
      { from: USDC.address, to: USDm.address, factory: zeroAddress },
      { from: USDm.address, to: TOKENS.EURm.address, factory: zeroAddress },
    ],
    ME,
    1_800_000_000n,
  ],
});
const approve = (spender: Address, amount: bigint) =>
  `0x095ea7b3${spender.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}` as Hex;

describe("swap decoders", () => {
  it("recognise SwapRouter02 multicall(deadline, [exactInputSingle]) and [exactInput]: a known call, a pull of amount in, the output to its recipient", () => {
    const effects = decodeFlow([
      { to: ROUTER, data: withDeadline([single]), value: "0" },
      { to: ROUTER, data: withDeadline([multiHop]), value: "0" },
      { to: ROUTER, data: single, value: "0" },
    ]);
    expect(effects).toEqual([
      expect.objectContaining({
        kind: "call",
        step: 0,
        known: true,
        label: "Uniswap SwapRouter02 multicall(exactInputSingle)",
      }),
      { kind: "pull", step: 0, token: USDC.address, spender: ROUTER, amount: 7_000_000n },
      { kind: "deliver", step: 0, to: ME, label: "Uniswap swap output" },
      expect.objectContaining({
        kind: "call",
        step: 1,
        known: true,
        label: "Uniswap SwapRouter02 multicall(exactInput)",
      }),
      { kind: "pull", step: 1, token: USDT.address, spender: ROUTER, amount: 3_000_000n },
      { kind: "deliver", step: 1, to: ME, label: "Uniswap swap output" },
      expect.objectContaining({
        kind: "call",
        step: 2,
        known: true,
        label: "Uniswap SwapRouter02 exactInputSingle",
      }),
      { kind: "pull", step: 2, token: USDC.address, spender: ROUTER, amount: 7_000_000n },
      { kind: "deliver", step: 2, to: ME, label: "Uniswap swap output" },
    ]);
  });

  it("recognise multicall(bytes[]) without a deadline, with two swaps", () => {
    const data = `0xac9650d8${encodeFunctionData({
      abi: [
        {
          type: "function",
          name: "m",
          inputs: [{ name: "d", type: "bytes[]" }],
          outputs: [],
          stateMutability: "payable",
        },
      ],
      functionName: "m",
      args: [[single, multiHop]],
    }).slice(10)}` as Hex;
    const effects = decodeFlow([{ to: ROUTER, data, value: "0" }]);
    expect(effects.filter((effect) => effect.kind === "pull")).toHaveLength(2);
    expect(effects[0]).toMatchObject({ kind: "call", known: true });
  });

  it("recognise the Mento Router's swapExactTokensForTokens: a pull of the first route's token, the output to `to`", () => {
    expect(decodeFlow([{ to: MENTO, data: mentoSwap, value: "0" }])).toEqual([
      expect.objectContaining({ kind: "call", known: true, label: "Mento Router swapExactTokensForTokens" }),
      { kind: "pull", step: 0, token: USDC.address, spender: MENTO, amount: 5_000_000n },
      { kind: "deliver", step: 0, to: ME, label: "Mento swap output" },
    ]);
  });

  it("leave unrecognised: another address, another inner call, trailing or missing bytes", () => {
    const cases: { to: Address; data: Hex }[] = [
      { to: ME, data: withDeadline([single]) }, // same calldata, not the router
      { to: MENTO, data: withDeadline([single]) },
      { to: ROUTER, data: mentoSwap },
      { to: ROUTER, data: withDeadline([single, "0x12345678"]) }, // an inner call that is not a swap
      { to: ROUTER, data: withDeadline([]) },
      { to: ROUTER, data: `${withDeadline([single])}00` as Hex },
      { to: ROUTER, data: withDeadline([single]).slice(0, -64) as Hex },
      { to: MENTO, data: `${mentoSwap}${"00".repeat(32)}` as Hex },
    ];
    for (const { to, data } of cases) {
      const effects = decodeFlow([{ to, data, value: "0" }]);
      expect(effects, data.slice(0, 20)).toEqual([expect.objectContaining({ kind: "call", known: false })]);
    }
  });

  it("never throw on garbage after a swap selector", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.constantFrom("5ae401dc", "ac9650d8", "04e45aaf", "b858183f", mentoSwap.slice(2, 10)),
        fc.constantFrom(ROUTER, MENTO),
        (bytes, selector, to) => {
          const data = `0x${selector}${Buffer.from(bytes).toString("hex")}` as Hex;
          expect(() => decodeFlow([{ to, data, value: "0" }])).not.toThrow();
        },
      ),
    );
  });

  it("count an approve + swap once against a cap, and need no allow.contracts entry for the routers", () => {
    const USDC_KEY = USDC.address.toLowerCase();
    const policy: LoadedPolicy = {
      file: "p.json",
      caps: new Map([
        [USDC_KEY, { key: "USDC", symbol: "USDC", address: USDC_KEY, decimals: 6, perCall: 7_000_000n }],
      ]),
      allow: { contracts: [], spenders: [ROUTER.toLowerCase(), MENTO.toLowerCase()] },
      allowUnlimitedApprovals: false,
      ledger: undefined,
      format: (amount) => (Number(amount) / 1e6).toString(),
      symbol: (token) => token,
    };
    const within = checkPolicy(
      policy,
      decodeFlow([
        { to: USDC.address, data: approve(ROUTER, 7_000_000n), value: "0" },
        { to: ROUTER, data: withDeadline([single]), value: "0" },
      ]),
      TOKENS.CELO.address.toLowerCase(),
    );
    expect(within.violations).toEqual([]);
    expect(within.totals.get(USDC_KEY)).toBe(7_000_000n);
    // Without the approval step (an allowance from before), the swap's pull still counts.
    const over = checkPolicy(
      { ...policy, caps: new Map([[USDC_KEY, { ...policy.caps.get(USDC_KEY)!, perCall: 4_000_000n }]]) },
      decodeFlow([{ to: MENTO, data: mentoSwap, value: "0" }]),
      TOKENS.CELO.address.toLowerCase(),
    );
    expect(over.violations.map((violation) => violation.rule)).toEqual(["caps.USDC.perCall"]);
  });

  it("send a swap's output only to the flow's own account or an allowed recipient", () => {
    const STRANGER = "0x2222222222222222222222222222222222222222" as Address;
    const toStranger = encodeFunctionData({
      abi: mentoRouterAbi,
      functionName: "swapExactTokensForTokens",
      args: [5_000_000n, 1n, [{ from: USDC.address, to: USDm.address, factory: zeroAddress }], STRANGER, 1n],
    });
    const policy: LoadedPolicy = {
      file: "p.json",
      caps: new Map(),
      allow: { recipients: [ME.toLowerCase()] },
      allowUnlimitedApprovals: false,
      ledger: undefined,
      format: (amount) => amount.toString(),
      symbol: (token) => token,
    };
    const celo = TOKENS.CELO.address.toLowerCase();
    const rules = (to: Address, data: Hex, from: Address) =>
      checkPolicy(policy, decodeFlow([{ to, data, value: "0" }]), celo, from).violations.map(
        (violation) => `${violation.rule} ${violation.address}`,
      );
    expect(rules(MENTO, mentoSwap, ME)).toEqual([]); // output to the flow's own account
    expect(rules(MENTO, toStranger, ME)).toEqual([`allow.recipients ${STRANGER}`]);
    expect(rules(MENTO, toStranger, STRANGER)).toEqual([]); // the stranger swapping to itself
    expect(rules(ROUTER, withDeadline([single]), STRANGER)).toEqual([]); // output to ME, an allowed recipient
  });
});
