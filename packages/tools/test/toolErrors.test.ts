// Every tool error speaks the tool's language, over stdio with the built binary on the devnet: the arguments are
// named as the tool takes them (snake_case, in the message and in `details`), remedies name the server's
// environment variables and its tools instead of the SDK's options and methods, and an unknown tool, a missing
// argument, flow text that is not JSON, a malformed ABI entry and an attribution tag the SDK refuses say so.

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DEVNET_VAULT_ADDRESS, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, text, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const nobody = () => privateKeyToAccount(generatePrivateKey()).address;
/** SDK words an agent cannot act on: camelCase parameters and options, client calls, client bounds. */
const SDK_WORDS =
  /createSdkClient|client\.|ethRpcUrl|rpcUrl|timeoutMs|retryCount|tokenIn|tokenOut|amountIn|healthFactorFloor|functionName/;

let server: SpawnedServer;
let readOnly: SpawnedServer;
let proxy: FaultProxy;
let hanging: SpawnedServer;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  [server, readOnly, hanging] = await Promise.all([
    spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: generatePrivateKey() }),
    spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", PREFLOW_TOOLS: "read" }),
    // The endpoint as an operator may write it: without the trailing slash.
    spawnServer({
      RPC_URL: proxy.url.replace(/\/$/, ""),
      DO_NOT_TRACK: "1",
      PREFLOW_TOOL_TIMEOUT_MS: "3000",
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), readOnly?.close(), hanging?.close()]);
  await proxy?.close();
});

/** The error of a failed call, checked to say nothing in the SDK's words (message, text and details). */
function spoken(result: CallToolResult) {
  const error = toolError(result);
  expect(text(result)).toBe(`${error.code}: ${error.message}`);
  expect(error.message).not.toMatch(SDK_WORDS);
  expect(JSON.stringify(error.details ?? {})).not.toMatch(SDK_WORDS);
  return error;
}

describe("arguments are named as the tool takes them", () => {
  it("get_swap_quote: the same token twice names token_out and token_in; a bad amount names amount_in", async () => {
    const same = spoken(
      await server.call("get_swap_quote", { token_in: "USDC", token_out: "USDC", amount_in: "1" }),
    );
    expect(same.code).toBe("INVALID_ARGUMENT");
    expect(same.message).toContain("Invalid `token_out`");
    expect(same.message).toContain("must differ from token_in");
    expect(same.details).toMatchObject({ field: "token_out", rule: expect.stringContaining("token_in") });

    for (const amount_in of ["1.2.3", "-1", "1e6"]) {
      const amount = spoken(
        await server.call("get_swap_quote", { token_in: "USDC", token_out: "USDm", amount_in }),
      );
      expect(amount.code).toBe("INVALID_AMOUNT");
      expect(amount.message).toContain("Invalid amount `amount_in`");
      expect(amount.details).toMatchObject({ field: "amount_in" });
    }
  });

  it("prepare_withdraw and prepare_borrow: a floor out of range names health_factor_floor", async () => {
    for (const tool of ["prepare_withdraw", "prepare_borrow"]) {
      const error = spoken(
        await server.call(tool, {
          from: nobody(),
          token: "USDC",
          amount: "1",
          health_factor_floor: "0.5",
        }),
      );
      expect({ tool, code: error.code }).toEqual({ tool, code: "INVALID_ARGUMENT" });
      expect(error.message).toContain("Invalid `health_factor_floor`");
      expect(error.details).toMatchObject({ field: "health_factor_floor" });
    }
  });

  it("a missing required argument is required, by its name", async () => {
    const name = spoken(await server.call("resolve_ens", {}));
    expect(name).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "`name` is required by resolve_ens (expected string). Nothing was done.",
      details: { tool: "resolve_ens", path: "name", missing: true },
    });
    expect(name.message).not.toContain("undefined");
    const flow = spoken(await server.call("simulate_flow", {}));
    expect(flow.message).toMatch(/^`flow` is required by simulate_flow/);
    const nested = spoken(
      await server.call("prepare_contract_call", {
        to: DEVNET_VAULT_ADDRESS,
        abi: ["function deposit(address token, uint256 amount)"],
        function_name: "deposit",
        approvals: [{ amount: "1" }],
      }),
    );
    expect(nested.message).toMatch(/^`approvals\[0\]\.token` is required by prepare_contract_call/);
    expect(nested.details).toMatchObject({ path: "approvals[0].token", missing: true });
  });
});

