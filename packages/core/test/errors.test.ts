import { AttributionError, normalizeAttributionTags } from "@preflow/attribution";
import { describe, expect, it } from "vitest";
import * as errors from "../src/errors/index.js";

describe("errors", () => {
  const samples = [
    new errors.InvalidAddressError({ field: "owner", value: "0x12" }),
    new errors.InvalidAmountError({
      field: "amount",
      value: "-1",
      rule: "is negative",
      token: "USDm",
      decimals: 18,
    }),
    new errors.InsufficientBalanceError({
      owner: "0x1",
      token: "USDm",
      have: 1n,
      need: 2n,
      haveFormatted: "1",
      needFormatted: "2",
    }),
    new errors.InvalidArgumentError({ field: "hash", value: "0x", rule: "must be 32 bytes" }),
    new errors.ChainMismatchError({ expected: 42220, actual: 1, rpcUrl: "https://x.org/" }),
    new errors.InvalidConfigError({ option: "rpcUrl", rule: "must be http" }),
    new errors.UnknownOptionError({ option: "rpcURL", suggestion: "rpcUrl", known: ["rpcUrl"] }),
    new errors.InvalidContractCallError({ field: "args", reason: "too few" }),
    new errors.InvalidPreparedFlowError({ path: "steps[1].data", rule: "not hex" }),
    new errors.RpcError({ rpcUrl: "https://x.org/", method: "eth_call", reason: "boom", status: 503 }),
    new errors.TokenReadError({
      symbol: "USDm",
      address: "0x1",
      functionName: "balanceOf",
      reason: "reverted",
    }),
    new errors.UnknownTokenError({ token: "USDN", suggestions: ["USDm"], known: ["USDm"] }),
    new errors.InvalidEnsNameError({ name: "a..b", rule: "must not have an empty label" }),
    new errors.MissingEthRpcUrlError({ name: "vitalik.eth" }),
    new errors.UnsupportedEnsNameError({
      name: "vitalik.eth",
      network: "celo",
      rule: "not under celo.eth",
      suggestion: "Use ethereum.",
    }),
    new errors.InvalidEnsNetworkError({ network: "base", allowed: ["celo", "ethereum"] }),
    new errors.FlowAccountMismatchError({ from: "0x1", account: "0x2" }),
    new errors.InvalidFeeCurrencyError({ feeCurrency: "WETH", rule: "WETH has no fee currency" }),
    new errors.FeeEstimateRevertedError({ step: 1, reason: 'Error("STF")' }),
  ];

  it("all extend SdkError with a distinct stable code of CoreErrorCode, a name and JSON-safe details", () => {
    const codes = new Set<string>();
    const known: errors.CoreErrorCode[] = [
      "INVALID_CONFIG",
      "UNKNOWN_OPTION",
      "INVALID_ADDRESS",
      "INVALID_AMOUNT",
      "INSUFFICIENT_BALANCE",
      "INVALID_ARGUMENT",
      "INVALID_CONTRACT_CALL",
      "INVALID_PREPARED_FLOW",
      "FLOW_ACCOUNT_MISMATCH",
      "CHAIN_MISMATCH",
      "RPC_ERROR",
      "TOKEN_READ_FAILED",
      "UNKNOWN_TOKEN",
      "TRANSACTION_NOT_FOUND",
      "INVALID_ENS_NAME",
      "UNSUPPORTED_ENS_NAME",
      "MISSING_ETH_RPC_URL",
      "INVALID_ENS_NETWORK",
      "INVALID_FEE_CURRENCY",
      "FEE_ESTIMATE_REVERTED",
    ];
    for (const error of samples) {
      expect(error).toBeInstanceOf(errors.SdkError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
      expect(error.code).toMatch(/^[A-Z_]+$/);
      codes.add(error.code);
      expect(known).toContain(error.code);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({
        name: error.name,
        code: error.code,
        message: error.message,
      });
      expect(Object.isFrozen(error.details)).toBe(true);
    }
    expect(codes.size).toBe(samples.length);
  });

  it("SdkError is the one base class: attribution's errors are instances of it too", () => {
    const notFound = new errors.TransactionNotFoundError({ hash: "0x00" });
    expect(notFound).toBeInstanceOf(errors.SdkError);
    expect(notFound).toBeInstanceOf(AttributionError);
    expect(notFound.code).toBe("TRANSACTION_NOT_FOUND");
    expect(() => normalizeAttributionTags(["a b"])).toThrow(errors.SdkError);
    // ...while subclass checks stay exact.
    expect(notFound).not.toBeInstanceOf(errors.InvalidAmountError);
    expect(new Error("plain")).not.toBeInstanceOf(errors.SdkError);
    expect(samples[0]).toBeInstanceOf(errors.InvalidAddressError);
    expect(samples[0]).not.toBeInstanceOf(errors.InvalidAmountError);
  });

  it("messages name the field and the rule", () => {
    expect(samples[0]!.message).toMatch(/`owner`.*"0x12"/);
    expect(samples[1]!.message).toMatch(/`amount` of USDm.*"-1".*is negative/);
    expect(samples[2]!.message).toMatch(/have 1 USDm, need 2 USDm/);
    expect(samples[8]!.message).toBe("Invalid prepared flow at steps[1].data: not hex.");
    expect(samples[11]!.message).toMatch(/Did you mean USDm\?/);
  });
});
