// Gas paid in stablecoins through the built binary (spawned over stdio) on the devnet's fee-currency node front
// (Celo's StableToken and FeeCurrencyAdapter, the FeeCurrencyDirectory stand-in): a signer with 0 CELO and
// FEE_CURRENCY=USDm sends USDC and swaps paying gas in USDm (type 0x7b on chain, CELO stays 0), the spending policy
// counts the fee paid in its capped token (fee.max before sending, the receipt's fee after), execute_prepared_flow
// refuses a flow paying in another currency than asked, get_fee_currencies lists the directory, and a FEE_CURRENCY
// that cannot pay gas stops the server at start.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FEE_CURRENCY_OF_TOKEN } from "@preflow/core";
import { clockEnvironment, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, createPublicClient, erc20Abi, formatUnits, type Hash, http, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, data, type SpawnedServer, spawnServer, toolError } from "./helpers/spawnServer.js";

const devnet = useDevnet();
const { USDC, USDm } = devnet.tokens;
const chain = { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } };
const reader = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
const balanceOf = (token: string, owner: Address) =>
  reader.readContract({ address: token as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const key = generatePrivateKey();
const signer = privateKeyToAccount(key).address;
const friend = privateKeyToAccount(generatePrivateKey()).address;
const nonceOf = () => reader.getTransactionCount({ address: signer, blockTag: "pending" });

interface FeeStep {
  index: number;
  hash: Hash | null;
  status: string;
  fee_paid?: { fee_currency: string; amount: string };
}
interface FeeExecution {
  status: string;
  steps: FeeStep[];
}
interface FeeFlow {
  steps: { fee_currency?: string; call?: { contract: string } }[];
  fee?: { currency: string; fee_currency: string; gas: string; estimated: string; max: string };
}

/** The transaction on chain: CIP-64 paying in `feeCurrency`. */
async function expectCip64(hash: Hash, feeCurrency: string) {
  const tx = await reader.getTransaction({ hash });
  expect(tx.type).toBe("cip64");
  expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(feeCurrency.toLowerCase());
}

const dir = mkdtempSync(join(tmpdir(), "preflow-fee-"));
const policyFile = join(dir, "policy.json");
writeFileSync(policyFile, JSON.stringify({ caps: { USDm: { perCall: "5", perDay: "20" } } }));

let server: SpawnedServer;
beforeAll(async () => {
  await devnet.fund(signer, "USDm", "50");
  await devnet.fund(signer, "USDC", "50");
  server = await spawnServer({
    RPC_URL: devnet.rpcUrl,
    DO_NOT_TRACK: "1",
    CHAIN_PRIVATE_KEY: key,
    FEE_CURRENCY: "USDm",
    PREFLOW_POLICY: policyFile,
  });
});
afterAll(async () => {
  await server?.close();
});

describe("a signer with 0 CELO and FEE_CURRENCY=USDm", () => {
  it("get_fee_currencies lists the directory's currencies with the adapter rule, and the server's choice", async () => {
    const listed = data<{
      configured: string;
      currencies: {
        symbol: string;
        fee_currency: string;
        token: string;
        adapter: string | null;
        registry: boolean;
      }[];
    }>(await server.call("get_fee_currencies"));
    expect(listed.configured).toBe("USDm");
    expect(listed.currencies.map((currency) => currency.symbol)).toEqual([
      "USDm",
      "EURm",
      "BRLm",
      "USDC",
      "USDT",
      "USAT",
      "XAUt0",
    ]);
    // USA₮ from the registry; XAU₮0 (not in it) described from the chain
    expect(listed.currencies.find((currency) => currency.symbol === "USAT")).toMatchObject({
      fee_currency: FEE_CURRENCY_OF_TOKEN.USAT,
      registry: true,
      adapter: FEE_CURRENCY_OF_TOKEN.USAT,
      decimals: 6,
    });
    expect(listed.currencies.find((currency) => currency.symbol === "XAUt0")).toMatchObject({
      fee_currency: "0x857BF24e29da0773687E804a743c2E421a394C16",
      registry: false,
      adapter: "0x857BF24e29da0773687E804a743c2E421a394C16",
      decimals: 6,
    });
    expect(listed.currencies.find((currency) => currency.symbol === "USDC")).toMatchObject({
      fee_currency: FEE_CURRENCY_OF_TOKEN.USDC,
      token: USDC.address,
      adapter: FEE_CURRENCY_OF_TOKEN.USDC,
      decimals: 6,
      intrinsic_gas: "50000",
    });
    expect(listed.currencies[0]).toMatchObject({
      fee_currency: USDm.address,
      token: USDm.address,
      adapter: null,
    });
  });

  it("send_token lands as type 0x7b paying USDm; CELO stays 0; fee_paid is the USDm debited; the policy counts it", async () => {
    expect(await reader.getBalance({ address: signer })).toBe(0n);
    const usdmBefore = await balanceOf(USDm.address, signer);
    const sent = data<FeeExecution>(
      await server.call("send_token", { to: friend, token: "USDC", amount: "10" }),
    );
    expect(sent.status).toBe("success");
    const [step] = sent.steps;
    await expectCip64(step!.hash!, USDm.address);
    expect(await balanceOf(USDC.address, friend)).toBe(10_000_000n);
    expect(await reader.getBalance({ address: signer })).toBe(0n);
    const debited = usdmBefore - (await balanceOf(USDm.address, signer));
    expect(debited).toBeGreaterThan(0n);
    expect(step!.fee_paid).toEqual({ fee_currency: USDm.address, amount: debited.toString() });
    // The ledger holds the fee the receipt says was paid (fee.max was counted while it was in flight).
    const policy = data<{ caps: { symbol: string; spent_24h: string }[] }>(await server.call("get_policy"));
    expect(policy.caps[0]).toMatchObject({ symbol: "USDm", spent_24h: formatUnits(debited, 18) });
    // get_flow_status reports the same fee
    const status = data<FeeExecution>(
      await server.call("get_flow_status", { flow_id: (sent as unknown as { flow_id: string }).flow_id }),
    );
    expect(status.steps[0]?.fee_paid).toEqual(step!.fee_paid);
  });

  it("refuses a USDm send that fits the per-call cap alone but not with its fee, naming both figures", async () => {
    const flow = data<FeeFlow>(await server.call("prepare_send", { to: friend, token: "USDm", amount: "5" }));
    expect(flow.fee).toMatchObject({ currency: "USDm", fee_currency: USDm.address });
    expect(flow.steps[0]?.fee_currency).toBe(USDm.address);
    const nonce = await nonceOf();
    const friendBefore = await balanceOf(USDm.address, friend);
    for (const refused of [
      await server.call("send_token", { to: friend, token: "USDm", amount: "5" }),
      await server.call("execute_prepared_flow", { flow }),
    ]) {
      const error = toolError(refused);
      expect(error.code).toBe("POLICY_VIOLATION");
      const [violation] = (error.details as { violations: Record<string, string>[] }).violations;
      expect(violation?.rule).toBe("caps.USDm.perCall");
      expect(violation?.amount).toBe("5");
      expect(parseUnits(violation!.fee_max!, 18)).toBeGreaterThan(0n);
      expect(violation?.message).toMatch(
        /^USDm per call: limit 5, this flow 5 \+ fee up to 0\.\d+ USDm = 5\.\d+$/,
      );
      expect(error.message).toContain("Nothing was sent");
    }
    expect(await nonceOf()).toBe(nonce);
    expect(await balanceOf(USDm.address, friend)).toBe(friendBefore);
  });

  it("simulate_flow and a dry run take a fee-currency flow (its result matches simulate_flow's output schema)", async () => {
    const flow = data<FeeFlow>(await server.call("prepare_send", { to: friend, token: "USDC", amount: "1" }));
    const { simulation } = data<{
      simulation: { success: boolean; fee: { currency?: string; fee_currency?: string | null } };
    }>(await server.call("simulate_flow", { flow }));
    expect(simulation.success).toBe(true);
    // With core's fee-currency simulation the fee is priced in USDm; before it, in CELO (no currency field).
    if (simulation.fee.currency !== undefined) {
      expect(simulation.fee).toMatchObject({ currency: "USDm", fee_currency: USDm.address });
    }
    const dry = data<FeeExecution>(await server.call("execute_prepared_flow", { flow, dry_run: true }));
    expect(dry.status).toBe("success");
  });

  it("execute_prepared_flow refuses a flow paying in another currency than fee_currency (else FEE_CURRENCY)", async () => {
    const inUsdc = data<FeeFlow>(
      await server.call("prepare_send", { to: friend, token: "USDC", amount: "1", fee_currency: "USDC" }),
    );
    expect(inUsdc.fee).toMatchObject({ currency: "USDC", fee_currency: FEE_CURRENCY_OF_TOKEN.USDC });
    expect(inUsdc.steps[0]?.fee_currency).toBe(FEE_CURRENCY_OF_TOKEN.USDC);
    const nonce = await nonceOf();
    for (const args of [
      { flow: inUsdc },
      { flow: inUsdc, fee_currency: "CELO" },
      { flow: inUsdc, fee_currency: "USDm" },
    ]) {
      const error = toolError(await server.call("execute_prepared_flow", args));
      expect(error.code).toBe("FEE_CURRENCY_MISMATCH");
      expect(error.message).toMatch(/this flow pays gas in USDC.*Nothing was sent/);
    }
    const wrong = toolError(
      await server.call("execute_prepared_flow", { flow: inUsdc, fee_currency: "WETH" }),
    );
    expect(wrong.code).toBe("INVALID_FEE_CURRENCY");
    expect(wrong.message).toMatch(/`fee_currency` "WETH": WETH has no fee currency/);
    expect(await nonceOf()).toBe(nonce);

    const usdcBefore = await balanceOf(USDC.address, signer);
    const done = data<FeeExecution>(
      await server.call("execute_prepared_flow", { flow: inUsdc, fee_currency: "USDC" }),
    );
    expect(done.status).toBe("success");
    await expectCip64(done.steps[0]!.hash!, FEE_CURRENCY_OF_TOKEN.USDC);
    const fee = BigInt(done.steps[0]!.fee_paid!.amount);
    expect(done.steps[0]!.fee_paid!.fee_currency).toBe(FEE_CURRENCY_OF_TOKEN.USDC);
    expect(fee).toBeLessThanOrEqual(BigInt(inUsdc.fee!.max));
    expect(usdcBefore - (await balanceOf(USDC.address, signer))).toBe(1_000_000n + fee);
    expect(await reader.getBalance({ address: signer })).toBe(0n);
  });

  it("a prepared swap (approve + swap) lands paying gas in USDm, both steps 0x7b", async () => {
    const flow = data<FeeFlow>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "5",
        venue: "uniswap",
      }),
    );
    expect(flow.steps.map((step) => step.call?.contract)).toEqual(["USDC", "Uniswap SwapRouter02"]);
    expect(flow.fee).toMatchObject({ currency: "USDm", fee_currency: USDm.address });
    expect(flow.steps.map((step) => step.fee_currency)).toEqual([USDm.address, USDm.address]);
    const spent = async () =>
      data<{ caps: { spent_24h: string }[] }>(await server.call("get_policy")).caps[0]!.spent_24h;
    const spentBefore = await spent();
    const usdcBefore = await balanceOf(USDC.address, signer);
    const usdmBefore = await balanceOf(USDm.address, signer);
    const done = data<FeeExecution>(await server.call("execute_prepared_flow", { flow }));
    expect(done.status).toBe("success");
    let fees = 0n;
    for (const step of done.steps) {
      await expectCip64(step.hash!, USDm.address);
      expect(step.fee_paid?.fee_currency).toBe(USDm.address);
      expect(BigInt(step.fee_paid!.amount)).toBeGreaterThan(0n);
      fees += BigInt(step.fee_paid!.amount);
    }
    expect(fees).toBeLessThanOrEqual(BigInt(flow.fee!.max));
    expect(usdcBefore - (await balanceOf(USDC.address, signer))).toBe(5_000_000n);
    // USDm: the swap's output in, the two fees out
    const received = (await balanceOf(USDm.address, signer)) - usdmBefore + fees;
    expect(received).toBeGreaterThan(4n * 10n ** 18n);
    expect(await reader.getBalance({ address: signer })).toBe(0n);
    // the ledger counts the fees the receipts report (each step's share of fee.max while in flight)
    expect(parseUnits(await spent(), 18) - parseUnits(spentBefore, 18)).toBe(fees);

    // fee_currency "CELO" overrides FEE_CURRENCY for one call: no fee fields
    const inCelo = data<FeeFlow>(
      await server.call("prepare_swap", {
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "1",
        venue: "uniswap",
        fee_currency: "CELO",
      }),
    );
    expect(inCelo.fee).toBeUndefined();
    expect(inCelo.steps.every((step) => step.fee_currency === undefined)).toBe(true);
  });
});

