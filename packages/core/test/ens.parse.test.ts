// Property tests of the ENS name and network parsers (pure; no devnet needed).
import fc from "fast-check";
import { mainnet } from "viem/chains";
import { normalize } from "viem/ens";
import { describe, expect, it } from "vitest";
import { assertCeloName } from "../src/actions/ens/resolveCeloName.js";
import { ETHEREUM_MAINNET } from "../src/actions/ens/resolveEthereumName.js";
import {
  ENS_NETWORKS,
  InvalidEnsNameError,
  InvalidEnsNetworkError,
  parseEnsName,
  parseEnsNetwork,
  UnsupportedEnsNameError,
} from "../src/index.js";

// Labels ENSIP-15 keeps as they are: lowercase letters and digits, hyphens inside (never in positions 3 and 4
// together, the reserved "xn--" form).
const label = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,18}[a-z0-9])?$/)
  .filter((l) => !(l[2] === "-" && l[3] === "-"));
const asciiName = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join("."));

describe("parseEnsName", () => {
  it("keeps lowercase ASCII names as they are and lowercases any casing of them", async () => {
    await fc.assert(
      fc.asyncProperty(asciiName, fc.array(fc.boolean(), { maxLength: 80 }), async (name, upper) => {
        expect(await parseEnsName(name)).toBe(name);
        const mixed = [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");
        expect(await parseEnsName(mixed)).toBe(name);
      }),
    );
  });

  it("on any string: returns viem's normalize result with no empty label, idempotently, or throws InvalidEnsNameError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), asciiName),
        async (input) => {
          let parsed: string;
          try {
            parsed = await parseEnsName(input);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidEnsNameError);
            expect((error as InvalidEnsNameError).details.field).toBe("name");
            return;
          }
          expect(parsed).toBe(normalize(input));
          expect(parsed.split(".").every((l) => l.length > 0)).toBe(true);
          expect(await parseEnsName(parsed)).toBe(parsed);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses empty labels anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(label, { minLength: 1, maxLength: 3 }), fc.nat(3), async (labels, at) => {
        const withEmpty = [...labels];
        withEmpty.splice(Math.min(at, labels.length), 0, "");
        await expect(parseEnsName(withEmpty.join("."))).rejects.toThrow(InvalidEnsNameError);
      }),
    );
  });

  it("refuses what is not a string", async () => {
    for (const value of [undefined, null, 42, {}, ["a.eth"], 1n]) {
      await expect(parseEnsName(value)).rejects.toThrow(InvalidEnsNameError);
    }
  });
});

describe("parseEnsNetwork", () => {
  it('defaults to "celo" and accepts the known networks in any case', () => {
    expect(parseEnsNetwork(undefined)).toBe("celo");
    fc.assert(
      fc.property(
        fc.constantFrom(...ENS_NETWORKS),
        fc.array(fc.boolean(), { maxLength: 8 }),
        (network, upper) => {
          const mixed = [...network].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");
          expect(parseEnsNetwork(mixed)).toBe(network);
        },
      ),
    );
  });

  it("refuses anything else with InvalidEnsNetworkError", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (value) => {
        fc.pre(!(typeof value === "string" && ENS_NETWORKS.includes(value.trim().toLowerCase() as never)));
        expect(() => parseEnsNetwork(value)).toThrow(InvalidEnsNetworkError);
      }),
    );
  });
});

describe("names on the chain-native network", () => {
  it("accepts every name under celo.eth and refuses every other name", () => {
    fc.assert(
      fc.property(asciiName, (name) => {
        expect(() => assertCeloName(`${name}.celo.eth`)).not.toThrow();
        if (!name.endsWith(".celo.eth")) {
          expect(() => assertCeloName(name)).toThrow(UnsupportedEnsNameError);
          expect(() => assertCeloName(`${name}celo.eth`)).toThrow(UnsupportedEnsNameError);
        }
      }),
    );
    expect(() => assertCeloName("celo.eth")).toThrow(UnsupportedEnsNameError);
  });
});

describe("Ethereum mainnet for ENS", () => {
  it("is viem's mainnet, field for field (kept apart from viem/chains only for the bundle)", () => {
    const { extend: _ours, ...ours } = ETHEREUM_MAINNET as typeof ETHEREUM_MAINNET & { extend?: unknown };
    const { extend: _viems, ...viems } = mainnet as typeof mainnet & { extend?: unknown };
    expect(JSON.parse(JSON.stringify(ours))).toEqual(JSON.parse(JSON.stringify(viems)));
    expect(ETHEREUM_MAINNET.contracts?.ensUniversalResolver?.address).toBe(
      "0xeeeeeeee14d718c2b47d9923deab1335e144eeee",
    );
  });
});
