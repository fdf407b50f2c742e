// createX402Facilitator as the FacilitatorClient of the reference paywall (@x402/express), paid by the reference
// client (@x402/fetch + @x402/evm's ExactEvmScheme): the settlement is a CIP-64 transaction (0x7b) paying its
// gas in USDC through Circle's adapter from an account holding 0 CELO, its calldata tagged (ERC-8021); replays
// are refused; a lost node answer is reported as pending with the hash.
import { checkAttributionInCalldata } from "@preflow/attribution";
import { DEVNET_FEE_CURRENCIES, type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { type Address, createPublicClient, erc20Abi, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createX402Facilitator, X402_PAYABLE_TOKENS } from "../src/index.js";
import { type RunningServer, startPaywall } from "./support/servers.js";

const devnet = useDevnet();
const reader = createPublicClient({
  chain: { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } },
  transport: http(devnet.rpcUrl),
});
const { USDC } = X402_PAYABLE_TOKENS;
const balance = (token: Address, holder: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

const facilitatorAccount = privateKeyToAccount(generatePrivateKey());
const payTo = privateKeyToAccount(generatePrivateKey()).address;
let paywall: RunningServer;
/** What the facilitator was asked to settle, to replay it. */
const settled: { payload: PaymentPayload; requirements: PaymentRequirements }[] = [];
const facilitator = createX402Facilitator({
  account: facilitatorAccount,
  rpcUrl: devnet.rpcUrl,
  feeCurrency: "USDC",
  attributionTags: ["paid_api"],
});

beforeAll(async () => {
  await devnet.fund(facilitatorAccount.address, "USDC", "5"); // for gas; it never holds CELO
  paywall = await startPaywall({
    facilitator: {
      verify: (p, r) => facilitator.verify(p, r),
      settle: (p, r) => {
        settled.push({ payload: p, requirements: r });
        return facilitator.settle(p, r);
      },
      getSupported: () => facilitator.getSupported(),
    },
    payTo,
  });
});
afterAll(() => paywall.close());

async function referencePayer() {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.fund(account.address, "USDC", "1");
  const client = new x402Client().register("eip155:42220", new ExactEvmScheme(account));
  return { account, pay: wrapFetchWithPayment(fetch, client) };
}

describe("createX402Facilitator behind the reference paywall, paid by the reference client", () => {
  it("settles in a 0x7b transaction paying gas in USDC, tagged, from an account with 0 CELO", async () => {
    const { account, pay } = await referencePayer();
    const supported = await facilitator.getSupported();
    expect(supported.kinds).toContainEqual(
      expect.objectContaining({ scheme: "exact", network: "eip155:42220" }),
    );
    const response = await pay(`${paywall.url}/quote`);
    expect(response.status).toBe(200);
    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(settlement).toMatchObject({ success: true, network: "eip155:42220", payer: account.address });
    const tx = await reader.getTransaction({ hash: settlement.transaction as `0x${string}` });
    expect(tx.type).toBe("cip64");
    expect(tx.typeHex).toBe("0x7b");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      DEVNET_FEE_CURRENCIES.USDC.feeCurrency.toLowerCase(),
    );
    expect(tx.from.toLowerCase()).toBe(facilitatorAccount.address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(USDC.address.toLowerCase());
    expect(checkAttributionInCalldata(tx.input, "paid_api")).toMatchObject({ found: true, platform: true });
    expect((await reader.getTransactionReceipt({ hash: tx.hash })).status).toBe("success");
    expect(await balance(USDC.address, payTo)).toBe(10_000n);
    expect(await reader.getBalance({ address: facilitatorAccount.address })).toBe(0n);
    expect(await balance(USDC.address, facilitatorAccount.address)).toBeLessThan(5_000_000n); // it paid gas in USDC
  });

  it("refuses a replay of a settled authorization: before any request here, and by the chain elsewhere", async () => {
    const { payload, requirements } = settled.at(-1)!;
    const payeeBefore = await balance(USDC.address, payTo);
    expect(await facilitator.settle(payload, requirements)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
      transaction: "",
    });
    expect(await facilitator.verify(payload, requirements)).toMatchObject({ isValid: false });
    // a fresh facilitator has not seen it: the reference's checks on chain refuse it
    const other = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(other.address, "USDC", "1");
    const fresh = createX402Facilitator({ account: other, rpcUrl: devnet.rpcUrl });
    const again = await fresh.settle(payload, requirements);
    expect(again.success).toBe(false);
    expect(await balance(USDC.address, payTo)).toBe(payeeBefore);
  });

  it("refuses another network or an asset outside the registry without a request", async () => {
    const { payload, requirements } = settled[0]!;
    expect(await facilitator.verify(payload, { ...requirements, network: "eip155:8453" })).toEqual({
      isValid: false,
      invalidReason: "invalid_network",
    });
    expect(
      await facilitator.settle(payload, {
        ...requirements,
        asset: "0x765DE816845861e75A25fCA122bb6898B8B1282a",
      }),
    ).toMatchObject({ success: false, errorReason: "unsupported_asset", transaction: "" });
  });
});

