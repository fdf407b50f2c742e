// aa's ErrorType table (test/helpers/errorTypes.ts) can fail: at compile time (a class missing from an entry, or
// one too many, does not type-check), at run time (an error outside the operation's ErrorType fails), and here
// when an operation whose ErrorType @preflow/aa exports has no entry.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InvalidArgumentError, InvalidConfigError } from "@preflow/core";
import { describe, expect, it } from "vitest";
import { type CreateAAClientErrorType, DelegationConflictError } from "../src/index.js";
import { ERROR_TYPES, errorTypeOf, expectInErrorType, operationOf } from "./helpers/errorTypes.js";

describe("aa's ErrorType table", () => {
  it("checks each entry against its union at compile time, both ways", () => {
    expect(errorTypeOf<CreateAAClientErrorType>()([InvalidConfigError])).toHaveLength(1);
    // @ts-expect-error InvalidArgumentError is not in CreateAAClientErrorType
    errorTypeOf<CreateAAClientErrorType>()([InvalidConfigError, InvalidArgumentError]);
    // @ts-expect-error the union's InvalidConfigError has no class in the entry
    errorTypeOf<CreateAAClientErrorType>()([]);
  });

  it("accepts an error of the operation's ErrorType and refuses one outside it", () => {
    const conflict = new DelegationConflictError({
      account: "0x1",
      delegate: "0x2",
      expected: "0x3",
    } as never);
    expectInErrorType("sendPreparedFlow", conflict);
    expect(() => expectInErrorType("simulatePreparedFlow", conflict)).toThrow(
      /simulatePreparedFlow threw DelegationConflictError, which is not in its ErrorType/,
    );
    expect(operationOf("aa.sendPreparedFlow")).toBe("sendPreparedFlow");
  });

  it("has an entry for every operation whose ErrorType @preflow/aa declares", () => {
    const src = fileURLToPath(new URL("../src/", import.meta.url));
    const text = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => readFileSync(join(src, file), "utf8"))
      .join("\n");
    const declared = [...text.matchAll(/^export type (?:AA)?(\w+)ErrorType\b/gm)].map(
      ([, name]) => `${name![0]!.toLowerCase()}${name!.slice(1)}`,
    );
    expect(declared.sort()).toEqual(Object.keys(ERROR_TYPES).sort());
  });
});