describe("Aave from 0 CELO", () => {
  it("prepare_supply pays gas in FEE_CURRENCY (every step), and the flow lands", async () => {
    const flow = data<FeeFlow>(await server.call("prepare_supply", { token: "USDC", amount: "2" }));
    expect(flow.fee).toMatchObject({ currency: "USDm", fee_currency: USDm.address });
    expect(flow.steps.length).toBeGreaterThanOrEqual(1);
    expect(flow.steps.every((step) => step.fee_currency === USDm.address)).toBe(true);
    const done = data<FeeExecution>(await server.call("execute_prepared_flow", { flow }));
    expect(done.status).toBe("success");
    for (const step of done.steps) await expectCip64(step.hash!, USDm.address);
    expect(await reader.getBalance({ address: signer })).toBe(0n);
  });
});

describe("HTTP requests, counted at a proxy in front of the node", () => {
  let proxy: FaultProxy;
  let keyless: SpawnedServer;
  beforeAll(async () => {
    proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    keyless = await spawnServer({ RPC_URL: proxy.url, DO_NOT_TRACK: "1", FEE_CURRENCY: "USDC" });
    await keyless.call("get_network_status"); // the client's chain check, once
  });
  afterAll(async () => {
    await keyless?.close();
    await proxy?.close();
  });

  it("get_fee_currencies (1 request, XAU₮0 included though not in the registry), and a prepare paying gas in a fee currency (one)", async () => {
    proxy.reset();
    data(await keyless.call("get_fee_currencies"));
    expect(proxy.requests).toBe(1);
    proxy.reset();
    const send = data<FeeFlow>(
      await keyless.call("prepare_send", { from: signer, to: friend, token: "USDC", amount: "1" }),
    );
    expect(proxy.requests).toBe(1);
    expect(send.fee).toMatchObject({ currency: "USDC", fee_currency: FEE_CURRENCY_OF_TOKEN.USDC });
    proxy.reset();
    const swap = data<FeeFlow>(
      await keyless.call("prepare_swap", {
        from: signer,
        token_in: "USDC",
        token_out: "USDm",
        amount_in: "1",
      }),
    );
    expect(proxy.requests).toBe(1);
    expect(swap.steps.every((step) => step.fee_currency === FEE_CURRENCY_OF_TOKEN.USDC)).toBe(true);
  });
});

