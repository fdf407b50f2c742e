// `feeCurrency: { auto: [...] }` on the devnet (Celo's FeeCurrencyDirectory stand-in, Celo's FeeCurrencyAdapter for
// USDC and USD₮, Celo's StableToken for USDm): "auto" among USD₮, USDC and USDm never picks CELO, even for an
// account holding plenty of CELO (plain "auto" picks CELO for the same account), in the one HTTP request "auto"
// costs (the staking prepares too, planned on chain in the same request); a refusal names each candidate and never CELO; the chain
// accepts the flow (0x7b in the chosen stable) and the account's CELO is untouched.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AutoFeeCurrency,
  createSdkClient,
  executePreparedFlow,
  FEE_CURRENCY_OF_TOKEN,
  InsufficientBalanceError,
  InvalidFeeCurrencyError,
  swapActions,
  TOKENS,
} from "../src/index.js";
import { expectInErrorType } from "./support/errorTypes.js";
import { celoReader, devnetClients, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
const STABLES: AutoFeeCurrency = { auto: ["USDT", "USDC", "USDm"] };
let proxy: FaultProxy;
const clientOf = (feeCurrency?: AutoFeeCurrency) =>
  createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false, feeCurrency }).extend(swapActions);
let client: ReturnType<typeof clientOf>;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = clientOf();
  await client.network.getStatus(); // the one-time chain check, so that the counts below are the prepares' own
});
afterAll(() => proxy?.close());

/** The value `run` resolves to (or the error it rejects with) and the HTTP requests it cost. */
async function counted<T>(run: () => Promise<T>): Promise<{ value: T; requests: number }> {
  proxy.reset();
  const value = await run().catch((error: unknown) => error as T);
  return { value, requests: proxy.requests };
}

