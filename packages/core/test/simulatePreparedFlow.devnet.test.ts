// simulatePreparedFlow on the devnet: one state for all steps (an approval then its use), balance changes equal to
// what a real execution changes, decoded reverts, not-run steps, allowances, CELO counted once, one HTTP request,
// and SimulationUnsupportedError on a node without eth_simulateV1.
import { DEVNET_VAULT_ADDRESS, devnetVaultAbi, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  formatPreparedFlow,
  InvalidAddressError,
  InvalidArgumentError,
  type SerializedPreparedFlow,
  type SimulatePreparedFlowReturnType,
  SimulationUnsupportedError,
  simulatePreparedFlow,
  TOKENS,
} from "../src/index.js";
import { chainReader } from "./support/executionFixture.js";
import { fund } from "./support/wallet.js";

const devnet = useDevnet();
const chain = chainReader(devnet);
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
});
afterAll(() => proxy.close());

const sdk = () =>
  createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false, attributionTags: ["sim_test"] });
const viaProxy = () => createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });

/** A fresh EOA with CELO for gas and `usdm` USDm. */
async function freshEoa(usdm = "20") {
  const account = privateKeyToAccount(generatePrivateKey());
  await fund(devnet, account.address, "CELO", "5");
  if (usdm !== "0") await fund(devnet, account.address, "USDm", usdm);
  return account;
}

async function depositFlow(from: Address, amount: string): Promise<SerializedPreparedFlow> {
  return sdk().transaction.prepareContractCall(from, {
    to: DEVNET_VAULT_ADDRESS,
    abi: devnetVaultAbi,
    functionName: "deposit",
    args: [TOKENS.USDm.address, parseUnits(amount, 18)],
    approvals: [{ token: "USDm", amount }],
  });
}

async function balances(addresses: Address[]) {
  const out: Record<string, bigint> = {};
  for (const address of addresses) {
    out[`${address}:CELO`] = await chain.client.getBalance({ address });
    out[`${address}:USDm`] = await chain.client.readContract({
      address: TOKENS.USDm.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    });
  }
  return out;
}

function delta(simulation: SimulatePreparedFlowReturnType, address: Address, symbol: string): bigint {
  const change = simulation.balanceChanges.find(
    (entry) => entry.address.toLowerCase() === address.toLowerCase() && entry.symbol === symbol,
  );
  return change ? BigInt(change.delta) : 0n;
}

