// simulate_flow over stdio with the built binary on the devnet: the simulation and the preview of an
// approve-then-call flow (no signer needed), a revert decoded with not-run after it, one RPC request, and
// SIMULATION_UNSUPPORTED on a node without eth_simulateV1; execute_prepared_flow's dry_run takes the same path.
import { DEVNET_VAULT_ADDRESS, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  data,
  type Execution,
  type SpawnedServer,
  spawnServer,
  text,
  toolError,
} from "./helpers/spawnServer.js";

const devnet = useDevnet();
const USDM = devnet.tokens.USDm.address as Address;
const owner = privateKeyToAccount(generatePrivateKey()).address;
const key = generatePrivateKey();

interface Simulated {
  simulation: {
    success: boolean;
    account: string;
    failed_step: number | null;
    steps: {
      status: string;
      gas_used: string | null;
      revert_reason?: { name: string | null; message: string };
      refusal?: { reason: string; currency: string; have: { value: string }; message: string };
    }[];
    balance_changes: { address: string; symbol: string | null; delta: string; formatted: string | null }[];
    allowance_changes: {
      owner: string;
      spender: string;
      before: { value: string } | null;
      after: { value: string };
    }[];
    fee: { gas_used: string; formatted: string };
  };
  preview: string;
}

let keyless: SpawnedServer;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
beforeAll(async () => {
  await devnet.fund(owner, "USDm", "10");
  await devnet.fund(owner, "CELO", "1"); // the fee of its steps (the node refuses a step it cannot pay for)
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  // No CHAIN_PRIVATE_KEY: simulating needs no signer.
  keyless = await spawnServer({ RPC_URL: proxy.url, DO_NOT_TRACK: "1" });
});
afterAll(async () => {
  await keyless?.close();
  await proxy?.close();
});

const depositFlow = async (server: SpawnedServer, from: Address, amount: string) =>
  data(
    await server.call("prepare_contract_call", {
      from,
      to: DEVNET_VAULT_ADDRESS,
      abi: ["function deposit(address token, uint256 amount)"],
      function_name: "deposit",
      args: [USDM, parseUnits(amount, 18).toString()],
      approvals: [{ token: "USDm", amount }],
    }),
  );

