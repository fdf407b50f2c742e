// Uniswap v4 through the tool server: get_swap_quote lists it and prepare_swap takes `venue: "uniswap-v4"` (both from
// core's registry), execute_prepared_flow runs the flow (token → Permit2 approval, Permit2's exact approval of the
// UniversalRouter, V4_SWAP) on the devnet's real v4 bytecode, and the spending policy reads it as a recognised swap
// whose amount counts once, with no contract allowed by address.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  encodeUniswapV4Swap,
  PERMIT2_ADDRESS,
  permit2Abi,
  TOKENS,
  UNISWAP_V4_ADDRESSES,
  universalRouterAbi,
} from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint160,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPolicy } from "../src/policy/checkPolicy.js";
import { decodeFlow } from "../src/policy/decodeFlow.js";
import type { LoadedPolicy } from "../src/policy/loadPolicy.js";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnPolicyServer,
  toolError,
} from "./helpers/spawnServer.js";

const ROUTER = UNISWAP_V4_ADDRESSES.universalRouter;
const { USDC, USDm } = TOKENS;
const ME = "0x1111111111111111111111111111111111111111" as Address;
const USDC_KEY = USDC.address.toLowerCase();
const CELO_KEY = TOKENS.CELO.address.toLowerCase();

const [currency0, currency1] =
  BigInt(USDC.address) < BigInt(USDm.address) ? [USDC.address, USDm.address] : [USDm.address, USDC.address];
function v4Swap(amountIn: bigint, recipient?: Address) {
  const { commands, inputs } = encodeUniswapV4Swap({
    poolKey: { currency0, currency1, fee: 100, tickSpacing: 1, hooks: zeroAddress },
    zeroForOne: currency0 === USDC.address,
    amountIn,
    minAmountOut: 1n,
    recipient,
  });
  return encodeFunctionData({
    abi: universalRouterAbi,
    functionName: "execute",
    args: [commands, inputs, 1_900_000_000n],
  });
}
const erc20Approve = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });
const permit2Approve = (amount: bigint) =>
  encodeFunctionData({
    abi: permit2Abi,
    functionName: "approve",
    args: [USDC.address, ROUTER, amount, 1_900_000_000],
  });

function policy(perCall: bigint, extra: Partial<LoadedPolicy> = {}): LoadedPolicy {
  return {
    file: "p.json",
    caps: new Map([[USDC_KEY, { key: "USDC", symbol: "USDC", address: USDC_KEY, decimals: 6, perCall }]]),
    allow: { contracts: [] },
    allowUnlimitedApprovals: false,
    ledger: undefined,
    format: (amount) => (Number(amount) / 1e6).toString(),
    symbol: (token) => token,
    ...extra,
  };
}

describe("the spending policy reads a v4 swap", () => {
  const flow = (amount: bigint): { to: Address; data: Hex; value: string }[] => [
    { to: USDC.address, data: erc20Approve(PERMIT2_ADDRESS, amount), value: "0" },
    { to: PERMIT2_ADDRESS, data: permit2Approve(amount), value: "0" },
    { to: ROUTER, data: v4Swap(amount), value: "0" },
  ];

  it("token → Permit2, Permit2 → router and the swap count the amount once; every step is recognised", () => {
    const effects = decodeFlow(flow(7_000_000n), ME);
    expect(effects.filter((effect) => effect.kind === "call").map((effect) => effect.known)).toEqual([
      true,
      true,
      true,
    ]);
    expect(effects).toContainEqual({
      kind: "approve",
      step: 1,
      token: USDC.address,
      spender: ROUTER,
      amount: 7_000_000n,
      through: PERMIT2_ADDRESS,
    });
    const within = checkPolicy(policy(7_000_000n), effects, CELO_KEY, ME);
    expect(within.violations).toEqual([]);
    expect(within.totals.get(USDC_KEY)).toBe(7_000_000n);
    const over = checkPolicy(policy(6_999_999n), effects, CELO_KEY, ME);
    expect(over.violations.map((violation) => violation.rule)).toEqual(["caps.USDC.perCall"]);
    // The swap alone (allowances from before) still counts its amount.
    const alone = checkPolicy(policy(1n), decodeFlow([flow(5n)[2]!], ME), CELO_KEY, ME);
    expect(alone.totals.get(USDC_KEY)).toBe(5n);
  });

  it("an unlimited Permit2 approval is refused; the output to a stranger needs allow.recipients", () => {
    const unlimited = decodeFlow([{ to: PERMIT2_ADDRESS, data: permit2Approve(maxUint160), value: "0" }], ME);
    expect(checkPolicy(policy(1n), unlimited, CELO_KEY, ME).violations.map((v) => v.rule)).toContain(
      "allowUnlimitedApprovals",
    );
    const stranger = "0x2222222222222222222222222222222222222222" as Address;
    const toStranger = decodeFlow([{ to: ROUTER, data: v4Swap(5n, stranger), value: "0" }], ME);
    const checked = checkPolicy(
      policy(10n, { allow: { recipients: [ME.toLowerCase()] } }),
      toStranger,
      CELO_KEY,
      ME,
    );
    expect(checked.violations.map((violation) => `${violation.rule} ${violation.address}`)).toEqual([
      `allow.recipients ${stranger}`,
    ]);
  });
});

