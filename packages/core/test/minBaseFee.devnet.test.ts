// Since Jovian (mainnet, 2026-03-31) Celo's minimum base fee is a configurable parameter, not a fixed 25 gwei:
// preflow reads the base fee and assumes none. Here the devnet runs at a minimum of 1 gwei: a CELO flow's
// simulation and preview price it at the chain's 1 gwei, and a send paying gas in USDm from an account that holds
// no CELO is planned at that base fee and lands.
import { type Devnet, startDevnet } from "@preflow/devnet";
import { parseGwei } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { getBlock } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, executePreparedFlow, formatPreparedFlow } from "../src/index.js";
import { devnetClients } from "./support/wallet.js";

const MIN_BASE_FEE = parseGwei("1");

describe("a chain whose minimum base fee is 1 gwei, not 25", () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ minBaseFeePerGas: MIN_BASE_FEE });
  }, 120_000);
  afterAll(async () => {
    await devnet?.stop();
  });

  it("prices a CELO flow at the chain's base fee and sends a USDm-paid flow planned at it", async () => {
    const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
    const latest = await getBlock(client.publicClient);
    expect(latest.baseFeePerGas).toBe(MIN_BASE_FEE); // an idle chain sits at its minimum

    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDm", "10");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;

    const inCelo = await client.transaction.prepareSend(account.address, recipient, "USDm", "1");
    const simulation = await client.transaction.simulatePreparedFlow(inCelo);
    expect(BigInt(simulation.fee.baseFeePerGas)).toBeLessThan(parseGwei("2"));
    expect(formatPreparedFlow(inCelo, simulation)).toMatch(/CELO at base fee 1(\.\d+)? gwei/);

    const inUsdm = await client.transaction.prepareSend(account.address, recipient, "USDm", "1", {
      feeCurrency: "USDm",
    });
    const fee = inUsdm.fee;
    if (!fee) throw new Error("no fee in USDm");
    const { wallet } = devnetClients(devnet, privateKey);
    const result = await executePreparedFlow(wallet, { flow: inUsdm, account: wallet.account });
    expect(result.status).toBe("success");
    const paid = BigInt(result.steps[0]!.feePaid?.amount ?? "0");
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(fee.max));
  }, 120_000);
});
