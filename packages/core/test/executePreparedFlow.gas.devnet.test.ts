// executePreparedFlow's gas limit has headroom over the node's estimate: the state can change between the estimate
// and inclusion. Reproduced on real Aave v3 code: interest accrues while time passes between the estimate and the
// send, and a withdraw sent with the exact earlier estimate (what a plain viem wallet does) reverts out of gas,
// while the same withdraw through executePreparedFlow lands. A second case checks that a revert the node reports
// while filling a step is decoded (InsufficientAllowance-style names, not a raw selector).

import { type Devnet, devnetChain, startDevnet } from "@preflow/devnet";
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSdkClient, executePreparedFlow, type SerializedPreparedFlow, TOKENS } from "../src/index.js";
import { freshAccount } from "./support/wallet.js";

// A devnet of its own: the gas an Aave withdraw needs depends on the reserves' state, which other test files
// change on the shared devnet (with them, the exact-estimate control sometimes landed).
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
}, 60_000);
afterAll(async () => {
  await devnet?.stop();
});
const sdk = () => createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
const reader = () =>
  createPublicClient({ chain: devnetChain(devnet.rpcUrl), transport: http(devnet.rpcUrl) });

/** An account with 1,000 USDC supplied to Aave and 600 USDm borrowed against it, and its withdraw of 150 USDC. */
async function borrowerWithdrawing() {
  const client = sdk();
  const borrower = await freshAccount(devnet, { CELO: "10", USDC: "1000" });
  const account = privateKeyToAccount(borrower.privateKey);
  const supply = await client.aave.prepareSupply(account.address, "USDC", "1000");
  expect((await executePreparedFlow(client.publicClient, { account, flow: supply })).status).toBe("success");
  const borrow = await client.aave.prepareBorrow(account.address, "USDm", "600");
  const borrowed = await executePreparedFlow(client.publicClient, { account, flow: borrow });
  expect(borrowed.status).toBe("success");
  const { blockNumber: borrowBlock } = await reader().getTransactionReceipt({
    hash: borrowed.steps[0]!.hash!,
  });
  const withdraw = await client.aave.prepareWithdraw(account.address, "USDC", "150");
  return { account, privateKey: borrower.privateKey, withdraw, borrowBlock };
}

/** 30 s pass on the chain (the next block's timestamp), as between an estimate and a slow inclusion. */
async function thirtySecondsPass(): Promise<void> {
  await reader().request({ method: "evm_increaseTime", params: [30] } as never);
}

describe("executePreparedFlow: gas headroom", () => {
  it("a withdraw lands when 30 s pass between the estimate and the send; the exact estimate reverts", async () => {
    // The control: a plain viem wallet sending with the node's exact estimate.
    const control = await borrowerWithdrawing();
    const step = control.withdraw.steps[0]!;
    const publicClient = reader();
    // Estimated at the borrow's block, as a wallet asking for "latest" right after the borrow landed gets it on a
    // chain with 1 s blocks: in that block's second, Aave's reserve indexes are current and their update is skipped.
    const estimate = await publicClient.estimateGas({
      account: control.account.address,
      to: step.to,
      data: step.data,
      blockNumber: control.borrowBlock,
    });
    await thirtySecondsPass();
    const wallet = createWalletClient({
      account: control.account,
      chain: devnetChain(devnet.rpcUrl),
      transport: http(devnet.rpcUrl),
    });
    const exact = await wallet.sendTransaction({ to: step.to, data: step.data, gas: estimate });
    expect((await publicClient.waitForTransactionReceipt({ hash: exact })).status).toBe("reverted");

    // The same, through executePreparedFlow: time passes after the step is filled and signed, before the send.
    const subject = await borrowerWithdrawing();
    const result = await executePreparedFlow(sdk().publicClient, {
      account: subject.account,
      flow: subject.withdraw,
      onStep: async (event) => {
        if (event.phase === "signed") await thirtySecondsPass();
      },
    });
    expect(result.status).toBe("success");
    const hash = result.steps[0]!.hash!;
    const sent = await publicClient.getTransaction({ hash });
    const receipt = await publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    // The limit was the estimate + 20 %, and the step needed more than it would have had without the headroom
    // (the reverted control used at most its exact limit).
    expect(sent.gas).toBeGreaterThan(receipt.gasUsed);
    expect(
      await publicClient.readContract({
        address: TOKENS.USDC.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [subject.account.address],
      }),
    ).toBe(parseUnits("150", 6));
  });

  it("a step the node refuses to estimate (it would revert) is not sent, and the reason is decoded", async () => {
    const { account } = await freshAccount(devnet, { CELO: "1" });
    // transferFrom without an allowance: the token reverts with its allowance error.
    const flow: SerializedPreparedFlow = {
      preparedFlow: true,
      chainId: 42220,
      from: account.address,
      summary: "transferFrom without an allowance",
      steps: [
        {
          kind: "contract",
          to: TOKENS.USDm.address,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transferFrom",
            args: [devnet.accounts[0]!.address, account.address, 1n],
          }),
          value: "0",
          description: "transferFrom",
        },
      ],
    };
    const result = await executePreparedFlow(sdk().publicClient, { account, flow });
    expect(result.status).toBe("failed");
    expect(result.steps[0]).toMatchObject({ status: "failed", sent: false, code: "TRANSACTION_NOT_SENT" });
    expect(result.steps[0]!.error).toMatch(/execution reverted: /);
    expect(result.steps[0]!.error).not.toMatch(/custom error 0x|unknown error 0x/);
  });
});
