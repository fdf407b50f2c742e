import fc from "fast-check";
import type { Hex } from "viem";
import { describe, expect, expectTypeOf, it } from "vitest";
import { INTENT_KIND_DEFINITIONS } from "../src/flow/intentKinds.js";
import type { IntentKindDefinition } from "../src/protocols/definition.js";
import type { ApproveIntent, SendIntent } from "../src/protocols/erc20/intents.js";
import { PROTOCOLS, type RegisteredIntent } from "../src/protocols/registry.js";

describe("the protocol registry", () => {
  it("derives the intent union from its definitions (a type check: tsc fails when it does not)", () => {
    expectTypeOf<Extract<RegisteredIntent, { kind: "send" }>>().toEqualTypeOf<SendIntent>();
    expectTypeOf<Extract<RegisteredIntent, { kind: "approve" }>>().toEqualTypeOf<ApproveIntent>();
  });

  it("has unique ids, and each intent kind is declared by one protocol", () => {
    const ids = PROTOCOLS.map((protocol) => protocol.id);
    expect(new Set(ids).size).toBe(ids.length);
    const kinds = PROTOCOLS.flatMap((protocol) => Object.keys(protocol.intents ?? {}));
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...INTENT_KIND_DEFINITIONS.keys()].sort()).toEqual([...kinds].sort());
  });

  it("ids are lower-case words joined by '-', labels are set, intent fields never repeat `kind`", () => {
    for (const protocol of PROTOCOLS) {
      expect(protocol.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(protocol.label.length).toBeGreaterThan(0);
      for (const kind of Object.values(protocol.intents ?? {}) as IntentKindDefinition[]) {
        expect(kind.fields).not.toContain("kind");
        expect(new Set(kind.fields).size).toBe(kind.fields.length);
      }
    }
  });

  it("every policy decoder returns effects or undefined on any calldata, and never throws", () => {
    const decoders = PROTOCOLS.flatMap((protocol) => protocol.decoders ?? []);
    expect(decoders.length).toBeGreaterThan(0);
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);
    const data = fc
      .uint8Array({ maxLength: 400 })
      .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);
    // Real selectors with random words, so the decoders' argument checks run too.
    const selectors = ["0xa9059cbb", "0x095ea7b3", "0x23b872dd"];
    const withSelector = fc
      .tuple(fc.constantFrom(...selectors), fc.uint8Array({ maxLength: 200 }))
      .map(([selector, bytes]) => `${selector}${Buffer.from(bytes).toString("hex")}` as Hex);
    fc.assert(
      fc.property(
        address,
        fc.oneof(data, withSelector),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (to, calldata, value) => {
          for (const decode of decoders) {
            const effects = decode({
              index: 0,
              to: to as `0x${string}`,
              data: calldata,
              value,
              from: to as `0x${string}`,
            });
            expect(effects === undefined || Array.isArray(effects)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
