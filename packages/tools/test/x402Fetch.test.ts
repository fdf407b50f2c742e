// x402_fetch over stdio with the built binary on the devnet, against the reference paywall (@x402/express) with
// @preflow/x402's facilitator: loopback refused unless the policy lists it; paid within caps.USDC.perCall and
// perDay (counted with every spend, from signing); refused before signing (the paywall sees no payment); what
// was paid survives a restart (get_policy: the caps, and the x402 section with the payments; the next refusal); a dry
// run pays nothing and meets perDay as a payment would.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";
import { type Paywall, startPaywall } from "./helpers/startPaywall.js";

const devnet = useDevnet();
const USDC = devnet.tokens.USDC.address as `0x${string}`;
const reader = createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const facilitatorAccount = privateKeyToAccount(generatePrivateKey());
const dir = mkdtempSync(join(tmpdir(), "preflow-x402-"));
const policyFile = join(dir, "policy.json");
const balance = (who: `0x${string}`) =>
  reader.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [who] });

let paywall: Paywall;
let url: string;
let server: SpawnedServer;
const env = () => ({
  RPC_URL: devnet.rpcUrl,
  DO_NOT_TRACK: "1",
  CHAIN_PRIVATE_KEY: key,
  PREFLOW_POLICY: policyFile,
  PREFLOW_STATE_DIR: join(dir, "state"),
});
const writePolicy = (x402: Record<string, unknown> | undefined) =>
  writeFileSync(
    policyFile,
    JSON.stringify({ caps: { USDC: { perCall: "0.05", perDay: "0.02" } }, ...(x402 ? { x402 } : {}) }),
  );

beforeAll(async () => {
  await devnet.fund(signer, "USDC", "1");
  await devnet.fund(facilitatorAccount.address, "USDC", "5");
  paywall = await startPaywall({ rpcUrl: devnet.rpcUrl, facilitatorAccount, payTo });
  url = paywall.url;
});
afterAll(async () => {
  await server?.close();
  paywall?.close();
});

const paid = () => paywall.requests.filter((r) => r.paid).length;

describe("x402_fetch", () => {
  it("refuses a loopback host the policy does not list, before any request", async () => {
    writePolicy(undefined);
    server = await spawnServer(env());
    const before = paywall.requests.length;
    const error = toolError(await server.call("x402_fetch", { url }));
    expect(error.code).toBe("FETCH_TARGET_REFUSED");
    expect(paywall.requests.length).toBe(before);
    await server.close();
  });

  it("pays within caps.USDC.perCall and perDay, refuses the third before signing, and remembers across a restart", async () => {
    writePolicy({ hosts: [new URL(url).host], payTo: [payTo] });
    server = await spawnServer(env());
    const dry = data<{ status: number; payment: { status: string; amount: string } }>(
      await server.call("x402_fetch", { url, dry_run: true }),
    );
    expect(dry).toMatchObject({ status: 402, payment: { status: "would_pay", amount: "0.01" } });
    expect(paid()).toBe(0);

    for (let i = 0; i < 2; i++) {
      const result = data<{ status: number; body: string; payment: Record<string, unknown> }>(
        await server.call("x402_fetch", { url }),
      );
      expect(result.status).toBe(200);
      expect(JSON.parse(result.body)).toEqual({ quote: 42 });
      expect(result.payment).toMatchObject({
        amount: "0.01",
        token: "USDC",
        pay_to: payTo,
        network: "eip155:42220",
        status: "settled",
      });
      expect(result.payment.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    }
    expect(await balance(payTo)).toBe(20_000n);
    const over = toolError(await server.call("x402_fetch", { url }));
    expect(over.code).toBe("POLICY_VIOLATION");
    expect(JSON.stringify(over.details)).toContain("caps.USDC.perDay");
    expect(paid()).toBe(2);
    // A dry run meets perDay as the payment would: refused the same way, nothing signed.
    const dryOver = toolError(await server.call("x402_fetch", { url, dry_run: true }));
    expect(dryOver.code).toBe("POLICY_VIOLATION");
    expect(dryOver.details?.violations).toMatchObject([
      { rule: "caps.USDC.perDay", limit: "0.02", spent_24h: "0.02", requested: "0.01" },
    ]);
    expect(paid()).toBe(2);
    // max_amount below the price: refused before signing
    const capped = toolError(await server.call("x402_fetch", { url, max_amount: "0.005" }));
    expect(capped.code).toBe("X402_PAYMENT_REFUSED");
    await server.close();

    server = await spawnServer(env());
    const policy = data<{ caps: { symbol: string; spent_24h: string }[] }>(await server.call("get_policy"));
    expect(policy.caps.find((cap) => cap.symbol === "USDC")).toMatchObject({ spent_24h: "0.02" });
    // The x402 section: the allow-lists and the payments recorded in the store, across the restart.
    const { x402 } = data<{
      x402: { hosts: string[]; pay_to: string[]; payments: Record<string, unknown>[] };
    }>(await server.call("get_policy"));
    expect(x402.hosts).toEqual([new URL(url).host]);
    expect(x402.pay_to).toEqual([payTo.toLowerCase()]);
    expect(x402.payments).toHaveLength(2);
    for (const payment of x402.payments) {
      expect(payment).toMatchObject({ amount: "0.01", token: "USDC", asset: USDC, status: "settled", url });
      expect(String(payment.pay_to).toLowerCase()).toBe(payTo.toLowerCase());
      expect(payment.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      expect(Date.parse(String(payment.at))).toBeGreaterThan(Date.now() - 600_000);
    }
    expect(toolError(await server.call("x402_fetch", { url })).code).toBe("POLICY_VIOLATION");
    expect(paid()).toBe(2);
    expect(await balance(payTo)).toBe(20_000n);
  }, 120_000);
});
