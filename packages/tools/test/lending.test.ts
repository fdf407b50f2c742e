// Lending over stdio with the built binary on the devnet's Aave v3 market: prepare_supply then
// execute_prepared_flow supplies; positions, borrow limits, health-factor refusals, repay and withdraw "max".
import { AAVE_RESERVES } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type Execution, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDC = devnet.tokens.USDC.address as Address;
const USDM = devnet.tokens.USDm.address as Address;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const balanceOf = (token: Address, owner: Address = signer) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

interface Flow {
  steps: { call?: { contract: string; function_name: string; args: unknown[] } }[];
  intent?: Record<string, unknown>;
  prepared_at?: { block_number: string };
}
interface Positions {
  reserves: { token: { symbol: string }; supplied: { formatted: string }; borrowed: { value: string } }[];
  account: { total_collateral: { formatted: string }; health_factor: { formatted: string } | null };
}

let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "CELO", "10");
  await devnet.fund(signer, "USDC", "100");
  server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
});
afterAll(async () => {
  await server?.close();
});

async function execute(flow: Flow): Promise<Execution> {
  const execution = data<Execution>(await server.call("execute_prepared_flow", { flow }));
  expect(execution.status, JSON.stringify(execution)).toBe("success");
  return execution;
}

describe("lending tools", () => {
  it("prepare_supply then execute_prepared_flow supplies USDC on Aave v3; get_lending_positions shows it", async () => {
    const flow = data<Flow>(await server.call("prepare_supply", { token: "USDC", amount: "100" }));
    expect(flow.intent).toEqual({ kind: "supply", protocol: "aave-v3", token: USDC, amount: "100000000" });
    expect(flow.steps.map((step) => [step.call?.contract, step.call?.function_name])).toEqual([
      ["USDC", "approve"],
      ["Aave v3 Pool", "supply"],
    ]);
    const execution = await execute(flow);
    expect(execution.completed_steps).toBe(2);
    expect(await balanceOf(AAVE_RESERVES.USDC.aToken)).toBe(100_000_000n);
    expect(await balanceOf(USDC)).toBe(0n);

    const positions = data<Positions>(await server.call("get_lending_positions", {}));
    expect(positions.reserves[0]).toMatchObject({
      token: { symbol: "USDC" },
      supplied: { formatted: "100" },
    });
    expect(positions.account.total_collateral.formatted).toBe("100");
    expect(positions.account.health_factor).toBeNull();
  });

  it("borrows within the limit, refuses beyond it and below the floor, repays max and withdraws max", async () => {
    const over = toolError(await server.call("prepare_borrow", { token: "USDm", amount: "80" }));
    expect(over).toMatchObject({ code: "BORROW_LIMIT_EXCEEDED", details: { available_usd: "75" } });
    const misspelled = toolError(
      await server.call("prepare_borrow", { token: "USDm", amount: "10", healthFactorFloor: "2" }),
    );
    expect(misspelled).toMatchObject({
      code: "UNKNOWN_ARGUMENT",
      details: { suggestion: "health_factor_floor" },
    });
    const floor = toolError(
      await server.call("prepare_borrow", { token: "USDm", amount: "60", health_factor_floor: "1.5" }),
    );
    expect(floor.code).toBe("HEALTH_FACTOR_TOO_LOW");

    await execute(data<Flow>(await server.call("prepare_borrow", { token: "USDm", amount: "30" })));
    expect(await balanceOf(USDM)).toBe(30n * 10n ** 18n);
    const positions = data<Positions>(await server.call("get_lending_positions", { address: signer }));
    expect(positions.account.health_factor?.formatted).toMatch(/^2\.(59|6)/); // 100 × 78 % / 30

    expect(toolError(await server.call("prepare_withdraw", { token: "USDC", amount: "max" })).code).toBe(
      "HEALTH_FACTOR_TOO_LOW",
    );
    await devnet.fund(signer, "USDm", "1"); // interest and the 0.1 % margin
    const repay = data<Flow>(await server.call("prepare_repay", { token: "USDm", amount: "max" }));
    expect(repay.steps.map((step) => step.call?.function_name)).toEqual(["approve", "repay"]);
    await execute(repay);
    expect(await balanceOf(AAVE_RESERVES.USDm.variableDebtToken)).toBe(0n);

    await execute(data<Flow>(await server.call("prepare_withdraw", { token: "USDC", amount: "max" })));
    expect(await balanceOf(AAVE_RESERVES.USDC.aToken)).toBe(0n);
    expect(await balanceOf(USDC)).toBeGreaterThanOrEqual(100_000_000n);
    expect(toolError(await server.call("prepare_repay", { token: "USDm", amount: "max" })).code).toBe(
      "NO_LENDING_POSITION",
    );
  });
});
