import fc from "fast-check";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { checkPolicy } from "./checkPolicy.js";
import { decodeFlow } from "./decodeFlow.js";
import { flowFees } from "./flowFees.js";
import type { LoadedPolicy } from "./loadPolicy.js";

const USDM = "0x765de816845861e75a25fca122bb6898b8b1282a";
const CELO = "0x471ece3750da237f93b8e339c536989b8978a438";
const A = "0x1111111111111111111111111111111111111111" as Address;
const B = "0x2222222222222222222222222222222222222222" as Address;
const word = (value: bigint | string) =>
  (typeof value === "bigint" ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, "0");
const transfer = (to: string, amount: bigint) => `0xa9059cbb${word(to)}${word(amount)}` as Hex;
const approve = (spender: string, amount: bigint) => `0x095ea7b3${word(spender)}${word(amount)}` as Hex;
const e18 = 10n ** 18n;

function policy(parts: Partial<LoadedPolicy>): LoadedPolicy {
  return {
    file: "p.json",
    caps: new Map(),
    allow: {},
    allowUnlimitedApprovals: false,
    ledger: undefined,
    format: (amount) => (amount / e18).toString(),
    symbol: (token) => (token.toLowerCase() === CELO ? "CELO" : token),
    ...parts,
  };
}

describe("decodeFlow", () => {
  it("decodes transfers, approvals, native value and unknown calls; an attribution suffix is ignored", () => {
    const effects = decodeFlow([
      { to: USDM as Address, data: transfer(A, 5n * e18), value: "0" },
      { to: USDM as Address, data: approve(B, 7n), value: "0" },
      { to: A, data: "0x", value: "3" },
      { to: B, data: "0xdeadbeef", value: "0" },
    ]);
    expect(effects.map((effect) => effect.kind)).toEqual([
      "call",
      "transfer",
      "call",
      "approve",
      "native",
      "call",
    ]);
    expect(effects.find((effect) => effect.kind === "call" && !effect.known)).toMatchObject({
      to: B,
      selector: "0xdeadbeef",
    });
  });

  it("never throws on garbage and never accepts calldata of a wrong length", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 100 }),
        fc.constantFrom("a9059cbb", "095ea7b3", "12345678"),
        (bytes, selector) => {
          const data = `0x${selector}${Buffer.from(bytes).toString("hex")}` as Hex;
          const effects = decodeFlow([{ to: A, data, value: "0" }]);
          const decoded = effects.some((effect) => effect.kind === "transfer" || effect.kind === "approve");
          if (decoded) expect(data.length).toBe(10 + 128);
        },
      ),
    );
  });
});

describe("checkPolicy", () => {
  const capped = policy({
    caps: new Map([[USDM, { key: "USDm", symbol: "USDm", address: USDM, decimals: 18, perCall: 5n * e18 }]]),
    allow: { recipients: [A.toLowerCase()], spenders: [B.toLowerCase()], contracts: [] },
  });

  it("counts an approval and the call it serves once, and checks caps and allowlists", () => {
    const ok = checkPolicy(
      capped,
      decodeFlow([{ to: USDM as Address, data: transfer(A, 5n * e18), value: "0" }]),
      CELO,
    );
    expect(ok.violations).toEqual([]);
    expect(ok.totals.get(USDM)).toBe(5n * e18);
    const over = checkPolicy(
      capped,
      decodeFlow([
        { to: USDM as Address, data: transfer(A, 3n * e18), value: "0" },
        { to: USDM as Address, data: approve(B, 3n * e18), value: "0" },
      ]),
      CELO,
    );
    expect(over.violations.map((violation) => violation.rule)).toEqual(["caps.USDm.perCall"]);
    const strangers = checkPolicy(
      capped,
      decodeFlow([
        { to: USDM as Address, data: transfer(B, 1n), value: "0" },
        { to: USDM as Address, data: approve(A, 1n), value: "0" },
        { to: B, data: "0xdeadbeef", value: "0" },
        { to: B, data: "0x", value: "1" },
      ]),
      CELO,
    );
    expect(strangers.violations.map((violation) => violation.rule)).toEqual([
      "allow.recipients",
      "allow.spenders",
      "allow.contracts",
      "allow.recipients",
    ]);
  });

  it("refuses unlimited approvals unless allowed, and always for a capped token; revoking is always fine", () => {
    const unlimited = decodeFlow([{ to: USDM as Address, data: approve(B, 2n ** 256n - 1n), value: "0" }]);
    expect(checkPolicy(capped, unlimited, CELO).violations.map((violation) => violation.rule)).toEqual([
      "allowUnlimitedApprovals",
      "caps.USDm.perCall",
    ]);
    expect(checkPolicy(policy({ allowUnlimitedApprovals: true }), unlimited, CELO).violations).toEqual([]);
    const revoke = decodeFlow([{ to: USDM as Address, data: approve(A, 0n), value: "0" }]);
    expect(checkPolicy(capped, revoke, CELO).violations).toEqual([]);
  });
});