describe("simulatePreparedFlow", () => {
  it("approve-then-deposit: the simulated balance changes equal the real ones, token by token", async () => {
    const account = await freshEoa("20");
    const client = sdk();
    const flow = await depositFlow(account.address, "7");
    expect(flow.steps).toHaveLength(2);

    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation).toMatchObject({ success: true, failedStep: null, account: account.address });
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success"]);
    expect(JSON.parse(JSON.stringify(simulation))).toEqual(simulation); // JSON-safe
    // It ran on the latest state: not before the block the flow was prepared at, not after the chain's head.
    expect(BigInt(simulation.blockNumber)).toBeGreaterThanOrEqual(BigInt(flow.preparedAt!.blockNumber));
    expect(BigInt(simulation.blockNumber)).toBeLessThanOrEqual(await chain.client.getBlockNumber());

    const watched = [account.address, DEVNET_VAULT_ADDRESS as Address];
    const before = await balances(watched);
    const executed = await executePreparedFlow(client.publicClient, { account, flow });
    expect(executed.status).toBe("success");
    const after = await balances(watched);

    // Gas is paid in CELO by the EOA: the real CELO difference is the simulated one minus the fees.
    let fees = 0n;
    const gasUsed: bigint[] = [];
    for (const step of executed.steps) {
      const receipt = await chain.client.getTransactionReceipt({ hash: step.hash! });
      fees += receipt.gasUsed * receipt.effectiveGasPrice;
      gasUsed.push(receipt.gasUsed);
    }
    for (const address of watched) {
      const fee = address === account.address ? fees : 0n;
      expect(after[`${address}:USDm`]! - before[`${address}:USDm`]!).toBe(delta(simulation, address, "USDm"));
      expect(after[`${address}:CELO`]! - before[`${address}:CELO`]!).toBe(
        delta(simulation, address, "CELO") - fee,
      );
    }
    expect(delta(simulation, account.address, "USDm")).toBe(-parseUnits("7", 18));
    // No other address or token moved in the simulation.
    expect(simulation.balanceChanges).toHaveLength(2);
    // The simulated gas is the gas the transactions used.
    expect(simulation.steps.map((step) => BigInt(step.gasUsed!))).toEqual(gasUsed);
    expect(BigInt(simulation.fee.gasUsed)).toBe(gasUsed[0]! + gasUsed[1]!);
    expect(BigInt(simulation.fee.cost)).toBe(
      BigInt(simulation.fee.gasUsed) * BigInt(simulation.fee.baseFeePerGas),
    );

    // The exact approval is set and fully used: 0 before, 0 after.
    expect(simulation.allowanceChanges).toEqual([
      {
        token: TOKENS.USDm.address,
        symbol: "USDm",
        owner: account.address,
        spender: DEVNET_VAULT_ADDRESS,
        before: { value: "0", formatted: "0" },
        after: { value: "0", formatted: "0" },
      },
    ]);
  });

  it("step 2 succeeds only because step 1's approval is on the same state: alone it reverts", async () => {
    const account = await freshEoa("20");
    const flow = await depositFlow(account.address, "5");
    const whole = await simulatePreparedFlow(sdk(), { flow });
    expect(whole.steps.map((step) => step.status)).toEqual(["success", "success"]);

    const depositAlone: SerializedPreparedFlow = { ...flow, steps: [flow.steps[1]!] };
    const alone = await simulatePreparedFlow(sdk(), { flow: depositAlone });
    expect(alone.success).toBe(false);
    expect(alone.steps[0]).toMatchObject({ status: "reverted" });
    // USDm is Celo's StableToken on the devnet: its revert strings
    expect(alone.steps[0]!.revertReason).toMatchObject({
      name: "Error",
      source: "solidity",
      args: ["transfer value exceeded sender's allowance for recipient"],
    });
    expect(alone.balanceChanges).toEqual([]);
  });

  it("a step that transfers more than the balance is reverted with the decoded reason; later steps are not-run", async () => {
    const account = await freshEoa("3");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = sdk();
    const one = await client.transaction.prepareSend(account.address, recipient, "USDm", "1");
    // Prepared while the balance allowed it, then the balance moved: built from a prepared send of 1 USDm.
    const tooMuch = (await client.transaction.prepareSend(account.address, recipient, "USDm", "3")).steps[0]!;
    const flow: SerializedPreparedFlow = {
      ...one,
      summary: "1 USDm, then 3 USDm, then 1 USDm",
      steps: [one.steps[0]!, tooMuch, one.steps[0]!],
    };
    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation.success).toBe(false);
    expect(simulation.failedStep).toBe(1);
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "reverted", "not-run"]);
    expect(simulation.steps[2]!.gasUsed).toBeNull();
    const reason = simulation.steps[1]!.revertReason!;
    // USDm is Celo's StableToken on the devnet: its revert string
    expect(reason).toMatchObject({ name: "Error", source: "solidity", selector: "0x08c379a0" });
    expect(reason.args).toEqual(["transfer value exceeded balance of sender"]);
    expect(reason.message).toContain("transfer value exceeded balance of sender");
    // Only step 1 counts (the third step would succeed on the simulated state, but an executor stops before it).
    expect(delta(simulation, account.address, "USDm")).toBe(-parseUnits("1", 18));
    expect(delta(simulation, recipient, "USDm")).toBe(parseUnits("1", 18));
    expect(formatPreparedFlow(flow, simulation)).toMatch(
      /step 2 REVERTS: .*transfer value exceeded balance of sender/,
    );
  });

  it("counts CELO once: its ERC-20 transfer and native value, equal to the real changes", async () => {
    const account = await freshEoa("0");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = sdk();
    const erc20 = await client.transaction.prepareSend(account.address, recipient, "CELO", "1.25");
    const native = await client.transaction.prepareContractCall(account.address, {
      to: recipient,
      abi: [{ type: "function", name: "ping", stateMutability: "payable", inputs: [], outputs: [] }],
      functionName: "ping",
      value: "0.5",
    });
    const flow: SerializedPreparedFlow = { ...erc20, steps: [...erc20.steps, ...native.steps] };
    const simulation = await client.transaction.simulatePreparedFlow(flow);
    expect(simulation.success).toBe(true);
    expect(delta(simulation, recipient, "CELO")).toBe(parseUnits("1.75", 18));
    expect(delta(simulation, account.address, "CELO")).toBe(-parseUnits("1.75", 18));
    expect(simulation.balanceChanges).toHaveLength(2);

    const before = await chain.client.getBalance({ address: recipient });
    const executed = await executePreparedFlow(client.publicClient, { account, flow });
    expect(executed.status).toBe("success");
    expect((await chain.client.getBalance({ address: recipient })) - before).toBe(
      delta(simulation, recipient, "CELO"),
    );
  });

  it("runs as another address with `as`, including one with no code and no history (counterfactual)", async () => {
    const counterfactual = privateKeyToAccount(generatePrivateKey()).address;
    await fund(devnet, counterfactual, "USDm", "9");
    expect(await chain.client.getCode({ address: counterfactual })).toBeUndefined();
    const flow = await depositFlow(counterfactual, "4");
    const simulation = await simulatePreparedFlow(sdk(), { flow, as: counterfactual });
    expect(simulation).toMatchObject({ success: true, account: counterfactual });
    expect(delta(simulation, counterfactual, "USDm")).toBe(-parseUnits("4", 18));
    // A deployed contract as the sender works too (validation off): the vault itself.
    const asVault = await simulatePreparedFlow(sdk(), {
      // The approval alone: without the deposit step, the flow's intent (the deposit) goes too.
      flow: { ...withoutIntent(flow), steps: [flow.steps[0]!] },
      as: DEVNET_VAULT_ADDRESS,
    });
    expect(asVault.steps[0]!.status).toBe("success");
    expect(asVault.allowanceChanges[0]).toMatchObject({
      owner: DEVNET_VAULT_ADDRESS,
      after: { value: parseUnits("4", 18).toString(), formatted: "4" },
    });
  });

  it("costs one HTTP request (the chain check folded in), also through a plain viem client", async () => {
    const account = await freshEoa("20");
    const flow = await depositFlow(account.address, "2");
    const client = viaProxy();
    proxy.reset();
    await client.transaction.simulatePreparedFlow(flow);
    expect(proxy.requests).toBe(1);
    expect(proxy.count("eth_chainId")).toBe(1);
    expect(proxy.count("eth_simulateV1")).toBe(1);
    await client.transaction.simulatePreparedFlow(flow);
    expect(proxy.requests).toBe(2);

    proxy.reset();
    const result = await simulatePreparedFlow(viaProxy().publicClient, { flow });
    expect(result.success).toBe(true);
    expect(proxy.requests).toBe(1);
    expect(proxy.count("eth_sendRawTransaction")).toBe(0);
  });

  it("throws SimulationUnsupportedError when the node has no eth_simulateV1 (no step-by-step fallback)", async () => {
    const account = await freshEoa("20");
    const flow = await depositFlow(account.address, "2");
    const missing = proxy.inject({
      method: "eth_simulateV1",
      fault: {
        kind: "error",
        code: -32601,
        message: "the method eth_simulateV1 does not exist/is not available",
      },
    });
    try {
      proxy.reset();
      const error = await viaProxy()
        .transaction.simulatePreparedFlow(flow)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SimulationUnsupportedError);
      expect(error).toMatchObject({ code: "SIMULATION_UNSUPPORTED", details: { method: "eth_simulateV1" } });
      expect(proxy.requests).toBe(1);
      expect(proxy.count("eth_estimateGas")).toBe(0);
      const viaViem = await simulatePreparedFlow(viaProxy().publicClient, { flow }).catch(
        (caught: unknown) => caught,
      );
      expect(viaViem).toBeInstanceOf(SimulationUnsupportedError);
    } finally {
      missing.remove();
    }
  });

  it("refuses bad input before any request", async () => {
    const account = await freshEoa("20");
    const flow = await depositFlow(account.address, "1");
    const client = viaProxy();
    proxy.reset();
    await expect(simulatePreparedFlow(client, { flow, extra: 1 } as never)).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(simulatePreparedFlow(client, { flow, as: "0x123" })).rejects.toBeInstanceOf(
      InvalidAddressError,
    );
    await expect(simulatePreparedFlow(client, { flow: { ...flow, chainId: 1 } })).rejects.toMatchObject({
      code: "INVALID_PREPARED_FLOW",
    });
    await expect(simulatePreparedFlow({} as never, { flow })).rejects.toBeInstanceOf(InvalidArgumentError);
    const aborted = AbortSignal.abort(new Error("stop"));
    await expect(simulatePreparedFlow(client, { flow, signal: aborted })).rejects.toMatchObject({
      code: "REQUEST_ABORTED",
    });
    await expect(simulatePreparedFlow(client.publicClient, { flow, signal: aborted })).rejects.toMatchObject({
      code: "REQUEST_ABORTED",
    });
    expect(proxy.requests).toBe(0);
  });
});

/** The flow without its `intent` (for a flow cut down to some of its steps). */
function withoutIntent(flow: SerializedPreparedFlow): SerializedPreparedFlow {
  const { intent: _intent, ...rest } = flow;
  return rest;
}
