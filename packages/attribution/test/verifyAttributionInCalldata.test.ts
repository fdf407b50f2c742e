import fc from "fast-check";
import { Hex } from "ox";
import { Attribution } from "ox/erc8021";
import { describe, expect, it } from "vitest";
import { appendSdkCalldataTag } from "../src/appendSdkCalldataTag.js";
import { verifyAttributionInCalldata } from "../src/verifyAttributionInCalldata.js";
import { hostileInput, marker, plainCalldata } from "./arbitraries.js";

const utf8 = (text: string) => Hex.fromString(text).slice(2);

describe("verifyAttributionInCalldata", () => {
  it("ERC vectors: Schema 0, Schema 1, Schema 2 and an unknown schema", () => {
    expect(
      verifyAttributionInCalldata("0xdddddddd62617365617070070080218021802180218021802180218021"),
    ).toEqual({
      erc8021: { schemaId: 0, codes: ["baseapp"] },
      legacy: null,
    });
    expect(
      verifyAttributionInCalldata(
        "0xddddddddcccccccccccccccccccccccccccccccccccccccc210502626173656170702C6D6F7270686F0E0180218021802180218021802180218021",
      ),
    ).toEqual({
      erc8021: {
        schemaId: 1,
        codes: ["baseapp", "morpho"],
        codeRegistry: { address: "0xcccccccccccccccccccccccccccccccccccccccc", chainId: 8453 },
      },
      legacy: null,
    });
    expect(
      verifyAttributionInCalldata("0xdddddddda161616762617365617070000b0280218021802180218021802180218021"),
    ).toEqual({
      erc8021: { schemaId: 2, codes: ["baseapp"], schema2: { appCode: "baseapp" } },
      legacy: null,
    });
    expect(verifyAttributionInCalldata(`0xddddddddff${marker}`)).toEqual({ erc8021: null, legacy: null });
  });

  it("Schema 2 codes are appCode, walletCode, then serviceCodes", () => {
    const suffix = Attribution.toDataSuffix({
      appCode: "app",
      walletCode: "wallet",
      serviceCodes: ["s1", "s2"],
    });
    expect(verifyAttributionInCalldata(`0x01${suffix.slice(2)}`).erc8021).toEqual({
      schemaId: 2,
      codes: ["app", "wallet", "s1", "s2"],
      schema2: { appCode: "app", walletCode: "wallet", serviceCodes: ["s1", "s2"] },
    });
  });

  it("keeps the platform code in the raw codes", () => {
    expect(verifyAttributionInCalldata(appendSdkCalldataTag("0x01", ["myapp"])).erc8021).toEqual({
      schemaId: 0,
      codes: ["sdk", "myapp"],
    });
  });

  it("reads a legacy SDK|TAG1|TAG2 layer at the very end of data", () => {
    expect(verifyAttributionInCalldata(`0xa9059cbb${utf8("SDK|TAG1|TAG2")}`)).toEqual({
      erc8021: null,
      legacy: ["SDK", "TAG1", "TAG2"],
    });
  });

  it("reads a legacy layer right before the ERC-8021 suffix", () => {
    const data = appendSdkCalldataTag(`0xa9059cbb${utf8("SDK|OLD_TAG")}` as `0x${string}`, ["myapp"]);
    expect(verifyAttributionInCalldata(data)).toEqual({
      erc8021: { schemaId: 0, codes: ["sdk", "myapp"] },
      legacy: ["SDK", "OLD_TAG"],
    });
  });

  it("finds the layer when text-like bytes precede it, and rejects things that only look like one", () => {
    expect(verifyAttributionInCalldata(`0x0041${utf8("SDK|A|MYSDK")}`).legacy).toEqual(["SDK", "A", "MYSDK"]);
    expect(verifyAttributionInCalldata(`0x00${utf8("xSDK|A")}`).legacy).toEqual(["SDK", "A"]);
    for (const text of ["SDK", "SDK|", "SDK||A", "SDK|A|", "sdk|A", "SDKA|B", "CELO|A"])
      expect(verifyAttributionInCalldata(`0xa9059cbb${utf8(text)}`).legacy, text).toBeNull();
    expect(verifyAttributionInCalldata(`0xa9059cbb${utf8("SDK|A")}00`).legacy).toBeNull();
  });

  it("gives nothing for input that is not hex", () => {
    for (const input of ["SDK|A", "0xabc", undefined, 7])
      expect(verifyAttributionInCalldata(input as string)).toEqual({ erc8021: null, legacy: null });
  });

  it("property: agrees with ox fromData on every schema", () => {
    fc.assert(
      fc.property(hostileInput, (input) => {
        if (typeof input !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(input)) return;
        const { erc8021 } = verifyAttributionInCalldata(input);
        let ox: Attribution.Attribution | undefined;
        try {
          ox = Attribution.fromData(input as `0x${string}`);
        } catch {
          expect(erc8021).toBeNull();
          return;
        }
        if (ox === undefined) expect(erc8021).toBeNull();
        else if (ox.id === 0) expect(erc8021).toEqual({ schemaId: 0, codes: ox.codes });
        else if (ox.id === 1) {
          if (Number.isSafeInteger(ox.codeRegistry.chainId))
            expect(erc8021).toEqual({ schemaId: 1, codes: ox.codes, codeRegistry: ox.codeRegistry });
          else expect(erc8021).toBeNull();
        } else expect(erc8021?.schemaId).toBe(2);
      }),
      { numRuns: 20_000 },
    );
  });

  it("property: a legacy layer appended to plain data is read back", () => {
    fc.assert(
      fc.property(
        plainCalldata,
        fc.array(fc.stringMatching(/^[A-Z0-9_]{1,32}$/), { minLength: 1, maxLength: 5 }),
        (data, tags) => {
          fc.pre(!/(3[0-9]|[46][1-9a-f]|[57][0-9a]|5f|7c)$/i.test(data)); // data must not end with a text-like byte
          const layered = `${data}${utf8(["SDK", ...tags].join("|"))}`;
          expect(verifyAttributionInCalldata(layered).legacy).toEqual(["SDK", ...tags]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: 100,000 hostile inputs never throw", () => {
    fc.assert(
      fc.property(hostileInput, (input) => {
        const result = verifyAttributionInCalldata(input as string);
        return (
          (result.erc8021 === null || typeof result.erc8021.schemaId === "number") &&
          (result.legacy === null || Array.isArray(result.legacy))
        );
      }),
      { numRuns: 100_000 },
    );
  }, 120_000);
});
