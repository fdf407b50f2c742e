// A CIP-64 step confirmed after its execution answered `pending` (issue 30): get_flow_status settles it from the
// receipt with its `fee_paid`, and the ledger replaces the fee.max it counted by that fee (keyed by the step's hash,
// counted once). Over stdio with the built binary, the devnet behind its fault proxy (receipts answered null while
// the execution runs).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, formatUnits, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedSpends } from "./helpers/readStore.js";
import { data, type Execution, type SpawnedServer, spawnServer } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { USDC, USDm } = devnet.tokens;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const balanceOf = (token: string, owner: Address) =>
  reader.readContract({ address: token as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const friend = privateKeyToAccount(generatePrivateKey()).address;
const dir = mkdtempSync(join(tmpdir(), "preflow-fee-later-"));
const stateDir = join(dir, "state");
const policyFile = join(dir, "policy.json");
writeFileSync(policyFile, JSON.stringify({ caps: { USDm: { perDay: "20" } } }));

type FeeExecution = Execution & { steps: { fee_paid?: { fee_currency: string; amount: string } }[] };

let proxy: FaultProxy;
let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "USDm", "50");
  await devnet.fund(signer, "USDC", "50");
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  server = await spawnServer({
    RPC_URL: proxy.url,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    FEE_CURRENCY: "USDm",
    PREFLOW_POLICY: policyFile,
    PREFLOW_STATE_DIR: stateDir,
    PREFLOW_RECEIPT_TIMEOUT_MS: "1500",
  });
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

describe("a step paying gas in USDm, confirmed after the answer", () => {
  it("get_flow_status gives its fee_paid, and the ledger counts that fee, not fee.max, once", async () => {
    const usdmBefore = await balanceOf(USDm.address, signer);
    const noReceipt = proxy.inject({
      method: "eth_getTransactionReceipt",
      fault: { kind: "result", result: null },
    });
    const sent = data<FeeExecution>(
      await server.call("send_token", { to: friend, token: "USDC", amount: "1" }),
    );
    expect(sent).toMatchObject({ status: "pending", steps: [{ status: "pending", sent: true }] });
    expect(sent.steps[0]?.fee_paid).toBeUndefined();
    const hash = sent.steps[0]?.hash as string;
    // While it is pending the ledger holds fee.max, bound to the step's hash.
    const inFlight = storedSpends(stateDir, signer).filter((spend) => spend.fee === 1);
    expect(inFlight).toHaveLength(1);
    expect(inFlight[0]?.hash).toBe(hash.toLowerCase());
    const feeMax = BigInt(inFlight[0]?.amount as string);

    noReceipt.remove();
    const status = data<FeeExecution>(await server.call("get_flow_status", { flow_id: sent.flow_id }));
    expect(status).toMatchObject({ status: "success", steps: [{ status: "success", hash }] });
    const debited = usdmBefore - (await balanceOf(USDm.address, signer));
    expect(status.steps[0]?.fee_paid).toEqual({ fee_currency: USDm.address, amount: debited.toString() });
    expect(debited).toBeLessThan(feeMax);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the ledger is written after the answer
    const fees = storedSpends(stateDir, signer).filter((spend) => spend.fee === 1);
    expect(fees).toEqual([expect.objectContaining({ amount: debited.toString(), hash: hash.toLowerCase() })]);
    const policy = data<{ caps: { symbol: string; spent_24h: string }[] }>(await server.call("get_policy"));
    expect(policy.caps[0]).toMatchObject({ symbol: "USDm", spent_24h: formatUnits(debited, 18) });
    expect(await balanceOf(USDC.address, friend)).toBe(1_000_000n);
  });
});
