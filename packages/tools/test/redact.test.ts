import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../src/server/redact.js";
import { snakeKey, toCamelCase, toSnakeCase } from "../src/server/toolResult.js";

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

describe("toCamelCase", () => {
  it("undoes toSnakeCase for the SDK's camelCase keys, and leaves args alone", () => {
    const intent = {
      kind: "swap",
      tokenIn: "0x1",
      minAmountOut: "5",
      route: [{ tokenIn: "0x1", feeTier: 100 }],
      args: [{ amountIn: "1" }],
    };
    expect(toCamelCase(toSnakeCase(intent))).toEqual(intent);
  });

  it("camelKey(snakeKey(k)) is k for every camelCase name", () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{1,6}$/); // no one-letter words: no acronyms like "aAA"
    const camel = fc
      .array(word, { minLength: 1, maxLength: 4 })
      .map(([first, ...rest]) => first + rest.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(""));
    fc.assert(
      fc.property(camel, (key) => {
        expect(Object.keys(toCamelCase(toSnakeCase({ [key]: 1 })) as object)).toEqual([key]);
      }),
    );
  });
});
