// The node's pre-debit rule in simulatePreparedFlow, on the devnet with a stablecoin-only account (0 CELO): before
// a step runs the node debits the fee's maximum from the paying balance (CELO, or the fee currency's token) and
// refuses the transaction when the balance cannot cover it. The simulation reports such a flow as failing that
// step (`refused`, with a typed `refusal`), never "every step succeeds"; one HTTP request each (counted by the
// fault proxy), and the refusal's `need` is what the node really refuses.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createWalletClient, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  formatPreparedFlow,
  type SdkClient,
  TOKENS,
  toTransactionRequest,
} from "../src/index.js";
import { celoReader } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
let proxy: FaultProxy;
let client: SdkClient;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
  await client.network.getStatus(); // the chain check, once per client
});
afterAll(() => proxy.close());

async function simulateCounted(flow: unknown, options?: { feeCurrency?: string }) {
  proxy.reset();
  const simulation = await client.transaction.simulatePreparedFlow(flow, options);
  return { simulation, requests: proxy.requests };
}

/** A fresh account holding only `amount` USDm (0 CELO). */
async function stablecoinOnly(amount: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "USDm", amount);
  expect(await reader.getBalance({ address: account.address })).toBe(0n);
  return account;
}

describe("simulatePreparedFlow applies the node's pre-debit rule", () => {
  it("a stablecoin-only account's flow paying gas in CELO is refused at step 1 (CELO: have 0), and the node does refuse it", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");
    expect(flow.fee).toBeUndefined();

    const { simulation, requests } = await simulateCounted(flow);
    expect(requests).toBe(1);
    expect(simulation.success).toBe(false);
    expect(simulation.failedStep).toBe(0);
    const step = simulation.steps[0]!;
    expect(step.status).toBe("refused");
    expect(step.gasUsed).toBeNull();
    expect(step.effects).toEqual([]);
    expect(step.refusal).toMatchObject({
      reason: "insufficient-fee-balance",
      currency: "CELO",
      token: TOKENS.CELO.address,
      have: { value: "0", formatted: "0" },
    });
    expect(BigInt(step.refusal!.need.value)).toBeGreaterThan(0n);
    expect(step.refusal!.message).toMatch(
      /holds 0 CELO of the [\d.]+ CELO the node debits before this step runs/,
    );
    // nothing ran: no balance moves, no fee
    expect(simulation.balanceChanges).toEqual([]);
    expect(simulation.fee.cost).toBe("0");
    const preview = formatPreparedFlow(flow, simulation);
    expect(preview).toContain("step 1 IS REFUSED: the account holds 0 CELO");
    expect(preview).not.toContain("every step succeeds");
    expect(JSON.parse(JSON.stringify(simulation))).toEqual(simulation);

    // the node agrees: the same step, signed with CELO gas by the account, is refused before it is sent
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    await expect(
      wallet.sendTransaction({ ...toTransactionRequest(flow.steps[0]!), account, chain: reader.chain }),
    ).rejects.toThrow(/insufficient funds|exceeds the balance/i);
  });

  it("the same account's flow priced in a currency it holds none of (feeCurrency: USDC) is refused in USDC; in USDm it succeeds", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");

    const inUsdc = (await simulateCounted(flow, { feeCurrency: "USDC" })).simulation;
    expect(inUsdc.success).toBe(false);
    expect(inUsdc.steps[0]!.refusal).toMatchObject({
      reason: "insufficient-fee-balance",
      currency: "USDC",
      token: TOKENS.USDC.address,
      have: { value: "0" },
    });

    const { simulation: inUsdm, requests } = await simulateCounted(flow, { feeCurrency: "USDm" });
    expect(requests).toBe(1);
    expect(inUsdm.success).toBe(true);
    expect(inUsdm.steps[0]!.status).toBe("success");
    expect(inUsdm.steps[0]!.refusal).toBeUndefined();
  });

  it("a flow paying in USDm whose balance moved after it was prepared is refused: have < gas x maxFeePerGas, the flow's signed caps", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const later = await client.transaction.prepareSend(account.address, recipient, "USDm", "1", {
      feeCurrency: "USDm",
    });
    expect((await simulateCounted(later)).simulation.success).toBe(true);
    const everything = await client.transaction.prepareSend(account.address, recipient, "USDm", "max", {
      feeCurrency: "USDm",
    });
    // the whole balance less the fee's maximum: the pre-debit fits exactly
    expect((await simulateCounted(everything)).simulation.success).toBe(true);
    const wallet = createWalletClient({ account, chain: reader.chain, transport: http(devnet.rpcUrl) });
    expect((await executePreparedFlow(wallet, { flow: everything, account })).status).toBe("success");

    const { simulation, requests } = await simulateCounted(later);
    expect(requests).toBe(1);
    expect(simulation.success).toBe(false);
    const refusal = simulation.steps[0]!.refusal!;
    expect(refusal).toMatchObject({ reason: "insufficient-fee-balance", currency: "USDm" });
    // the pre-debit of the signed caps, in USDm base units (18 decimals: no rounding)
    expect(BigInt(refusal.need.value)).toBe(BigInt(later.fee!.gas) * BigInt(later.fee!.maxFeePerGas));
    expect(BigInt(refusal.have.value)).toBeLessThan(BigInt(refusal.need.value));
    expect(BigInt(refusal.have.value)).toBeLessThan(parseUnits("1", 18));
    expect(formatPreparedFlow(later, simulation)).toContain("step 1 IS REFUSED");
  });

  it("`as` (a smart account's calls: its fee is not its own transaction's) applies no pre-debit", async () => {
    const account = await stablecoinOnly("20");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDm", "5");
    const simulation = await client.transaction.simulatePreparedFlow(flow, { as: account.address });
    expect(simulation.success).toBe(true);
  });
});