describe("checkPolicy with gas paid in a capped token (CIP-64)", () => {
  const capped = policy({
    caps: new Map([
      [
        USDM,
        { key: "USDm", symbol: "USDm", address: USDM, decimals: 18, perCall: 5n * e18, perDay: 8n * e18 },
      ],
    ]),
    format: (amount) => (Number(amount) / 1e18).toString(),
  });
  const fee = (amount: bigint, step = 0) => [{ step, token: USDM, amount }];
  const send = (amount: bigint) =>
    decodeFlow([{ to: USDM as Address, data: transfer(A, amount), value: "0" }]);

  it("refuses a send that fits the cap alone but not with its fee.max, naming both figures", () => {
    const alone = checkPolicy(capped, send(49n * 10n ** 17n), CELO);
    expect(alone.violations).toEqual([]);
    const withFee = checkPolicy(capped, send(49n * 10n ** 17n), CELO, A, fee(2n * 10n ** 17n));
    expect(withFee.violations).toHaveLength(1);
    expect(withFee.violations[0]).toMatchObject({
      rule: "caps.USDm.perCall",
      limit: "5",
      requested: "5.1",
      amount: "4.9",
      fee_max: "0.2",
      message: "USDm per call: limit 5, this flow 4.9 + fee up to 0.2 USDm = 5.1",
    });
    // the fee is spent by its step, marked as a fee (the ledger replaces it by what the receipt says)
    expect(withFee.spends.get(0)).toEqual([
      { token: USDM, amount: 49n * 10n ** 17n },
      { token: USDM, amount: 2n * 10n ** 17n, fee: true },
    ]);
  });

  it("counts a fee in a capped token even when the flow spends another token (a USDC send paying in USDm)", () => {
    const usdcSend = decodeFlow([
      {
        to: "0xceba9300f2b948710d2653dd7b07f33a8b32118c" as Address,
        data: transfer(A, 10n ** 6n),
        value: "0",
      },
    ]);
    expect(checkPolicy(capped, usdcSend, CELO, A, fee(6n * e18)).violations.map((v) => v.rule)).toEqual([
      "caps.USDm.perCall",
    ]);
    expect(checkPolicy(capped, usdcSend, CELO, A, fee(10n ** 16n)).totals.get(USDM)).toBe(10n ** 16n);
  });

  it("checks amount + fee.max against what remains of the day", () => {
    // What the ledger says was spent today comes in as a map (the store is read before the check).
    const violations = checkPolicy(
      capped,
      send(48n * 10n ** 17n),
      CELO,
      A,
      fee(3n * 10n ** 17n),
      new Map([[USDM, 3n * e18]]),
    ).violations;
    expect(violations.map((v) => v.rule)).toEqual(["caps.USDm.perCall", "caps.USDm.perDay"]);
    expect(violations[1]).toMatchObject({ remaining: "5", requested: "5.1", amount: "4.8", fee_max: "0.3" });
    expect(violations[1]?.message).toContain("remaining 5, this flow 4.8 + fee up to 0.3 USDm = 5.1");
  });
});

describe("flowFees", () => {
  const core = {
    FEE_CURRENCY_OF_TOKEN: { USDm: USDM, USDC: "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B" },
    TOKENS: {
      USDm: { address: USDM },
      USDC: { address: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C" },
    },
  } as unknown as Parameters<typeof flowFees>[0];
  const step = (feeCurrency?: string) => ({
    to: A,
    data: "0x" as Hex,
    value: "0",
    description: "",
    ...(feeCurrency ? { feeCurrency: feeCurrency as Address } : {}),
  });
  const fee = (feeCurrency: string, max: string) =>
    ({
      currency: "x",
      feeCurrency,
      gas: "1",
      maxFeePerGas: "1",
      maxPriorityFeePerGas: "1",
      estimated: "1",
      max,
    }) as never;

  it("shares the flow's fee.max among its steps (remainder on the first), from a continuation's step on", () => {
    const flow = { steps: [step(USDM), step(USDM)], fee: fee(USDM, "1001") } as never;
    expect(flowFees(core, flow)).toEqual([
      { step: 0, token: USDM, amount: 501n },
      { step: 1, token: USDM, amount: 500n },
    ]);
    expect(flowFees(core, flow, 1)).toEqual([{ step: 1, token: USDM, amount: 500n }]);
  });

  it("names the token behind an adapter, and nothing for CELO or an unknown currency", () => {
    const adapter = "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B";
    expect(flowFees(core, { steps: [step(adapter)], fee: fee(adapter, "7") } as never)).toEqual([
      { step: 0, token: "0xceba9300f2b948710d2653dd7b07f33a8b32118c", amount: 7n },
    ]);
    expect(flowFees(core, { steps: [step()] } as never)).toEqual([]);
    const unknown = "0x9999999999999999999999999999999999999999";
    expect(flowFees(core, { steps: [step(unknown)], fee: fee(unknown, "7") } as never)).toEqual([]);
  });
});
