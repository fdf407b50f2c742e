// A swap prepared by core (approve + Uniswap SwapRouter02 multicall) sent sponsored through the AA client in batch
// mode: one atomic UserOperation, and the bundle transaction carries the send-time tags on both inner calls.
import { checkAttributionInTransaction } from "@preflow/attribution";
import { createSdkClient, swapActions, TOKENS, UNISWAP_ADDRESSES } from "@preflow/core";
import { useDevnet } from "@preflow/devnet/vitest";
import { erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { fund, newAAClient, publicClientOf } from "./helpers/fixtures.js";

describe("sendPreparedFlow: a prepared swap, batch mode", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);
  const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

  it("sponsors approve + swap in one UserOperation that lands atomically, tags on both inner calls", async () => {
    const aa = await newAAClient(devnet, { attributionTags: ["swap_app"] });
    const account = aa.smartAccountAddress;
    await fund(devnet, account, "USDC" as never, "25");
    const sdk = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false }).extend(swapActions);
    const flow = await sdk.swap.prepareSwap(account, "USDC", "USDm", "25", { venue: "uniswap" });
    expect(flow.steps.map((step) => step.call?.contract)).toEqual(["USDC", "Uniswap SwapRouter02"]);

    const result = await aa.sendPreparedFlow(flow, { mode: "batch" });

    expect(result.success).toBe(true);
    expect(result.mode).toBe("batch");
    expect(result.operations).toHaveLength(1);
    expect(result.operations[0]).toMatchObject({ status: "success", stepIndexes: [0, 1] });
    const intent = flow.intent as { expectedAmountOut: string; minAmountOut: string };
    expect(await balanceOf(TOKENS.USDm.address, account)).toBe(BigInt(intent.expectedAmountOut));
    expect(await balanceOf(TOKENS.USDC.address, account)).toBe(0n);
    expect(await publicClient.getBalance({ address: account })).toBe(0n); // sponsored: the account paid no gas

    const hash = result.transactionHashes[0]!;
    const tx = await sdk.blockchain.getTransaction(hash);
    expect(tx.status).toBe("success");
    expect(tx.attribution.bundle).toBe(true);
    const inner = tx.attribution.locations.filter(
      (location) => location.kind === "innerCall" && location.sender === account,
    );
    expect(inner.map((location) => (location.kind === "innerCall" ? location.target : null))).toEqual([
      TOKENS.USDC.address,
      UNISWAP_ADDRESSES.swapRouter02,
    ]);
    for (const location of inner) {
      expect(location.platform).toBe(true);
      expect(location.tags).toEqual(["swap_app"]);
    }
    const checked = await checkAttributionInTransaction({ request: publicClient.request, hash }, "swap_app");
    expect(checked.matched).toBe(true);
  });

  it("leaves no effect of the approval when the swap reverts inside the batch (minimum above the quote)", async () => {
    const aa = await newAAClient(devnet);
    const account = aa.smartAccountAddress;
    await fund(devnet, account, "USDC" as never, "5");
    const sdk = createSdkClient({ rpcUrl: devnet.rpcUrl, analyticsEnabled: false }).extend(swapActions);
    const flow = await sdk.swap.prepareSwap(account, "USDC", "USDm", "5", {
      venue: "uniswap",
      slippageBps: 0,
    });
    // Break the minimum: ask for one base unit more than the quote (the flow is plain JSON, as it would travel).
    const swap = flow.steps[1]!;
    const min = (flow.intent as { minAmountOut: string }).minAmountOut;
    const raised = (BigInt(min) + 1n).toString(16).padStart(64, "0");
    const data = swap.data.replace(BigInt(min).toString(16).padStart(64, "0"), raised) as `0x${string}`;
    expect(data).not.toBe(swap.data);
    // With its description left as it was, the edited flow says one minimum and does another: refused.
    const lying = { ...flow, steps: [flow.steps[0]!, { ...swap, data }] };
    await expect(aa.sendPreparedFlow(lying, { mode: "batch" })).rejects.toMatchObject({
      code: "INVALID_PREPARED_FLOW",
      details: { path: "steps[1].call" },
    });
    // Without a description (no `call`, no `intent`), it is a plain hand-built flow.
    const { call: _call, ...bare } = swap;
    const { intent: _intent, ...rest } = flow;
    const tampered = { ...rest, steps: [flow.steps[0]!, { ...bare, data }] };

    const result = await aa.sendPreparedFlow(tampered, { mode: "batch" });

    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    expect(result.error?.revertData).toContain(Buffer.from("Too little received").toString("hex"));
    expect(
      await publicClient.readContract({
        address: TOKENS.USDC.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [account, UNISWAP_ADDRESSES.swapRouter02],
      }),
    ).toBe(0n);
    expect(await balanceOf(TOKENS.USDC.address, account)).toBe(5_000_000n);
  });
});
