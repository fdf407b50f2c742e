// A lending flow of core (client.aave.prepareSupply: approve + supply) from a brand-new smart account, submitted
// as ONE sponsored UserOperation on the devnet's Aave v3 market: both calls land together or neither does.
import { createSdkClient, TOKENS } from "@preflow/core";
import { AAVE_RESERVES } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, erc20Abi, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { fund, newAAClient, publicClientOf } from "./helpers/fixtures.js";

const POOL: Address = "0x3E59A31363E2ad014dcbc521c4a0d5757d9f3402";

describe("an Aave v3 supply through a sponsored smart account", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);
  const sdk = () => createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false });
  const read = (token: Address, functionName: "balanceOf" | "allowance", args: readonly Address[]) =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName, args: args as never });

  it("approve + supply land in one UserOperation from a fresh account, which pays no gas", async () => {
    const aa = await newAAClient(devnet);
    const account = aa.smartAccountAddress;
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    await fund(devnet, account, "USDC" as never, "50");

    const flow = await sdk().aave.prepareSupply(account, "USDC", "50");
    expect(flow.steps.map((step) => step.call?.functionName)).toEqual(["approve", "supply"]);
    const result = await aa.sendPreparedFlow(flow);

    expect(result.success).toBe(true);
    expect(result.userOpHashes).toHaveLength(1);
    expect(result.operations).toEqual([
      expect.objectContaining({
        status: "success",
        stepIndexes: [0, 1],
        transactionHash: result.transactionHashes[0],
      }),
    ]);
    expect(await read(AAVE_RESERVES.USDC.aToken, "balanceOf", [account])).toBe(parseUnits("50", 6));
    expect(await read(TOKENS.USDC.address, "balanceOf", [account])).toBe(0n);
    expect(await read(TOKENS.USDC.address, "allowance", [account, POOL])).toBe(0n); // consumed by the supply
    expect(await publicClient.getBalance({ address: account })).toBe(0n); // sponsored
    const positions = await sdk().aave.getPositions(account);
    expect(positions.reserves[0]!.supplied.formatted).toBe("50");
    expect(positions.account.totalCollateral.formatted).toBe("50");
  });

  it("when the supply would revert, the approval does not land either", async () => {
    const aa = await newAAClient(devnet);
    const account = aa.smartAccountAddress;
    await fund(devnet, account, "USDC" as never, "50");
    const flow = await sdk().aave.prepareSupply(account, "USDC", "50");
    // After preparing, the account sends 10 USDC away (its own sponsored UserOperation), so the supply's
    // transferFrom of 50 would fail.
    const spend = await sdk().transaction.prepareSend(
      account,
      "0x000000000000000000000000000000000000dEaD",
      "USDC",
      "10",
    );
    expect((await aa.sendPreparedFlow(spend)).success).toBe(true);

    const result = await aa.sendPreparedFlow(flow);
    expect(result.success).toBe(false);
    // Simulated as one UserOperation, the supply (step 1) reverts, so neither step is submitted.
    expect(result.error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    expect(result.userOpHashes).toEqual([]);
    expect(result.operations[0]!.status).toBe("refused");
    expect(result.operations).toHaveLength(1);
    expect(result.operations[0]!.stepIndexes).toEqual([0, 1]);
    expect(await read(TOKENS.USDC.address, "allowance", [account, POOL])).toBe(0n);
    expect(await read(AAVE_RESERVES.USDC.aToken, "balanceOf", [account])).toBe(0n);
    expect(await read(TOKENS.USDC.address, "balanceOf", [account])).toBe(parseUnits("40", 6));
  });
});
