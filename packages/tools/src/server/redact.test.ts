import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "./redact.js";
import { snakeKey, toSnakeCase } from "./toolResult.js";

const hexKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}`);

describe("createRedactor", () => {
  it("removes a hex key in any case, with or without 0x, anywhere in text and JSON", () => {
    fc.assert(
      fc.property(
        hexKey,
        fc.string(),
        fc.string(),
        fc.boolean(),
        fc.boolean(),
        (key, before, after, upper, bare) => {
          const redactor = createRedactor([key]);
          let spelled = bare ? key.slice(2) : key;
          if (upper) spelled = spelled.toUpperCase().replace(/^0X/, "0x");
          const out = redactor.text(`${before}${spelled}${after}`);
          expect(out.toLowerCase()).not.toContain(key.slice(2));
          const deep = redactor.deep({ list: [spelled], nested: { [spelled]: spelled } });
          expect(JSON.stringify(deep).toLowerCase()).not.toContain(key.slice(2));
        },
      ),
    );
  });

  it("leaves text alone without secrets, and removes other secrets verbatim", () => {
    expect(createRedactor([undefined]).text("0xabc")).toBe("0xabc");
    expect(createRedactor(["pk_live_secret.1"]).text("key=pk_live_secret.1&x")).toBe("key=[redacted]&x");
  });
});

describe("toSnakeCase", () => {
  it("turns every bigint into its decimal string and drops undefined fields", () => {
    fc.assert(
      fc.property(fc.bigInt(), (value) => {
        expect(toSnakeCase({ a: [value], b: { c: value }, d: undefined })).toEqual({
          a: [value.toString()],
          b: { c: value.toString() },
        });
      }),
    );
  });
});

describe("snakeKey", () => {
  it("gives snake_case keys and leaves snake_case alone", () => {
    expect(snakeKey("blockNumber")).toBe("block_number");
    expect(snakeKey("baseFeePerGas")).toBe("base_fee_per_gas");
    expect(snakeKey("userOperationIndex")).toBe("user_operation_index");
    expect(snakeKey("chain_id")).toBe("chain_id");
    expect(snakeKey("schema2")).toBe("schema2");
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/), (key) => {
        expect(snakeKey(key)).toBe(key);
      }),
    );
  });

  it("leaves the keys inside args and metadata as they are (they are data)", () => {
    expect(
      toSnakeCase({ callData: { args: [{ amountIn: 1n }] }, schema2: { metadata: { someKey: 1 } } }),
    ).toEqual({
      call_data: { args: [{ amountIn: "1" }] },
      schema2: { metadata: { someKey: 1 } },
    });
  });
});
