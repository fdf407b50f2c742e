import { describe, expect, it } from "vitest";
import { AttributionError } from "../src/errors/AttributionError.js";
import { InvalidAttributionTagError } from "../src/errors/InvalidAttributionTagError.js";
import { InvalidCalldataError } from "../src/errors/InvalidCalldataError.js";
import { InvalidRequestFunctionError } from "../src/errors/InvalidRequestFunctionError.js";
import { InvalidTransactionHashError } from "../src/errors/InvalidTransactionHashError.js";
import { TransactionNotFoundError } from "../src/errors/TransactionNotFoundError.js";
import { TransactionRequestError } from "../src/errors/TransactionRequestError.js";

const hash = `0x${"cd".repeat(32)}` as const;

describe("errors", () => {
  it.each([
    [
      new InvalidAttributionTagError({ tag: "a b", index: 2, rule: "characters" }),
      "InvalidAttributionTagError",
      "INVALID_ATTRIBUTION_TAG",
    ],
    [new InvalidCalldataError({ data: "0xabc" }), "InvalidCalldataError", "INVALID_CALLDATA"],
    [
      new InvalidTransactionHashError({ hash: "0x12" }),
      "InvalidTransactionHashError",
      "INVALID_TRANSACTION_HASH",
    ],
    [
      new InvalidRequestFunctionError({ request: null }),
      "InvalidRequestFunctionError",
      "INVALID_REQUEST_FUNCTION",
    ],
    [new TransactionNotFoundError({ hash }), "TransactionNotFoundError", "TRANSACTION_NOT_FOUND"],
    [
      new TransactionRequestError({ hash, reason: "boom" }),
      "TransactionRequestError",
      "TRANSACTION_REQUEST_FAILED",
    ],
  ] as const)("%s has a stable name and code and extends AttributionError", (error, name, code) => {
    expect(error).toBeInstanceOf(AttributionError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(typeof error.details).toBe("object");
  });

  it("messages name the field, the value and the rule", () => {
    const tag = new InvalidAttributionTagError({ tag: "a b", index: 2, rule: "characters" });
    expect(tag.message).toBe(
      'Invalid attribution tag "a b" at index 2: a tag may contain only the characters A-Z, a-z, 0-9 and _.',
    );
    expect(new InvalidAttributionTagError({ tag: "x".repeat(40), rule: "too-long" }).message).toContain(
      "at most 32 characters",
    );
    expect(
      new InvalidAttributionTagError({ tag: "y", rule: "codes-too-long", length: 260 }).message,
    ).toContain("at most 255 bytes (it would be 260 bytes)");
    expect(new InvalidCalldataError({ data: "0xabc" }).message).toContain('"0xabc"');
    expect(new InvalidTransactionHashError({ hash: "0x12" }).message).toContain('"0x12"');
    expect(new InvalidRequestFunctionError({ request: 5 }).message).toContain("a number");
  });

  it("cuts long values in messages", () => {
    const error = new InvalidCalldataError({ data: `0x${"a".repeat(10_000)}` });
    expect(error.message.length).toBeLessThan(300);
  });

  it("redacts credentials in request failures", () => {
    const error = new TransactionRequestError({
      hash,
      reason:
        "GET https://x.example/rpc?apikey=SECRET1&key=SECRET2&token=SECRET3 Authorization: Bearer SECRET4",
    });
    for (const secret of ["SECRET1", "SECRET2", "SECRET3", "SECRET4"]) {
      expect(error.message).not.toContain(secret);
      expect(JSON.stringify(error.details)).not.toContain(secret);
    }
  });
});
