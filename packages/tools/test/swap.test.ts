// Swaps through the built binary (spawned over stdio) on the devnet: get_swap_quote, prepare_swap then
// execute_prepared_flow (real Uniswap v3 bytecode, the Mento stand-ins), strict inputs, and the spending policy
// recognising the routers' swaps.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnPolicyServer,
  spawnServer,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { USDC, USDm } = devnet.tokens;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const balanceOf = (token: Address, owner: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const ROUTER = "0x5615CDAb10dc425a742d643d949a7F474C01abc4";

interface Quote {
  venue: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  amount_out: string;
  amount_out_formatted: string;
  route: unknown[];
  fee: number[] | null;
}
interface SwapFlow {
  from: string;
  steps: { to: string; call?: { contract: string; function_name: string } }[];
  intent: Record<string, unknown> & { expected_amount_out: string; min_amount_out: string; deadline: string };
  expires_at: string;
  prepared_at: { block_number: string };
}

describe("swap tools", () => {
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  let server: SpawnedServer;
  beforeAll(async () => {
    await devnet.fund(signer, "CELO", "5");
    await devnet.fund(signer, "USDC", "100");
    server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("get_swap_quote: every venue's quote in snake_case, and the best", async () => {
    const quotes = data<{ quotes: Quote[]; best: Quote; no_route: string[]; block_number: string }>(
      await server.call("get_swap_quote", { token_in: "USDC", token_out: "USDm", amount_in: "100" }),
    );
    expect(quotes.quotes.map((quote) => quote.venue)).toEqual(["uniswap", "uniswap-v4", "mento"]);
    expect(quotes.best).toMatchObject({
      venue: "uniswap",
      token_in: USDC.address,
      token_out: USDm.address,
      amount_in: "100000000",
      route: [USDC.address, 100, USDm.address],
      fee: [100],
    });
    expect(quotes.no_route).toEqual([]);
    expect(BigInt(quotes.best.amount_out)).toBeGreaterThan(99n * 10n ** 18n);
  });

  it("prepare_swap then execute_prepared_flow swaps on the devnet: received == expected_amount_out", async () => {
    const flow = data<SwapFlow>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "40",
        slippage_bps: 30,
      }),
    );
    expect(flow.from).toBe(signer);
    expect(flow.steps.map((step) => step.call?.contract)).toEqual(["USDC", "Uniswap SwapRouter02"]);
    expect(flow.steps[1]).toMatchObject({ to: ROUTER, call: { function_name: "multicall" } });
    expect(flow.intent).toMatchObject({
      kind: "swap",
      venue: "uniswap",
      token_in: USDC.address,
      token_out: USDm.address,
      amount_in: "40000000",
    });
    expect(BigInt(flow.intent.min_amount_out)).toBe(
      (BigInt(flow.intent.expected_amount_out) * 9970n) / 10000n,
    );
    expect(flow.expires_at).toBe(flow.intent.deadline);

    const simulated = data<Execution>(await server.call("execute_prepared_flow", { flow, dry_run: true }));
    expect(simulated).toMatchObject({ status: "success", dry_run: true });
    const executed = data<Execution>(await server.call("execute_prepared_flow", { flow }));
    expect(executed.status).toBe("success");
    expect(executed.steps.map((step) => step.status)).toEqual(["success", "success"]);
    expect(await balanceOf(USDm.address, signer)).toBe(BigInt(flow.intent.expected_amount_out));
    expect(await balanceOf(USDC.address, signer)).toBe(60_000_000n);
  });

  it("prepare_swap on Mento, to another recipient, lands too", async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = data<SwapFlow>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "10",
        venue: "mento",
        recipient,
        deadline_seconds: 120,
      }),
    );
    expect(flow.steps.at(-1)?.call).toMatchObject({
      contract: "Mento Router",
      function_name: "swapExactTokensForTokens",
    });
    expect(BigInt(flow.expires_at) - BigInt(flow.intent.deadline)).toBe(0n);
    expect(data<Execution>(await server.call("execute_prepared_flow", { flow })).status).toBe("success");
    expect(await balanceOf(USDm.address, recipient)).toBe(BigInt(flow.intent.expected_amount_out));
  });

  it("refuses bad input before any request, naming the field; NO_ROUTE names the venues", async () => {
    const misspelled = await server.call("prepare_swap", {
      token_in: "USDC",
      token_out: "USDm",
      amount_in: "1",
      slippageBps: 50,
    });
    expect(toolError(misspelled)).toMatchObject({
      code: "UNKNOWN_ARGUMENT",
      details: { path: "slippageBps", suggestion: "slippage_bps" },
    });
    const tooLoose = await server.call("prepare_swap", {
      token_in: "USDC",
      token_out: "USDm",
      amount_in: "1",
      slippage_bps: 6000,
    });
    expect(toolError(tooLoose).code).toBe("INVALID_ARGUMENT");
    const same = await server.call("get_swap_quote", { token_in: "USDC", token_out: "usdc", amount_in: "1" });
    expect(toolError(same)).toMatchObject({ code: "INVALID_ARGUMENT", details: { field: "token_out" } });
    const decimals = await server.call("get_swap_quote", {
      token_in: "USDC",
      token_out: "USDm",
      amount_in: "0.0000001",
    });
    expect(toolError(decimals).code).toBe("INVALID_AMOUNT");
    const noRoute = await server.call("get_swap_quote", {
      token_in: "BRLm",
      token_out: "USDT",
      amount_in: "1",
    });
    expect(toolError(noRoute)).toMatchObject({
      code: "NO_ROUTE",
      details: { venues: ["uniswap", "uniswap-v4", "mento"] },
    });
  });
});

describe("swap tools under a spending policy", () => {
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  const dir = mkdtempSync(join(tmpdir(), "preflow-swap-policy-"));
  let server: SpawnedServer;
  beforeAll(async () => {
    await devnet.fund(signer, "CELO", "5");
    await devnet.fund(signer, "USDC", "50");
    // No contract is allowed by address: the routers' swaps are recognised calls, bounded by the USDC cap.
    server = await spawnPolicyServer({
      rpcUrl: devnet.rpcUrl,
      key,
      dir,
      policy: { caps: { USDC: { perCall: "5" } }, allow: { contracts: [] } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a swap over the cap before signing, and executes one within it", async () => {
    const big = data<SwapFlow>(
      await server.call("prepare_swap", { token_in: "USDC", token_out: "USDm", amount_in: "6" }),
    );
    const refused = await server.call("execute_prepared_flow", { flow: big });
    expect(toolError(refused)).toMatchObject({ code: "POLICY_VIOLATION" });
    expect(JSON.stringify(toolError(refused).details)).toContain("caps.USDC.perCall");
    expect(await reader.getTransactionCount({ address: signer })).toBe(0);

    const small = data<SwapFlow>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "5",
        venue: "mento",
      }),
    );
    expect(data<Execution>(await server.call("execute_prepared_flow", { flow: small })).status).toBe(
      "success",
    );
    expect(await balanceOf(USDm.address, signer)).toBe(BigInt(small.intent.expected_amount_out));
  });
});