describe("a FEE_CURRENCY that cannot pay gas", () => {
  function run(environment: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN], {
        env: { PATH: process.env.PATH ?? "", ...clockEnvironment(), ...environment },
        stdio: "pipe",
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stderr }));
      child.stdin.end();
    });
  }

  it("stops the server at start with INVALID_CONFIG naming FEE_CURRENCY and the rule, never the key", async () => {
    for (const [value, pattern] of [
      ["WETH", /Invalid FEE_CURRENCY \(got "WETH"\): WETH has no fee currency/],
      [USDC.address, /Invalid FEE_CURRENCY .*USDC pays gas through its adapter 0x2F25/],
      [`0x${"00".repeat(20)}`, /Invalid FEE_CURRENCY .*the zero address is not a fee currency/],
    ] as const) {
      const { code, stderr } = await run({
        RPC_URL: devnet.rpcUrl,
        DO_NOT_TRACK: "1",
        CHAIN_PRIVATE_KEY: key,
        FEE_CURRENCY: value,
      });
      expect(code).toBe(1);
      // The raw key's warning may come first; the refusal is a line of its own.
      expect(stderr).toMatch(/^preflow-tools: cannot start \(INVALID_CONFIG\): /m);
      expect(stderr).toMatch(pattern);
      expect(stderr).not.toContain(key.slice(2));
    }
  });
});
