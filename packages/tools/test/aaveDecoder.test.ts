import { AAVE_V3_ADDRESSES, aaveProtocol, aaveV3PoolAbi, TOKENS } from "@preflow/core";
import fc from "fast-check";
import { type Address, encodeFunctionData, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { checkPolicy } from "../src/policy/checkPolicy.js";
import { decodeFlow } from "../src/policy/decodeFlow.js";
import type { LoadedPolicy } from "../src/policy/loadPolicy.js";

const decodeAaveV3Pool = aaveProtocol.decoders![0]!;

const POOL = AAVE_V3_ADDRESSES.pool;
const USDC = TOKENS.USDC.address;
const ME = "0x1111111111111111111111111111111111111111" as Address;
const OTHER = "0x2222222222222222222222222222222222222222" as Address;
const pool = (data: Hex, options: { from?: Address; to?: Address } = { from: ME }) =>
  decodeAaveV3Pool({ index: 1, to: options.to ?? POOL, data, value: 0n, from: options.from });
const supply = (amount: bigint, onBehalfOf: Address = ME) =>
  encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "supply", args: [USDC, amount, onBehalfOf, 0] });
const repay = (amount: bigint, onBehalfOf: Address = ME) =>
  encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "repay", args: [USDC, amount, 2n, onBehalfOf] });
const withdraw = (amount: bigint, to: Address = ME) =>
  encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "withdraw", args: [USDC, amount, to] });
const borrow = (amount: bigint, onBehalfOf: Address = ME, mode = 2n) =>
  encodeFunctionData({
    abi: aaveV3PoolAbi,
    functionName: "borrow",
    args: [USDC, amount, mode, 0, onBehalfOf],
  });

describe("the Aave v3 Pool decoder", () => {
  it("recognises supply and repay as pulls by the Pool, withdraw and borrow as known calls", () => {
    const call = (name: string) => ({
      kind: "call",
      step: 1,
      to: POOL,
      known: true,
      label: `Aave v3 ${name}`,
    });
    const pull = (amount: bigint) => ({
      kind: "pull",
      step: 1,
      token: USDC.toLowerCase(),
      spender: POOL,
      amount,
    });
    expect(pool(supply(5_000_000n))).toMatchObject([call("supply"), pull(5_000_000n)]);
    expect(pool(repay(7n))).toMatchObject([call("repay"), pull(7n)]);
    // repay(max): the Pool pulls up to the approval, which is what the flow spends.
    expect(pool(repay(maxUint256))).toMatchObject([call("repay")]);
    expect(pool(withdraw(maxUint256))).toMatchObject([call("withdraw")]);
    expect(pool(borrow(1n))).toMatchObject([call("borrow")]);
    expect(pool(supply(1n))?.[0]).toMatchObject({ selector: "0x617ba037" });
  });

  it("leaves other positions, other contracts, other rate modes and unknown signers as unknown calls", () => {
    expect(pool(supply(1n, OTHER))).toBeUndefined();
    expect(pool(withdraw(1n, OTHER))).toBeUndefined();
    expect(pool(borrow(1n, OTHER))).toBeUndefined();
    expect(pool(repay(1n, OTHER))).toBeUndefined();
    expect(pool(borrow(1n, ME, 1n))).toBeUndefined();
    expect(pool(supply(1n), {})).toBeUndefined();
    expect(pool(supply(1n), { from: ME, to: OTHER })).toBeUndefined();
    expect(pool(`${supply(1n)}00` as Hex)).toBeUndefined();
    expect(pool(supply(1n).slice(0, -2) as Hex)).toBeUndefined();
  });

  it("never throws on garbage and never accepts a wrong length", () => {
    const selectors = ["0x617ba037", "0x69328dec", "0xa415bcad", "0x573ade81", "0xdeadbeef"];
    fc.assert(
      fc.property(fc.constantFrom(...selectors), fc.uint8Array({ maxLength: 200 }), (selector, bytes) => {
        const data = `${selector}${Buffer.from(bytes).toString("hex")}` as Hex;
        const effects = pool(data);
        if (effects !== undefined) expect([3, 4, 5].map((words) => 10 + words * 64)).toContain(data.length);
      }),
    );
  });

  it("a capped token: a supply and its approval count once; a supply above the cap is refused", () => {
    const word = (value: bigint | string) =>
      (typeof value === "bigint" ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, "0");
    const approve = `0x095ea7b3${word(POOL)}${word(50_000_000n)}` as Hex;
    const capped: LoadedPolicy = {
      file: "p.json",
      caps: new Map([
        [
          USDC.toLowerCase(),
          { key: "USDC", symbol: "USDC", address: USDC.toLowerCase(), decimals: 6, perCall: 60_000_000n },
        ],
      ]),
      allow: { contracts: [OTHER.toLowerCase()] },
      allowUnlimitedApprovals: false,
      ledger: undefined,
      format: (amount) => (amount / 1_000_000n).toString(),
      symbol: (token) => token,
    };
    const flow = (amount: bigint) => [
      { to: USDC, data: `0x095ea7b3${word(POOL)}${word(amount)}` as Hex, value: "0" },
      { to: POOL, data: supply(amount), value: "0" },
    ];
    const ok = checkPolicy(
      capped,
      decodeFlow(flow(50_000_000n), ME),
      "0x471ece3750da237f93b8e339c536989b8978a438",
    );
    expect(ok.violations).toEqual([]); // the Pool call is recognised: allow.contracts does not apply
    expect(ok.totals.get(USDC.toLowerCase())).toBe(50_000_000n);
    expect(approve).toBe(flow(50_000_000n)[0]!.data);
    const over = checkPolicy(
      capped,
      decodeFlow(flow(70_000_000n), ME),
      "0x471ece3750da237f93b8e339c536989b8978a438",
    );
    expect(over.violations.map((violation) => violation.rule)).toEqual(["caps.USDC.perCall"]);
    // A supply for someone else is not recognised: allow.contracts refuses it.
    const forOther = checkPolicy(
      capped,
      decodeFlow([{ to: POOL, data: supply(1n, OTHER), value: "0" }], ME),
      "0x471ece3750da237f93b8e339c536989b8978a438",
    );
    expect(forOther.violations.map((violation) => violation.rule)).toEqual(["allow.contracts"]);
  });
});
