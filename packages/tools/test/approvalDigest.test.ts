import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ApprovalSubject,
  approvalCode,
  approvalDigest,
  codeMatches,
  displayApprovalCode,
  parseApprovalCode,
  parseApprovalDigest,
  type X402ApprovalSubject,
  x402ApprovalDigest,
} from "../src/approval/approvalDigest.js";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const hex = (bytes: number) =>
  fc
    .uint8Array({ minLength: bytes, maxLength: bytes })
    .map((value) => `0x${Buffer.from(value).toString("hex")}`);
const digest = hex(32) as fc.Arbitrary<`0x${string}`>;
const code = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 8, maxLength: 8 });

const flow: ApprovalSubject = {
  chainId: 42220,
  from: "0x1111111111111111111111111111111111111111",
  steps: [
    {
      to: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      data: "0xa9059cbb00000000000000000000000022222222222222222222222222222222222222220000000000000000000000000000000000000000000000006124fee993bc0000",
      value: "0",
    },
  ],
};
const binding = { approvalId: "a1", policyVersion: "0123456789abcdef", expiresAt: 1_800_000_000 };

describe("approvalDigest", () => {
  it("is 0x + 64 hex, the same for the same flow however its hex is spelled", () => {
    const value = approvalDigest(flow, binding);
    expect(parseApprovalDigest(value)).toBe(value);
    const upper = {
      ...flow,
      from: flow.from.toUpperCase().replace("0X", "0x"),
      steps: flow.steps.map((step) => ({
        ...step,
        to: step.to.toLowerCase(),
        data: step.data.toUpperCase().replace("0X", "0x"),
      })),
    };
    expect(approvalDigest(upper, binding)).toBe(value);
  });

  it("changes with every field that decides what is signed, and with what the question was asked under", () => {
    const base = approvalDigest(flow, binding);
    const step = flow.steps[0] as ApprovalSubject["steps"][number];
    const variants: [ApprovalSubject, typeof binding][] = [
      [{ ...flow, chainId: 44787 }, binding],
      [{ ...flow, from: "0x3333333333333333333333333333333333333333" }, binding],
      [{ ...flow, steps: [{ ...step, to: "0x2222222222222222222222222222222222222222" }] }, binding],
      [{ ...flow, steps: [{ ...step, data: `${step.data.slice(0, -1)}1` }] }, binding],
      [{ ...flow, steps: [{ ...step, value: "1" }] }, binding],
      [{ ...flow, steps: [{ ...step, feeCurrency: "0x765DE816845861e75A25fCA122bb6898B8B1282a" }] }, binding],
      [{ ...flow, steps: [step, step] }, binding],
      [
        {
          ...flow,
          fee: {
            feeCurrency: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
            gas: "1",
            maxFeePerGas: "1",
            maxPriorityFeePerGas: "1",
            max: "1",
          },
        },
        binding,
      ],
      [{ ...flow, expiresAt: "1800000000" }, binding],
      [flow, { ...binding, approvalId: "a2" }],
      [flow, { ...binding, policyVersion: "fedcba9876543210" }],
      [flow, { ...binding, expiresAt: binding.expiresAt + 1 }],
    ];
    const digests = variants.map(([subject, bound]) => approvalDigest(subject, bound));
    expect(new Set([base, ...digests]).size).toBe(variants.length + 1);
  });
});

const payment: X402ApprovalSubject = {
  network: "eip155:42220",
  asset: "0xcebA9300f2b948710d2653dD7B07f33A8B32118C",
  amount: 10_000n,
  payTo: "0x3333333333333333333333333333333333333333",
  resource: "https://api.example.com/quote",
  signer: "0x1111111111111111111111111111111111111111",
  nonce: `0x${"ab".repeat(32)}`,
  validBefore: 1_800_000_300,
};