describe("remedies name the server's environment and its tools", () => {
  it("resolve_ens on ethereum without ETH_RPC_URL points to the server's ETH_RPC_URL variable", async () => {
    const error = spoken(await server.call("resolve_ens", { name: "vitalik.eth", network: "ethereum" }));
    expect(error.code).toBe("MISSING_ETH_RPC_URL");
    expect(error.message).toContain("ETH_RPC_URL in the server's environment");
    expect(error.details).toEqual({ name: "vitalik.eth", network: "ethereum", variable: "ETH_RPC_URL" });
  });

  it("prepare_repay and prepare_withdraw without a position point to get_lending_positions", async () => {
    const owner = nobody();
    for (const [tool, what] of [
      ["prepare_repay", "Nothing to repay"],
      ["prepare_withdraw", "Nothing to withdraw"],
    ] as const) {
      const error = spoken(await server.call(tool, { from: owner, token: "USDC", amount: "1" }));
      expect({ tool, code: error.code }).toEqual({ tool, code: "NO_LENDING_POSITION" });
      expect(error.message).toContain(what);
      expect(error.message).toContain("Check the positions with the get_lending_positions tool");
      expect(error.details).toMatchObject({ owner, token: "USDC" });
    }
  });

  it("an RPC time-out names RPC_URL and PREFLOW_TOOL_TIMEOUT_MS, not the client's bounds, and shows the URL once", async () => {
    proxy.inject({ method: "*", fault: { kind: "hang" } });
    try {
      const error = spoken(
        await hanging.call("get_balances", { address: nobody(), tokens: ["USDm"] }, { timeout: 30_000 }),
      );
      expect(error.code).toBe("RPC_ERROR");
      expect(error.message).toMatch(/timed out \(no answer within 600 ms, 2 attempts\)/);
      expect(error.message).toContain("Retry later");
      expect(error.message).toContain("RPC_URL");
      expect(error.message).toContain("PREFLOW_TOOL_TIMEOUT_MS (now 3000 ms");
      expect(error.details).toMatchObject({
        reason: "timed out: no answer within 600 ms, 2 attempts",
        variables: ["RPC_URL", "PREFLOW_TOOL_TIMEOUT_MS"],
      });
      // The endpoint, configured without its trailing slash, appears once and as it is: no `host:port//`.
      expect(error.details?.rpc_url).toBe(proxy.url);
      expect(error.message).toContain(` to ${proxy.url} timed out`);
      expect(error.message.match(/127\.0\.0\.1:\d+\/\//)).toBeNull();
    } finally {
      proxy.clearFaults();
    }
  });
});

describe("unknown tools", () => {
  it("answers UNKNOWN_TOOL with the nearest tool offered, or the tools offered", async () => {
    const near = spoken(await readOnly.call("get_balance", {}));
    expect(near).toMatchObject({
      code: "UNKNOWN_TOOL",
      message: "No tool `get_balance` on this server: did you mean `get_balances`? Nothing was done.",
      details: { tool: "get_balance", suggestion: "get_balances", family: null, families: ["read"] },
    });
    const none = spoken(await readOnly.call("no_such_tool", {}));
    expect(none.code).toBe("UNKNOWN_TOOL");
    expect(none.message).toMatch(
      /^No tool `no_such_tool` on this server: the tools offered are get_network_status, /,
    );
    expect(none.message).not.toContain("PREFLOW_TOOLS");
    expect(none.details).toMatchObject({ suggestion: null, family: null });
  });

  it("says a tool outside the selected families is not offered, and why", async () => {
    const error = spoken(await readOnly.call("send_token", { to: nobody(), token: "USDm", amount: "1" }));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toMatch(
      /^`send_token` is not offered: PREFLOW_TOOLS=read selects the family read, and send_token is of the family execute\./,
    );
    expect(error.details).toEqual({
      tool: "send_token",
      suggestion: null,
      family: "execute",
      families: ["read"],
    });
    // The server keeps serving.
    expect(data(await readOnly.call("get_wallet_address", {}))).toMatchObject({ configured: false });
  });
});

describe("inputs the tools take as text", () => {
  it("execute_prepared_flow and simulate_flow: flow text that is not JSON is said to be so, with where", async () => {
    for (const tool of ["execute_prepared_flow", "simulate_flow"]) {
      const error = spoken(await server.call(tool, { flow: "{not json" }));
      expect({ tool, code: error.code }).toEqual({ tool, code: "INVALID_ARGUMENT" });
      expect(error.message).toContain("is text but not valid JSON");
      expect(error.message).toContain("at position 1");
      expect(error.message).not.toContain("expected object");
      expect(error.details).toMatchObject({ tool, path: "flow" });
    }
  });

  it("prepare_contract_call: a malformed ABI entry is named by index and said not to parse", async () => {
    const broken = "function deposit(address token, uint256 amount";
    const error = spoken(
      await server.call("prepare_contract_call", {
        from: nobody(),
        to: DEVNET_VAULT_ADDRESS,
        abi: ["function withdraw(uint256 amount)", broken],
        function_name: "deposit",
        args: [USDM, parseUnits("1", 18).toString()],
      }),
    );
    expect(error.code).toBe("INVALID_CONTRACT_CALL");
    expect(error.details).toMatchObject({ field: "abi[1]" });
    expect(error.message).toContain(`entry 1 ("${broken}")`);
    expect(error.message).toContain("could not be parsed as a human-readable ABI signature");
    expect(error.message).toContain("viem's parseAbi rules");
    // A long entry is cut short.
    const long = spoken(
      await server.call("prepare_contract_call", {
        from: nobody(),
        to: DEVNET_VAULT_ADDRESS,
        abi: [`function deposit(${"uint256 a, ".repeat(100)}`],
        function_name: "deposit",
      }),
    );
    expect(long.details).toMatchObject({ field: "abi[0]" });
    expect(long.message.length).toBeLessThan(600);
  });

  it("check_attribution_tag refuses a tag the SDK refuses, by the SDK's rule, and checks a good one", async () => {
    const error = spoken(await server.call("check_attribution_tag", { calldata: "0x", tag: "bad tag!" }));
    expect(error).toMatchObject({
      code: "INVALID_ARGUMENT",
      details: { tool: "check_attribution_tag", path: "tag", value: '"bad tag!"' },
    });
    expect(error.message).toContain("a tag may contain only the characters A-Z, a-z, 0-9 and _");
    for (const tag of ["x".repeat(33), "my-app"]) {
      expect(toolError(await server.call("check_attribution_tag", { calldata: "0x", tag })).code).toBe(
        "INVALID_ARGUMENT",
      );
    }
    expect(data(await server.call("check_attribution_tag", { calldata: "0x", tag: "My_App" }))).toMatchObject(
      {
        found: false,
        matched: false,
      },
    );
  });
});
