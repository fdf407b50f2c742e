import fc from "fast-check";
import type { Address, Hex } from "viem";
import { describe, expect, it } from "vitest";
import { checkPolicy } from "./checkPolicy.js";
import { decodeFlow } from "./decodeFlow.js";
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