describe("x402ApprovalDigest", () => {
  it("binds every field of the payment and the binding; case of addresses aside; never a flow's digest", () => {
    const value = x402ApprovalDigest(payment, binding);
    expect(parseApprovalDigest(value)).toBe(value);
    expect(
      x402ApprovalDigest(
        {
          ...payment,
          asset: payment.asset.toLowerCase(),
          payTo: payment.payTo.toUpperCase().replace("0X", "0x"),
        },
        binding,
      ),
    ).toBe(value);
    const changed: X402ApprovalSubject[] = [
      { ...payment, network: "eip155:1" },
      { ...payment, asset: "0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e" },
      { ...payment, amount: 10_001n },
      { ...payment, payTo: "0x4444444444444444444444444444444444444444" },
      { ...payment, resource: "https://api.example.com/other" },
      { ...payment, signer: "0x5555555555555555555555555555555555555555" },
      { ...payment, nonce: `0x${"cd".repeat(32)}` },
      { ...payment, validBefore: payment.validBefore + 1 },
    ];
    const digests = new Set([
      value,
      ...changed.map((other) => x402ApprovalDigest(other, binding)),
      x402ApprovalDigest(payment, { ...binding, approvalId: "a2" }),
      x402ApprovalDigest(payment, { ...binding, policyVersion: "fedcba9876543210" }),
      x402ApprovalDigest(payment, { ...binding, expiresAt: binding.expiresAt + 1 }),
      approvalDigest(flow, binding),
    ]);
    expect(digests.size).toBe(changed.length + 5);
  });
});

describe("approval codes", () => {
  it("a digest's code is 8 characters of Crockford's alphabet, its first 40 bits, and parses back to itself", () => {
    fc.assert(
      fc.property(digest, (value) => {
        const text = approvalCode(value);
        expect(text).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        // The code is the first 5 bytes, losslessly.
        let bits = 0n;
        for (const character of text) bits = bits * 32n + BigInt(ALPHABET.indexOf(character));
        expect(bits).toBe(BigInt(`0x${value.slice(2, 12)}`));
        expect(parseApprovalCode(text)).toBe(text);
        expect(parseApprovalCode(displayApprovalCode(text))).toBe(text);
        expect(codeMatches(text, displayApprovalCode(text).toLowerCase())).toBe(true);
      }),
    );
  });

  it("forgives case, spaces, dashes, O for 0 and I or L for 1; nothing else", () => {
    fc.assert(
      fc.property(code, fc.array(fc.constantFrom(" ", "-"), { maxLength: 3 }), (value, noise) => {
        const typed = `${noise.join("")}${value.slice(0, 4).toLowerCase()}${noise.join("")}${value.slice(4)}`;
        expect(parseApprovalCode(typed)).toBe(value);
        const confusable = value.replace(/0/g, "o").replace(/1/g, "l");
        expect(parseApprovalCode(confusable)).toBe(value);
      }),
    );
    expect(parseApprovalCode("ABCD-EFGU")).toBeUndefined();
    expect(parseApprovalCode("ABCD-EFG")).toBeUndefined();
    expect(parseApprovalCode("ABCD-EFGHJ")).toBeUndefined();
  });

  it("never throws on garbage and accepts only what is exactly 8 code characters", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseApprovalCode(value);
        if (parsed !== undefined) expect(parsed).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        expect(() => codeMatches("ABCDEFGH", value)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const parsed = parseApprovalCode(value);
        if (parsed !== undefined) expect(value.replace(/[\s-]/g, "").length).toBe(8);
      }),
    );
  });

  it("two different codes never match", () => {
    fc.assert(
      fc.property(code, code, (a, b) => {
        expect(codeMatches(a, b)).toBe(a === b);
      }),
    );
  });
});

describe("parseApprovalDigest", () => {
  it("accepts exactly 0x + 64 hex digits (any case), lowercased; never throws", () => {
    fc.assert(
      fc.property(digest, (value) => {
        expect(parseApprovalDigest(value.toUpperCase().replace("0X", "0x"))).toBe(value);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseApprovalDigest(value);
        if (parsed !== undefined) expect(parsed).toMatch(/^0x[0-9a-f]{64}$/);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }).filter((length) => length !== 32),
        (length) => {
          expect(parseApprovalDigest(`0x${"ab".repeat(length)}`)).toBeUndefined();
        },
      ),
    );
    expect(parseApprovalDigest(`0x${"g".repeat(64)}`)).toBeUndefined();
    expect(parseApprovalDigest(`1x${"a".repeat(64)}`)).toBeUndefined();
  });
});