const balanceOf = (token: Address, owner: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

describe('"auto" among stablecoins only', () => {
  it("never picks CELO for an account rich in CELO (plain auto does), in one request; the chain accepts it and the CELO stays", async () => {
    const { privateKey, address } = await freshAccount(devnet, { CELO: "100", USDC: "20", USDm: "1" });
    const plain = await counted(() =>
      client.transaction.prepareSend(address, address, "USDm", "0.5", { feeCurrency: "auto" }),
    );
    expect(plain.requests).toBe(1);
    expect(plain.value.fee).toBeUndefined(); // CELO pays
    const send = await counted(() =>
      client.transaction.prepareSend(address, address, "USDm", "0.5", { feeCurrency: STABLES }),
    );
    expect(send.requests).toBe(1);
    // USDC: 20 of it outweighs the 1 USDm (and USDm's 0.5 is spent)
    expect(send.value.fee).toMatchObject({ currency: "USDC", feeCurrency: FEE_CURRENCY_OF_TOKEN.USDC });
    expect(send.value.steps.every((step) => step.feeCurrency === FEE_CURRENCY_OF_TOKEN.USDC)).toBe(true);

    const swap = await counted(() =>
      client.swap.prepareSwap(address, "USDC", "USDm", "5", { feeCurrency: STABLES }),
    );
    expect(swap.requests).toBe(1);
    expect(swap.value.fee?.currency).not.toBe("CELO");
    expect(["USDT", "USDC", "USDm"]).toContain(swap.value.fee?.currency);

    // the client's default works the same way
    const minipay = clientOf(STABLES);
    await minipay.network.getStatus();
    const byDefault = await counted(() => minipay.transaction.prepareSend(address, address, "USDm", "0.5"));
    expect(byDefault.requests).toBe(1);
    expect(byDefault.value.fee?.currency).toBe("USDC");

    // sent: a 0x7b transaction paying in USDC's adapter; the account's CELO does not move
    const celoBefore = await reader.getBalance({ address });
    const usdcBefore = await balanceOf(TOKENS.USDC.address, address);
    const { wallet } = devnetClients(devnet, privateKey);
    const result = await executePreparedFlow(wallet, { flow: send.value, account: wallet.account });
    expect(result.status).toBe("success");
    const tx = await reader.getTransaction({ hash: result.steps[0]!.hash! });
    expect(tx.type).toBe("cip64");
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      FEE_CURRENCY_OF_TOKEN.USDC.toLowerCase(),
    );
    expect(await reader.getBalance({ address })).toBe(celoBefore);
    const paid = usdcBefore - (await balanceOf(TOKENS.USDC.address, address));
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(send.value.fee!.max));
  });

  it("a staking prepare pays in a listed stable for an account rich in CELO, in 1 request like plain auto", async () => {
    const { address } = await freshAccount(devnet, { CELO: "100", USDm: "5" });
    const plain = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: "auto" }));
    expect(plain.requests).toBe(1); // CELO settles it in the lens's request
    expect(plain.value.fee).toBeUndefined();
    const stables = await counted(() => client.staking.prepareLock(address, "10", { feeCurrency: STABLES }));
    expect(stables.requests).toBe(1); // the lens read and the fee plan of the planned calls, one batch
    expect(stables.value.fee?.currency).toBe("USDm");
    expect(stables.value.steps.every((step) => step.feeCurrency === TOKENS.USDm.address)).toBe(true);
  });

  it("refuses when no listed stable can pay, naming each with have and need and never CELO, though CELO could pay", async () => {
    const { address } = await freshAccount(devnet, { CELO: "100", USDC: "1" });
    const refused = await counted(() =>
      client.transaction.prepareSend(address, address, "USDC", "1", { feeCurrency: STABLES }),
    );
    expect(refused.requests).toBe(1);
    const error = refused.value as unknown as InsufficientBalanceError;
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expectInErrorType("prepareSend", error);
    expect(error.message).not.toMatch(/CELO/i);
    expect(error.message).toMatch(/^No fee currency among USDT, USDC, USDm can pay the network fee of 0x/);
    expect(error.message).toMatch(/USDT: have 0 USDT, need 0\.\d+ \(max fee\) USDT/);
    expect(error.message).toMatch(/USDC: have 1 USDC, need 1 \+ 0\.\d+ \(max fee\) USDC/);
    expect(error.message).toMatch(/USDm: have 0 USDm, need 0\.\d+ \(max fee\) USDm/);
    const candidates = error.details.candidates as { token: string; have: string; need: string }[];
    expect(candidates.map((c) => c.token)).toEqual(["USDT", "USDC", "USDm"]);
    expect(candidates[1]).toMatchObject({ token: "USDC", have: "1000000" });
    expect(BigInt(candidates[1]!.need)).toBeGreaterThan(1_000_000n);
    // the account's CELO could have paid: plain "auto" prepares it
    const plain = await client.transaction.prepareSend(address, address, "USDC", "1", {
      feeCurrency: "auto",
    });
    expect(plain.fee).toBeUndefined();
  });

  it("refuses a bad list before any request, naming the field", async () => {
    const { address } = await freshAccount(devnet, { CELO: "1" });
    const bad: unknown[] = [{ auto: [] }, { auto: ["USDT", "WETH"] }, { auto: ["USDT"], exclude: ["CELO"] }];
    for (const feeCurrency of bad) {
      const refusal = await counted(() =>
        client.transaction.prepareSend(address, address, "USDC", "1", {
          feeCurrency: feeCurrency as AutoFeeCurrency,
        }),
      );
      expect(refusal.requests).toBe(0);
      expect(refusal.value).toBeInstanceOf(InvalidFeeCurrencyError);
      expect((refusal.value as unknown as InvalidFeeCurrencyError).details.field).toMatch(/^feeCurrency/);
    }
    expect(() =>
      createSdkClient({ rpcUrl: proxy.url, feeCurrency: { auto: ["USDm", "cUSD"] } as never }),
    ).toThrow(InvalidFeeCurrencyError);
  });
});
