import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits, toFunctionSelector } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  approveAndDeposit,
  fund,
  join,
  newAAClient,
  publicClientOf,
  sdk,
  USDm,
  usdmAllowance,
  usdmBalance,
  VAULT,
  vaultAbi,
  vaultDeposit,
} from "./helpers/fixtures.js";

describe("sendPreparedFlow, sequential mode", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);

  it("sends three steps as three UserOperations, in order", async () => {
    const aa = await newAAClient(devnet, { attributionTags: ["seq_app"] });
    await fund(devnet, aa.smartAccountAddress, "USDm", "10");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = sdk(devnet);
    const flow = join(
      aa.smartAccountAddress,
      await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("2", 18)),
      await client.transaction.prepareSend(aa.smartAccountAddress, recipient, "USDm", "1.5"),
    );
    expect(flow.steps).toHaveLength(3);

    const result = await aa.sendPreparedFlow(flow, { mode: "sequential" });

    expect(result.success).toBe(true);
    expect(result.mode).toBe("sequential");
    expect(result.error).toBeUndefined();
    expect(result.userOpHashes).toHaveLength(3);
    expect(new Set(result.userOpHashes).size).toBe(3);
    expect(result.transactionHashes).toHaveLength(3);
    // In order: each UserOperation landed in a later block than the one before it.
    const blocks = await Promise.all(
      result.transactionHashes.map(
        async (hash) => (await publicClient.getTransactionReceipt({ hash })).blockNumber,
      ),
    );
    expect(blocks[0]! < blocks[1]! && blocks[1]! < blocks[2]!).toBe(true);
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(parseUnits("2", 18));
    expect(await usdmBalance(publicClient, recipient)).toBe(parseUnits("1.5", 18));
    expect(await usdmBalance(publicClient, aa.smartAccountAddress)).toBe(parseUnits("6.5", 18));
  });

  it("stops at the first failure: step 1 reverts, step 2 is never sent, step 0 stays done", async () => {
    const aa = await newAAClient(devnet);
    await fund(devnet, aa.smartAccountAddress, "USDm", "10");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const client = sdk(devnet);
    const flow = join(
      aa.smartAccountAddress,
      await client.transaction.prepareApprove(aa.smartAccountAddress, VAULT, "USDm", "1"),
      // Withdraw from a vault holding nothing: reverts with InsufficientDeposit.
      await client.transaction.prepareContractCall(aa.smartAccountAddress, {
        to: VAULT,
        abi: vaultAbi,
        functionName: "withdraw",
        args: [USDm, parseUnits("1", 18)],
      }),
      await client.transaction.prepareSend(aa.smartAccountAddress, recipient, "USDm", "1"),
    );

    const result = await aa.sendPreparedFlow(flow, { mode: "sequential" });

    expect(result.success).toBe(false);
    expect(result.userOpHashes).toHaveLength(1);
    expect(result.transactionHashes).toHaveLength(1);
    expect(result.error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    expect(result.error?.message).toMatch(/^Step 1 \(Call withdraw/);
    // per step: done, refused (its simulation reverted), never tried
    expect(result).toMatchObject({ status: "failed", completedSteps: 1, failedStep: 1 });
    expect(result.steps.map((step) => [step.status, step.code, step.sent, step.hash])).toEqual([
      ["success", undefined, true, result.transactionHashes[0]],
      ["failed", "SIMULATION_REVERTED", false, null],
      ["skipped", "NOT_ATTEMPTED", false, null],
    ]);
    // InsufficientDeposit(uint256,uint256)
    expect(result.error?.revertData?.slice(0, 10)).toBe(
      toFunctionSelector("InsufficientDeposit(uint256,uint256)"),
    );
    expect(await usdmAllowance(publicClient, aa.smartAccountAddress, VAULT)).toBe(parseUnits("1", 18));
    expect(await usdmBalance(publicClient, recipient)).toBe(0n);
  });
});