describe("v4 through the tool server", () => {
  const devnet = useDevnet();
  const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
  const key = generatePrivateKey();
  const signer = privateKeyToAccount(key).address;
  const dir = mkdtempSync(join(tmpdir(), "preflow-v4-"));
  let server: SpawnedServer;
  beforeAll(async () => {
    await devnet.fund(signer, "CELO", "5");
    await devnet.fund(signer, "USDC", "50");
    server = await spawnPolicyServer({
      rpcUrl: devnet.rpcUrl,
      key,
      dir,
      policy: { caps: { USDC: { perCall: "20" } }, allow: { contracts: [] } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists uniswap-v4 in the tools' venue enum and quotes it", async () => {
    const { tools } = await server.client.listTools();
    const prepare = tools.find((tool) => tool.name === "prepare_swap")!;
    expect(JSON.stringify(prepare.inputSchema)).toContain('"uniswap-v4"');
    const quotes = data<{ quotes: { venue: string; route: unknown[] }[] }>(
      await server.call("get_swap_quote", { token_in: "USDC", token_out: "USDm", amount_in: "10" }),
    );
    expect(quotes.quotes.find((quote) => quote.venue === "uniswap-v4")?.route).toEqual([
      USDC.address,
      100,
      USDm.address,
    ]);
    const unknown = await server.call("prepare_swap", {
      token_in: "USDC",
      token_out: "USDm",
      amount_in: "1",
      venue: "uniswap-v5",
    });
    expect(toolError(unknown).code).toBe("INVALID_ARGUMENT");
  });

  it("prepare_swap venue uniswap-v4, then execute_prepared_flow under a policy: lands, exact allowances left at 0", async () => {
    const flow = data<{ steps: { to: string }[]; intent: { venue: string; min_amount_out: string } }>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "15",
        venue: "uniswap-v4",
      }),
    );
    expect(flow.intent.venue).toBe("uniswap-v4");
    expect(flow.steps.map((step) => step.to)).toEqual([USDC.address, PERMIT2_ADDRESS, ROUTER]);
    const executed = data<Execution>(await server.call("execute_prepared_flow", { flow }));
    expect(executed.status).toBe("success");
    expect(executed.steps.map((step) => step.status)).toEqual(["success", "success", "success"]);
    const usdm = await reader.readContract({
      address: USDm.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [signer],
    });
    expect(usdm).toBeGreaterThanOrEqual(BigInt(flow.intent.min_amount_out));
    const [toPermit2, [permit2Amount]] = await Promise.all([
      reader.readContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [signer, PERMIT2_ADDRESS],
      }),
      reader.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: "allowance",
        args: [signer, USDC.address, ROUTER],
      }),
    ]);
    expect(toPermit2).toBe(0n);
    expect(permit2Amount).toBe(0n);

    const tooBig = data<unknown>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "21",
        venue: "uniswap-v4",
      }),
    );
    const refused = await server.call("execute_prepared_flow", { flow: tooBig });
    expect(toolError(refused)).toMatchObject({ code: "POLICY_VIOLATION" });
    expect(JSON.stringify(toolError(refused).details)).toContain("caps.USDC.perCall");
  });
});
