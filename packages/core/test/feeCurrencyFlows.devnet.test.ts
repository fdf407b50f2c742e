// Multi-step flows paying gas in a fee currency on the devnet (its fee-currency node front settles 0x7b as Celo
// does; Celo's StableToken for USDm, Celo's FeeCurrencyAdapter for USDC): an account with 0 CELO swaps
// USDC -> USDm paying in USDm (approve + swap, both 0x7b), "auto" picks a currency the account can pay with,
// `amount: "max"` sends the balance less the maximum fee, and the client's default fee currency applies.
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  createSdkClient,
  executePreparedFlow,
  FEE_CURRENCY_OF_TOKEN,
  FeeEstimateRevertedError,
  InsufficientBalanceError,
  InvalidFeeCurrencyError,
  parsePreparedFlow,
  swapActions,
  TOKENS,
} from "../src/index.js";
import { expectInErrorType } from "./support/errorTypes.js";
import { celoReader, devnetClients } from "./support/wallet.js";

const devnet = useDevnet();
const reader = celoReader(devnet);
const balanceOf = (token: Address, owner: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const client = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false }).extend(swapActions);
const { USDC, USDm } = TOKENS;

async function execute(privateKey: `0x${string}`, flow: Parameters<typeof executePreparedFlow>[1]["flow"]) {
  const { wallet } = devnetClients(devnet, privateKey);
  return executePreparedFlow(wallet, { flow, account: wallet.account });
}

describe("a swap paying gas in a fee currency", () => {
  it("0 CELO: swaps USDC -> USDm paying in USDm, approve and swap both 0x7b, fee debited <= fee.max", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "USDC", "50");
    await devnet.fund(account.address, "USDm", "2");
    const flow = await client.swap.prepareSwap(account.address, "USDC", "USDm", "10", {
      feeCurrency: "USDm",
      // Uniswap v3: an approve and a swap (v4, which "best" may pick once other files move v3's price, adds Permit2's)
      venue: "uniswap",
    });
    expect(flow.steps).toHaveLength(2);
    for (const step of flow.steps) expect(step.feeCurrency).toBe(USDm.address);
    expect(flow.fee).toMatchObject({ currency: "USDm", feeCurrency: USDm.address });
    const fee = flow.fee!;
    // max is the flow's: two steps, each signed with the same gas limit and fee caps
    expect(BigInt(fee.max)).toBe(2n * BigInt(fee.gas) * BigInt(fee.maxFeePerGas)); // USDm: 18 decimals
    expect(BigInt(fee.estimated)).toBeLessThan(BigInt(fee.max));
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);

    const usdmBefore = await balanceOf(USDm.address, account.address);
    const result = await execute(privateKey, flow);
    expect(result.status).toBe("success");
    let paid = 0n;
    for (const step of result.steps) {
      const tx = await reader.getTransaction({ hash: step.hash! });
      expect(tx.type).toBe("cip64");
      expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(USDm.address.toLowerCase());
      paid += BigInt(step.feePaid!.amount);
      // each step used less than the limit it was signed with (the simulated gas + 40 %, + intrinsic gas)
      const receipt = await reader.getTransactionReceipt({ hash: step.hash! });
      expect(receipt.gasUsed).toBeLessThan(BigInt(fee.gas));
    }
    expect(await reader.getBalance({ address: account.address })).toBe(0n);
    expect(await balanceOf(USDC.address, account.address)).toBe(parseUnits("40", 6));
    const received = BigInt(flow.intent?.kind === "swap" ? flow.intent.minAmountOut : "0");
    const usdmAfter = await balanceOf(USDm.address, account.address);
    // USDm after = before + what the swap bought - the fees; the fees are what the steps report, <= fee.max
    const bought = usdmAfter + paid - usdmBefore;
    expect(bought).toBeGreaterThanOrEqual(received);
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(BigInt(fee.max));
  });

  it("paying in the token sold counts amountIn plus fee.max against the balance", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "10");
    const refusal = await client.swap
      .prepareSwap(account.address, "USDC", "USDm", "10", { feeCurrency: "USDC" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InsufficientBalanceError);
    expectInErrorType("prepareSwap", refusal);
    expect((refusal as Error).message).toMatch(/have 10 USDC, need 10 \+ 0\.\d+ \(max fee\) USDC/);
    const fits = await client.swap.prepareSwap(account.address, "USDC", "USDm", "9", { feeCurrency: "USDC" });
    expect(fits.fee?.feeCurrency).toBe(FEE_CURRENCY_OF_TOKEN.USDC);
    expect(fits.steps.every((step) => step.feeCurrency === FEE_CURRENCY_OF_TOKEN.USDC)).toBe(true);
  });

  it('"auto" with 0 CELO picks a stable the account can pay with; with CELO it pays in CELO', async () => {
    const stables = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(stables.address, "USDC", "20");
    await devnet.fund(stables.address, "USDm", "1");
    const auto = await client.swap.prepareSwap(stables.address, "USDC", "USDm", "5", { feeCurrency: "auto" });
    // USDC (15 left over after the swap's 5, counted with the fee) outweighs 1 USDm
    expect(auto.fee?.currency).toBe("USDC");
    const withCelo = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(withCelo.address, "CELO", "1");
    await devnet.fund(withCelo.address, "USDC", "20");
    const celoPaid = await client.swap.prepareSwap(withCelo.address, "USDC", "USDm", "5", {
      feeCurrency: "auto",
    });
    expect(celoPaid.fee).toBeUndefined();
    expect(celoPaid.steps.every((step) => step.feeCurrency === undefined)).toBe(true);
  });

  it("a step that would revert is refused with FeeEstimateRevertedError (nothing to price)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDm", "5");
    // a call that reverts: transferFrom without an allowance
    const refusal = await client.transaction
      .prepareContractCall(
        account.address,
        {
          to: USDC.address,
          abi: erc20Abi,
          functionName: "transferFrom",
          args: [TOKENS.USDm.address, account.address, 1n],
        },
        { feeCurrency: "USDm" },
      )
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FeeEstimateRevertedError);
    expectInErrorType("prepareContractCall", refusal);
    expect((refusal as FeeEstimateRevertedError).details.step).toBe(0);
    // the devnet's USDC (Circle's FiatTokenCeloV2_2) reverts with Error(string): decoded, its bytes ride along
    const { reason, data } = (refusal as FeeEstimateRevertedError).details as {
      reason: string;
      data: string;
    };
    expect(data.startsWith("0x08c379a0")).toBe(true);
    expect(reason).toMatch(/ERC20: transfer amount exceeds allowance/);
  });
});

