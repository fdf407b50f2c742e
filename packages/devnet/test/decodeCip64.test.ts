// The fee-currency node's decoder of untrusted raw transactions: never throws, refuses wrong lengths and
// malleable or missing signatures, and returns exactly what was signed.
import fc from "fast-check";
import { type Address, bytesToHex, type Hex, toRlp } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { serializeTransaction } from "viem/celo";
import { describe, expect, it } from "vitest";
import { feeCurrencyDirectoryStandInAbi } from "../src/contracts.generated.js";
import { decodeCip64 } from "../src/feeCurrencyNode/decodeCip64.js";

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToHex(b) as Address);
const account = privateKeyToAccount(generatePrivateKey());

describe("decodeCip64", () => {
  it("never throws on arbitrary bytes, with or without the 0x7b prefix", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.boolean(), async (bytes, prefixed) => {
        const raw = `${prefixed ? "0x7b" : "0x"}${bytesToHex(bytes).slice(2)}`;
        const decoded = await decodeCip64(raw);
        expect(decoded).toBeTypeOf("object");
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on RLP lists of arbitrary strings, and refuses any count but 13", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.uint8Array({ maxLength: 40 }).map((b) => bytesToHex(b)),
          { maxLength: 16 },
        ),
        async (fields) => {
          const decoded = await decodeCip64(`0x7b${toRlp(fields as Hex[]).slice(2)}`);
          if (fields.length !== 13) expect(decoded).toHaveProperty("error");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("returns the signed fields and the signer for any signed CIP-64 transaction", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          nonce: fc.integer({ min: 0, max: 2 ** 40 }),
          gas: fc.bigInt({ min: 21_000n, max: 2n ** 40n }),
          maxFeePerGas: fc.bigInt({ min: 1n, max: 2n ** 100n }),
          tip: fc.bigInt({ min: 0n, max: 2n ** 60n }),
          value: fc.bigInt({ min: 0n, max: 2n ** 128n }),
          to: fc.option(address, { nil: undefined }),
          data: fc.uint8Array({ maxLength: 64 }).map((b) => bytesToHex(b)),
          feeCurrency: address.filter((a) => BigInt(a) !== 0n),
        }),
        async (t) => {
          const raw = await account.signTransaction(
            {
              type: "cip64",
              chainId: 42220,
              nonce: t.nonce,
              gas: t.gas,
              maxFeePerGas: t.maxFeePerGas,
              maxPriorityFeePerGas: t.tip % (t.maxFeePerGas + 1n),
              value: t.value,
              ...(t.to ? { to: t.to } : {}),
              data: t.data,
              feeCurrency: t.feeCurrency,
            } as never,
            { serializer: serializeTransaction as never },
          );
          const decoded = await decodeCip64(raw);
          if ("error" in decoded) throw new Error(decoded.error);
          expect(decoded.from).toBe(account.address);
          expect(decoded.nonce).toBe(t.nonce);
          expect(decoded.gas).toBe(t.gas);
          expect(decoded.maxFeePerGas).toBe(t.maxFeePerGas);
          expect(decoded.value).toBe(t.value);
          expect(decoded.feeCurrency.toLowerCase()).toBe(t.feeCurrency.toLowerCase());
          expect(decoded.to?.toLowerCase() ?? null).toBe(t.to?.toLowerCase() ?? null);
          expect(decoded.data === "0x" ? "0x" : decoded.data).toBe(t.data);
          // one byte fewer is garbage, never a transaction
          expect(await decodeCip64(raw.slice(0, -2))).toHaveProperty("error");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a malleable (high-s) signature, an unsigned transaction and a zero or absent feeCurrency", async () => {
    const raw = await account.signTransaction(
      {
        type: "cip64",
        chainId: 42220,
        nonce: 0,
        gas: 50_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 0n,
        feeCurrency: account.address,
      } as never,
      { serializer: serializeTransaction as never },
    );
    const { fromRlp } = await import("viem");
    const fields = fromRlp(`0x${raw.slice(4)}`, "hex") as Hex[];
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const highS = [...fields.slice(0, 12), `0x${(n - BigInt(fields[12]!)).toString(16)}` as Hex];
    expect(await decodeCip64(`0x7b${toRlp(highS).slice(2)}`)).toEqual({
      error: "invalid transaction v, r, s values",
    });
    expect(await decodeCip64(`0x7b${toRlp(fields.slice(0, 10)).slice(2)}`)).toHaveProperty("error");
    const zero = [...fields];
    zero[9] = `0x${"00".repeat(20)}`;
    expect(await decodeCip64(`0x7b${toRlp(zero).slice(2)}`)).toEqual({
      error: "unregistered fee-currency address: 0x0",
    });
    zero[9] = "0x";
    expect(await decodeCip64(`0x7b${toRlp(zero).slice(2)}`)).toHaveProperty("error");
  });
});

describe("FeeCurrencyDirectory stand-in", () => {
  it("has every function and event of the published ABI (@celo/abis 14.0.1), with the same signatures", async () => {
    const published = (await import("@celo/abis/FeeCurrencyDirectory.json", { with: { type: "json" } }))
      .default as {
      abi?: readonly { type: string; name?: string; inputs?: readonly { type: string }[] }[];
    };
    const entries = (published.abi ?? (published as unknown as typeof published.abi))!;
    const signature = (e: { type: string; name?: string; inputs?: readonly { type: string }[] }) =>
      `${e.type} ${e.name ?? ""}(${(e.inputs ?? []).map((i) => i.type).join(",")})`;
    const ours = new Set(feeCurrencyDirectoryStandInAbi.map((e) => signature(e as never)));
    expect(entries.length).toBeGreaterThan(10);
    const missing = entries
      .filter((e) => e.type !== "constructor")
      .map(signature)
      .filter((s) => !ours.has(s));
    expect(missing).toEqual([]);
  });
});
