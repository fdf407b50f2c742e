import fc from "fast-check";
import { Attribution } from "ox/erc8021";
import { describe, expect, it } from "vitest";
import { stripAttributionSuffix } from "../src/stripAttributionSuffix.js";
import { hostileInput, plainCalldata } from "./arbitraries.js";

describe("stripAttributionSuffix", () => {
  it("removes a suffix of each schema ox knows", () => {
    const data = "0xdddddddd";
    expect(stripAttributionSuffix(`${data}62617365617070070080218021802180218021802180218021`)).toBe(data);
    expect(
      stripAttributionSuffix(
        "0xddddddddcccccccccccccccccccccccccccccccccccccccc210502626173656170702C6D6F7270686F0E0180218021802180218021802180218021",
      ),
    ).toBe(data);
    expect(
      stripAttributionSuffix("0xdddddddda161616762617365617070000b0280218021802180218021802180218021"),
    ).toBe(data);
    expect(
      stripAttributionSuffix(
        `${data}${Attribution.toDataSuffix({ appCode: "app", walletCode: "w", serviceCodes: ["s1"], metadata: { k: 1 } }).slice(2)}`,
      ),
    ).toBe(data);
  });

  it("leaves data without a valid suffix unchanged", () => {
    expect(stripAttributionSuffix("0xa9059cbb")).toBe("0xa9059cbb");
    expect(stripAttributionSuffix("0xddddddddff80218021802180218021802180218021")).toBe(
      "0xddddddddff80218021802180218021802180218021",
    );
    // Schema 0 whose length byte points before the start of data.
    expect(stripAttributionSuffix("0x62ff0080218021802180218021802180218021")).toBe(
      "0x62ff0080218021802180218021802180218021",
    );
    // Schema 2 with bytes that are not CBOR.
    const badCbor = "0xffff00020280218021802180218021802180218021";
    expect(stripAttributionSuffix(badCbor)).toBe(badCbor);
    expect(stripAttributionSuffix("not hex" as `0x${string}`)).toBe("not hex");
  });

  it("removes only the outermost suffix", () => {
    const inner = `0x01${Attribution.toDataSuffix({ codes: ["a"] }).slice(2)}` as const;
    const outer = `${inner}${Attribution.toDataSuffix({ codes: ["b"] }).slice(2)}` as const;
    expect(stripAttributionSuffix(outer)).toBe(inner);
  });

  it("property: strip(data ‖ ox suffix) === data", () => {
    fc.assert(
      fc.property(
        plainCalldata,
        fc.array(fc.stringMatching(/^[a-z0-9_]{1,12}$/), { maxLength: 5 }),
        (data, codes) => {
          expect(stripAttributionSuffix(`${data}${Attribution.toDataSuffix({ codes }).slice(2)}`)).toBe(data);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: never throws and returns a suffix of its input", () => {
    fc.assert(
      fc.property(hostileInput, (input) => {
        const stripped = stripAttributionSuffix(input as `0x${string}`);
        if (typeof input === "string") expect(input.startsWith(stripped)).toBe(true);
        else expect(stripped).toBe(input);
      }),
      { numRuns: 20_000 },
    );
  });
});
