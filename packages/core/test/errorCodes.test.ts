// The protocol-declared part of CoreErrorCode: each registered protocol's `errorCodes` lists the codes of the
// errors its own actions throw, unique across the registry and apart from the generic codes.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { CoreErrorCode } from "../src/errors/codes.js";
import * as errors from "../src/index.js";
import type { LENDING_ERROR_CODES } from "../src/protocols/aave-v3/lendingErrors.js";
import type { CeloStakingErrorCode } from "../src/protocols/celo-staking/errors.js";
import {
  type CELO_STAKING_ERROR_CODES,
  CeloGovernanceRefusedError,
  CeloStakingRefusedError,
} from "../src/protocols/celo-staking/errors.js";
import { type Erc8004ErrorCode, Erc8004RefusedError } from "../src/protocols/erc8004/errors.js";
import {
  type GOODDOLLAR_ERROR_CODES,
  type GoodDollarErrorCode,
  GoodDollarRefusedError,
} from "../src/protocols/gooddollar/errors.js";
import { PROTOCOLS, type RegisteredErrorCode } from "../src/protocols/registry.js";

const declared = PROTOCOLS.flatMap((protocol) =>
  (protocol.errorCodes ?? []).map((code) => ({ protocol: protocol.id, code: code as string })),
);

describe("protocol error codes", () => {
  it("CoreErrorCode takes each protocol's declared codes (a type check: tsc fails when it does not)", () => {
    expectTypeOf<RegisteredErrorCode>().toEqualTypeOf<
      errors.LendingErrorCode | CeloStakingErrorCode | GoodDollarErrorCode | Erc8004ErrorCode
    >();
    expectTypeOf<
      errors.LendingErrorCode | CeloStakingErrorCode | GoodDollarErrorCode | Erc8004ErrorCode
    >().toMatchTypeOf<CoreErrorCode>();
    expectTypeOf<(typeof GOODDOLLAR_ERROR_CODES)[number]>().toEqualTypeOf<GoodDollarErrorCode>();
    // the lists are the whole unions
    expectTypeOf<(typeof LENDING_ERROR_CODES)[number]>().toEqualTypeOf<errors.LendingErrorCode>();
    expectTypeOf<(typeof CELO_STAKING_ERROR_CODES)[number]>().toEqualTypeOf<CeloStakingErrorCode>();
  });

  it("are unique across the registry", () => {
    const codes = declared.map(({ code }) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(declared.map(({ protocol }) => protocol).sort()).toEqual([
      ...Array(7).fill("aave-v3"),
      "celo-staking",
      "celo-staking",
      "erc8004",
      "gooddollar",
    ]);
  });

  it("name the code of every error class of the protocols' own (Aave's lending errors, the staking refusals)", () => {
    const thrown = [
      new errors.NotAnAaveReserveError({ field: "token", token: "WETH", reserves: ["USDm"] }),
      new errors.AaveReserveUnavailableError({ operation: "supply", token: "USDm", state: "frozen" }),
      new errors.AaveReadError({ contract: "Pool", functionName: "getReserveData", reason: "no code" }),
      new errors.HealthFactorTooLowError({
        operation: "borrow",
        token: "USDm",
        amount: "1",
        healthFactor: "1.05",
        current: "2",
        floor: "1.1",
      }),
      new errors.BorrowLimitExceededError({
        token: "USDm",
        amount: "9",
        availableUsd: "1",
        availableInToken: "1",
      }),
      new errors.NoLendingPositionError({ operation: "repay", token: "USDm", owner: "0x1" }),
      new errors.AmountExceedsPositionError({
        operation: "withdraw",
        token: "USDm",
        amount: 2n,
        position: 1n,
        amountFormatted: "2",
        positionFormatted: "1",
      }),
      new CeloStakingRefusedError({ operation: "lock 1 CELO", reason: "not-enough-celo", message: "…" }),
      new CeloGovernanceRefusedError({ operation: "upvote", reason: "not-queued", message: "…" }),
      new GoodDollarRefusedError({ operation: "claim", reason: "already-claimed", message: "…" }),
      new Erc8004RefusedError({ operation: "feedback", reason: "self-feedback", message: "…" }),
    ];
    expect(thrown.map((error) => error.code).sort()).toEqual(declared.map(({ code }) => code).sort());
  });
});