describe("simulate_flow", () => {
  it("returns the simulation and the preview of an approve-then-call flow, in one RPC request, without a signer", async () => {
    const flow = await depositFlow(keyless, owner, "6");
    proxy.reset();
    const result = await keyless.call("simulate_flow", { flow });
    expect(proxy.requests).toBe(1);
    expect(proxy.count("eth_simulateV1")).toBe(1);
    const { simulation, preview } = data<Simulated>(result);
    expect(simulation).toMatchObject({ success: true, account: owner, failed_step: null });
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success"]);
    expect(simulation.balance_changes).toEqual([
      expect.objectContaining({
        address: owner,
        symbol: "USDm",
        delta: `-${parseUnits("6", 18)}`,
        formatted: "-6",
      }),
      expect.objectContaining({ address: DEVNET_VAULT_ADDRESS, symbol: "USDm", formatted: "6" }),
    ]);
    expect(simulation.allowance_changes).toMatchObject([
      { owner, spender: DEVNET_VAULT_ADDRESS, before: { value: "0" }, after: { value: "0" } },
    ]);
    expect(preview).toContain(`Approve ${DEVNET_VAULT_ADDRESS} to spend exactly 6 USDm`);
    expect(preview).toContain("every step succeeds");
    expect(preview).toContain(`you (${owner}): -6 USDm`);
    expect(text(result)).toMatch(/^Simulation: all 2 step\(s\) succeed/);
    // The same flow as JSON text works too.
    expect(
      data<Simulated>(await keyless.call("simulate_flow", { flow: JSON.stringify(flow) })).simulation.success,
    ).toBe(true);
  });

  it("reports a step the account cannot pay the fee of as refused (a stablecoin-only account paying in CELO)", async () => {
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    await devnet.fund(poor, "USDm", "10");
    const flow = await depositFlow(keyless, poor, "6");
    const result = await keyless.call("simulate_flow", { flow });
    const { simulation, preview } = data<Simulated>(result);
    expect(simulation).toMatchObject({ success: false, failed_step: 0 });
    expect(simulation.steps.map((step) => step.status)).toEqual(["refused", "not-run"]);
    expect(simulation.steps[0]?.refusal).toMatchObject({
      reason: "insufficient-fee-balance",
      currency: "CELO",
      have: { value: "0" },
    });
    expect(preview).toContain("step 1 IS REFUSED: the account holds 0 CELO");
    expect(text(result)).toMatch(/^Simulation: step 0 would be refused by the node/);
  });

  it("reports a revert with its decoded reason and not-run after it", async () => {
    const flow = await depositFlow(keyless, owner, "6");
    const steps = (flow as { steps: unknown[] }).steps;
    // The deposit alone: no approval on this state, so it reverts; the approval after it never runs.
    const reordered = { ...flow, steps: [steps[1], steps[0]] };
    const result = await keyless.call("simulate_flow", { flow: reordered });
    const { simulation, preview } = data<Simulated>(result);
    expect(result.isError).toBeFalsy();
    expect(simulation.steps.map((step) => step.status)).toEqual(["reverted", "not-run"]);
    // the devnet's USDm is Celo's StableToken: a revert string
    expect(simulation.steps[0]?.revert_reason?.name).toBe("Error");
    expect(simulation.balance_changes).toEqual([]);
    expect(preview).toMatch(/step 1 REVERTS: .*transfer value exceeded sender's allowance for recipient/);
    expect(text(result)).toMatch(/^Simulation: step 0 would revert/);
  });

  it("execute_prepared_flow's dry_run takes the same path; a node without eth_simulateV1 is SIMULATION_UNSUPPORTED", async () => {
    const flow = await depositFlow(keyless, owner, "2");
    proxy.reset();
    const dry = data<Execution>(await keyless.call("execute_prepared_flow", { flow, dry_run: true }));
    expect(dry).toMatchObject({
      status: "success",
      dry_run: true,
      simulation: "sequential",
      completed_steps: 2,
    });
    expect(proxy.count("eth_simulateV1")).toBe(1);
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);

    const missing = proxy.inject({
      method: "eth_simulateV1",
      fault: {
        kind: "error",
        code: -32601,
        message: "the method eth_simulateV1 does not exist/is not available",
      },
    });
    try {
      expect(toolError(await keyless.call("simulate_flow", { flow })).code).toBe("SIMULATION_UNSUPPORTED");
      expect(toolError(await keyless.call("execute_prepared_flow", { flow, dry_run: true })).code).toBe(
        "SIMULATION_UNSUPPORTED",
      );
      expect(proxy.count("eth_estimateGas")).toBe(0);
    } finally {
      missing.remove();
    }
  });

  it("runs as another address with `as`, refuses unknown arguments, and never prints the key", async () => {
    const server = await spawnServer({ RPC_URL: devnet.rpcUrl, DO_NOT_TRACK: "1", CHAIN_PRIVATE_KEY: key });
    try {
      const counterfactual = privateKeyToAccount(generatePrivateKey()).address;
      await devnet.fund(counterfactual, "USDm", "3");
      const flow = await depositFlow(server, counterfactual, "3");
      const { simulation } = data<Simulated>(
        await server.call("simulate_flow", { flow, as: counterfactual }),
      );
      expect(simulation).toMatchObject({ success: true, account: counterfactual });
      expect(toolError(await server.call("simulate_flow", { flow, dry_run: true })).code).toBe(
        "UNKNOWN_ARGUMENT",
      );
      const captured = server.captured();
      expect(JSON.stringify(captured).toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    } finally {
      await server.close();
    }
  });
});