describe("createX402Facilitator: HTTP requests", () => {
  it("verify costs 3 requests; settle (re-verify, one prepare, the execution) 7 on the devnet", async () => {
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    try {
      const account = privateKeyToAccount(generatePrivateKey());
      await devnet.fund(account.address, "USDC", "2");
      const counted = createX402Facilitator({ account, rpcUrl: proxy.url });
      const { account: payerAccount } = await referencePayer();
      const { requirements } = settled[0]!;
      const payload = await new x402Client()
        .register("eip155:42220", new ExactEvmScheme(payerAccount))
        .createPaymentPayload({
          x402Version: 2,
          resource: { url: "http://127.0.0.1/quote" },
          accepts: [requirements],
        });
      proxy.reset();
      expect((await counted.verify(payload, requirements)).isValid).toBe(true);
      const verifyRequests = proxy.requests;
      proxy.reset();
      expect((await counted.settle(payload, requirements)).success).toBe(true);
      const settleRequests = proxy.requests;
      console.log(`createX402Facilitator HTTP requests: verify ${verifyRequests}, settle ${settleRequests}`);
      expect(verifyRequests).toBe(3);
      expect(settleRequests).toBeLessThanOrEqual(8); // 7, plus a receipt poll when the block is slow
    } finally {
      await proxy.close();
    }
  });
});

describe("createX402Facilitator: a lost answer from the node", () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  });
  afterAll(() => proxy.close());

  it("reports settlement_pending with the hash; the authorization is not settled twice", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "2");
    const flaky = createX402Facilitator({ account, rpcUrl: proxy.url, receiptTimeoutMs: 1_500 });
    const { account: payerAccount } = await referencePayer();
    const client = new x402Client().register("eip155:42220", new ExactEvmScheme(payerAccount));
    const { requirements } = settled[0]!;
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: "http://127.0.0.1/quote", description: "", mimeType: "" },
      accepts: [requirements],
    });
    // the node takes the transaction, but the answer is lost and no receipt shows within the wait
    proxy.inject({ method: "eth_sendRawTransaction", times: 1, fault: { kind: "forward-then-close" } });
    proxy.inject({ method: "eth_getTransactionReceipt", fault: { kind: "result", result: null } });
    const result = await flaky.settle(payload, requirements);
    expect(result).toMatchObject({ success: false, errorReason: "settlement_pending" });
    expect(result.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    proxy.clearFaults();
    // it was sent: the chain has it
    expect((await reader.getTransactionReceipt({ hash: result.transaction as `0x${string}` })).status).toBe(
      "success",
    );
    expect(await flaky.settle(payload, requirements)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
  }, 30_000);
});
