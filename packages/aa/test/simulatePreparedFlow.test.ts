// aa.simulatePreparedFlow: the smart account's calls on one state, counterfactual accounts included; the simulated
// balance changes equal what the sponsored UserOperation then changes; one chain request, none to the sponsor.
import { FlowAccountMismatchError, type SimulatePreparedFlowReturnType } from "@preflow/core";
import { startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { type Address, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { expectInErrorType } from "./helpers/errorTypes.js";
import {
  approveAndDeposit,
  fund,
  newAAClient,
  publicClientOf,
  sponsorship,
  usdmBalance,
  VAULT,
} from "./helpers/fixtures.js";

const delta = (simulation: SimulatePreparedFlowReturnType, address: Address, symbol: string) =>
  BigInt(
    simulation.balanceChanges.find(
      (change) => change.address.toLowerCase() === address.toLowerCase() && change.symbol === symbol,
    )?.delta ?? "0",
  );

describe("aa.simulatePreparedFlow", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);

  it("simulates approve + deposit from an account not deployed yet; the real batch changes the same", async () => {
    const aa = await newAAClient(devnet, { attributionTags: ["myapp"] });
    const account = aa.smartAccountAddress;
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    await fund(devnet, account, "USDm", "10");
    const flow = await approveAndDeposit(devnet, account, parseUnits("3", 18));

    const simulation = await aa.simulatePreparedFlow(flow);
    expect(simulation).toMatchObject({ success: true, account, failedStep: null });
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "success"]);
    expect(simulation.allowanceChanges).toMatchObject([
      { owner: account, spender: VAULT, before: { value: "0" }, after: { value: "0" } },
    ]);
    // Simulating deployed nothing.
    expect(await publicClient.getCode({ address: account })).toBeUndefined();

    const before = {
      account: await usdmBalance(publicClient, account),
      vault: await usdmBalance(publicClient, VAULT),
    };
    const celoBefore = await publicClient.getBalance({ address: account });
    const sent = await aa.sendPreparedFlow(flow, { mode: "batch" });
    expect(sent.success).toBe(true);
    expect((await usdmBalance(publicClient, account)) - before.account).toBe(
      delta(simulation, account, "USDm"),
    );
    expect((await usdmBalance(publicClient, VAULT)) - before.vault).toBe(delta(simulation, VAULT, "USDm"));
    expect(delta(simulation, account, "USDm")).toBe(-parseUnits("3", 18));
    // Sponsored: the account's CELO does not move, in the simulation or for real.
    expect((await publicClient.getBalance({ address: account })) - celoBefore).toBe(
      delta(simulation, account, "CELO"),
    );

    // Deployed now: the same simulation still runs as the account.
    const again = await aa.simulatePreparedFlow(
      await approveAndDeposit(devnet, account, parseUnits("2", 18)),
    );
    expect(again.success).toBe(true);
    expect(delta(again, account, "USDm")).toBe(-parseUnits("2", 18));
  });

  it("reports a deposit beyond the balance as reverted with the decoded reason", async () => {
    const aa = await newAAClient(devnet);
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("1", 18));
    const tooMuch = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("5", 18));
    const simulation = await aa.simulatePreparedFlow(tooMuch);
    expect(simulation.steps.map((step) => step.status)).toEqual(["success", "reverted"]);
    // the devnet's USDm is Celo's StableToken: a revert string
    expect(simulation.steps[1]!.revertReason).toMatchObject({
      name: "Error",
      source: "solidity",
      args: ["transfer value exceeded balance of sender"],
    });
    expect((await aa.simulatePreparedFlow(flow)).success).toBe(true);
  });

  it("costs one chain request and none to the sponsor; refuses a flow of another account before any request", async () => {
    const rpc = await startFaultProxy({ upstream: devnet.rpcUrl });
    const sponsor = await startFaultProxy({ upstream: devnet.sponsorBaseUrl });
    try {
      const aa = await newAAClient(devnet, {
        rpcUrl: rpc.url,
        gasSponsorship: sponsorship(devnet, devnet.sponsorApiKey, sponsor.url.replace(/\/$/, "")),
      });
      await fund(devnet, aa.smartAccountAddress, "USDm", "4");
      const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("4", 18));
      rpc.reset();
      const simulation = await aa.simulatePreparedFlow(flow);
      expect(simulation.success).toBe(true);
      expect(rpc.requests).toBe(1);
      expect(rpc.count("eth_simulateV1")).toBe(1);
      expect(sponsor.requests).toBe(0);

      rpc.reset();
      const eoa = privateKeyToAccount(generatePrivateKey()).address;
      const other = { ...flow, from: eoa };
      const mismatch = await aa.simulatePreparedFlow(other).catch((e: unknown) => e);
      expect(mismatch).toBeInstanceOf(FlowAccountMismatchError);
      const unknownKey = await aa
        .simulatePreparedFlow(flow, { mode: "batch" } as never)
        .catch((e: unknown) => e);
      expect(unknownKey).toMatchObject({ code: "INVALID_ARGUMENT" });
      for (const error of [mismatch, unknownKey]) expectInErrorType("simulatePreparedFlow", error);
      expect(rpc.requests).toBe(0);
    } finally {
      await rpc.close();
      await sponsor.close();
    }
  });
});