describe('prepareSend(..., "max")', () => {
  it("paying in the token sent: lands leaving 0 <= rest < (fee.max - fee paid) + 1 unit", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "USDC", "7");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDC", "max", {
      feeCurrency: "USDC",
    });
    const max = BigInt(flow.fee!.max);
    const sent = BigInt(flow.intent?.kind === "send" ? flow.intent.amount : "0");
    expect(sent).toBe(parseUnits("7", 6) - max);
    const result = await execute(privateKey, flow);
    expect(result.status).toBe("success");
    const paid = BigInt(result.steps[0]!.feePaid!.amount);
    expect(await balanceOf(USDC.address, recipient)).toBe(sent);
    const rest = await balanceOf(USDC.address, account.address);
    expect(rest).toBe(max - paid);
    expect(rest).toBeGreaterThanOrEqual(0n);
    expect(rest).toBeLessThan(max - paid + 1n);
  });

  it("paying in another token: sends the whole balance", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "USDC", "3");
    await devnet.fund(account.address, "USDm", "1");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "USDC", "max", {
      feeCurrency: "USDm",
    });
    expect(flow.intent).toMatchObject({ amount: parseUnits("3", 6).toString() });
    expect((await execute(privateKey, flow)).status).toBe("success");
    expect(await balanceOf(USDC.address, account.address)).toBe(0n);
    expect(await balanceOf(USDC.address, recipient)).toBe(parseUnits("3", 6));
  });

  it("CELO paying its own gas: sends the balance less CELO's max fee, and it lands", async () => {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await devnet.fund(account.address, "CELO", "2");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(account.address, recipient, "CELO", "max");
    expect(flow.fee).toBeUndefined();
    const sent = BigInt(flow.intent?.kind === "send" ? flow.intent.amount : "0");
    expect(sent).toBeLessThan(parseUnits("2", 18));
    expect(sent).toBeGreaterThan(parseUnits("1.9", 18));
    expect((await execute(privateKey, flow)).status).toBe("success");
    expect(await reader.getBalance({ address: recipient })).toBe(sent);
    const rest = await reader.getBalance({ address: account.address });
    expect(rest).toBeGreaterThanOrEqual(0n);
    expect(rest).toBeLessThan(parseUnits("2", 18) - sent);
  });

  it("refuses when the balance cannot cover the fee, before any send", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "0.000001");
    const refusal = await client.transaction
      .prepareSend(account.address, account.address, "USDC", "max", { feeCurrency: "USDC" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InsufficientBalanceError);
    expectInErrorType("prepareSend", refusal);
    expect((refusal as Error).message).toMatch(/have 0\.000001 USDC, need 0\.\d+ \(max fee\) USDC/);
    const empty = privateKeyToAccount(generatePrivateKey()).address;
    await expect(client.transaction.prepareSend(empty, empty, "USDm", "max")).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
  });
});

describe("the client's default fee currency", () => {
  it("applies to every prepare unless the call says otherwise", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "USDC", "20");
    await devnet.fund(account.address, "USDm", "2");
    const paying = createSdkClient({
      rpcUrl: devnet.rpcUrl,
      analyticsEnabled: false,
      feeCurrency: "USDm",
    }).extend(swapActions);
    const send = await paying.transaction.prepareSend(account.address, account.address, "USDC", "1");
    expect(send.fee?.currency).toBe("USDm");
    const swap = await paying.swap.prepareSwap(account.address, "USDC", "USDm", "1");
    expect(swap.steps.every((step) => step.feeCurrency === USDm.address)).toBe(true);
    const approve = await paying.transaction.prepareApprove(account.address, account.address, "USDC", "1");
    expect(approve.fee?.feeCurrency).toBe(USDm.address);
    const own = await paying.transaction.prepareSend(account.address, account.address, "USDC", "1", {
      feeCurrency: "USDC",
    });
    expect(own.fee?.currency).toBe("USDC");
    const celo = await paying.transaction.prepareApprove(account.address, account.address, "USDC", "1", {
      feeCurrency: "CELO",
    });
    expect(celo.fee).toBeUndefined();
  });

  it("is checked when the client is created, and unknown keys stay refused", () => {
    expect(() => createSdkClient({ feeCurrency: "WETH" })).toThrow(InvalidFeeCurrencyError);
    expect(() => createSdkClient({ feeCurrency: `0x${"00".repeat(20)}` })).toThrow(/zero address/);
    expect(() => createSdkClient({ feeCurrncy: "USDm" } as never)).toThrow(/feeCurrency/);
  });
});
