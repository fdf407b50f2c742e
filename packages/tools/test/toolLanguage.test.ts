import {
  InvalidAmountError,
  InvalidArgumentError,
  InvalidFeeCurrencyError,
  InvalidPreparedFlowError,
  MissingEthRpcUrlError,
  NoLendingPositionError,
  RpcError,
} from "@preflow/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { argumentNamesOf } from "../src/input/parseToolArguments.js";
import { type DescribedError, describeError } from "../src/server/formatError.js";
import { inToolLanguage, type ToolLanguage } from "../src/server/toolLanguage.js";
import { toSnakeCase } from "../src/server/toolResult.js";
import { TOOLS } from "../src/tools/registry.js";

const toolNamed = (name: string) => {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};
const languageOf = (name: string): ToolLanguage => ({
  argumentNames: argumentNamesOf(toolNamed(name).input),
  toolTimeoutMs: 50_000,
});
/** What errorResult does: describe, snake_case, then translate for the tool. */
const say = (error: unknown, tool: string) =>
  inToolLanguage(toSnakeCase(describeError(error)) as DescribedError, languageOf(tool));
const OWNER = "0x1111111111111111111111111111111111111111";

describe("argumentNamesOf", () => {
  it("finds every argument name of a tool's input, nested ones included", () => {
    expect([...argumentNamesOf(toolNamed("prepare_withdraw").input)].sort()).toEqual(
      ["amount", "fee_currency", "from", "health_factor_floor", "token"].sort(),
    );
    const flow = argumentNamesOf(toolNamed("execute_prepared_flow").input);
    for (const name of ["flow", "dry_run", "prepared_flow", "chain_id", "function_name", "block_number"]) {
      expect(flow.has(name), name).toBe(true);
    }
    expect(argumentNamesOf(toolNamed("prepare_contract_call").input).has("spender")).toBe(true);
  });
});

describe("inToolLanguage", () => {
  it("names a camelCase field by the tool's snake_case argument, in the message and the details", () => {
    const same = say(
      new InvalidArgumentError({ field: "tokenOut", value: "USDC", rule: "must differ from tokenIn" }),
      "get_swap_quote",
    );
    expect(same.message).toBe('Invalid `token_out` (got "USDC"): must differ from token_in.');
    expect(same.details).toMatchObject({ field: "token_out", rule: "must differ from token_in" });
    const amount = say(
      new InvalidAmountError({ field: "amountIn", value: "x", rule: "bad" }),
      "prepare_swap",
    );
    expect(amount.message).toMatch(/^Invalid amount `amount_in`/);
    expect(amount.details?.field).toBe("amount_in");
    // Paths too (core's prepared-flow parser), and only names the tool has: `tokenInfo` is not `token_in`.
    const path = say(
      new InvalidPreparedFlowError({ path: "steps[0].call.functionName", rule: "tokenInfo is not chainId" }),
      "execute_prepared_flow",
    );
    expect(path.details).toMatchObject({
      path: "steps[0].call.function_name",
      rule: "tokenInfo is not chain_id",
    });
    // A fee-currency refusal of core names the tool's fee_currency argument.
    const fee = say(
      new InvalidFeeCurrencyError({ feeCurrency: "WETH", rule: "WETH has no fee currency" }),
      "prepare_send",
    );
    expect(fee.message).toBe('Invalid `fee_currency` "WETH": WETH has no fee currency.');
    expect(fee.details?.field).toBe("fee_currency");
    // What the caller gave, quoted, stays as given.
    const quoted = say(
      new InvalidArgumentError({ field: "tokenOut", value: "amountIn", rule: "must differ from tokenIn" }),
      "get_swap_quote",
    );
    expect(quoted.message).toBe('Invalid `token_out` (got "amountIn"): must differ from token_in.');
    expect(quoted.details?.value).toBe('"amountIn"');
    // A tool without the argument keeps the name.
    expect(
      say(new InvalidArgumentError({ field: "tokenOut", value: 1, rule: "r" }), "get_balances").details
        ?.field,
    ).toBe("tokenOut");
  });

  it("points to the server's variables and tools instead of the SDK's options and methods", () => {
    const ens = say(new MissingEthRpcUrlError({ name: "vitalik.eth" }), "resolve_ens");
    expect(ens.message).toContain("ETH_RPC_URL");
    expect(ens.message).not.toMatch(/ethRpcUrl|createSdkClient/);
    expect(ens.details).toEqual({ name: "vitalik.eth", network: "ethereum", variable: "ETH_RPC_URL" });

    const none = say(
      new NoLendingPositionError({ operation: "repay", token: "USDm", owner: OWNER }),
      "prepare_repay",
    );
    expect(none.message).toBe(
      `Nothing to repay: ${OWNER} has no USDm debt on Aave v3. Check the positions with the get_lending_positions tool.`,
    );

    const timeout = say(
      new RpcError({
        rpcUrl: "http://127.0.0.1:1/",
        method: "eth_call",
        reason: "timed out: no answer within 600 ms, 2 attempts (timeoutMs, retryCount)",
      }),
      "get_balances",
    );
    expect(timeout.message).toMatch(
      /^RPC request eth_call to http:\/\/127\.0\.0\.1:1\/ timed out \(no answer within 600 ms, 2 attempts\): .*Retry later.*RPC_URL.*PREFLOW_TOOL_TIMEOUT_MS \(now 50000 ms/,
    );
    expect(timeout.message).not.toMatch(/timeoutMs|retryCount/);
    expect(timeout.details).toMatchObject({ reason: "timed out: no answer within 600 ms, 2 attempts" });
    // Other RPC failures keep core's words.
    const down = say(
      new RpcError({ rpcUrl: "http://127.0.0.1:1/", method: "eth_call", reason: "down" }),
      "get_balances",
    );
    expect(down.message).toContain("failed: down.");
  });

  it("never throws and leaves text without SDK names as it was (property)", () => {
    const names = fc.constantFrom(...TOOLS.map((tool) => tool.name));
    fc.assert(
      fc.property(
        names,
        fc.string(),
        fc.string(),
        fc.dictionary(fc.string(), fc.anything()),
        (tool, code, message, details) => {
          const plain = message.replace(/[A-Za-z]/g, "x");
          const out = inToolLanguage({ name: "E", code, message: plain, details }, languageOf(tool));
          if (!["MISSING_ETH_RPC_URL", "RPC_ERROR"].includes(code)) expect(out.message).toBe(plain);
        },
      ),
    );
  });
});
