import { checkAttributionInTransaction } from "@preflow/attribution";
import { useDevnet } from "@preflow/devnet/vitest";
import { parseUnits, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import {
  approveAndDeposit,
  fund,
  join,
  landedFlowResult,
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

/** Solidity's `Error(string)`: the devnet's USDm is Celo's StableToken, which reverts with strings. */
const errorString = "Error(string)";

/** For a failed send: the UserOperation's gas limits and, from the bundle's call trace, each call into the account. */
async function bundleFacts(
  devnet: ReturnType<typeof useDevnet>,
  results: readonly {
    success: boolean;
    userOpHashes: readonly string[];
    transactionHashes: readonly string[];
  }[],
): Promise<string> {
  type Frame = {
    from: string;
    to?: string;
    input: string;
    gas: string;
    gasUsed: string;
    error?: string;
    calls?: Frame[];
  };
  const rpc = async (url: string, method: string, params: unknown[]) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return ((await response.json()) as { result?: unknown }).result;
  };
  const facts: unknown[] = [];
  for (const result of results.filter((r) => !r.success)) {
    const [userOpHash] = result.userOpHashes;
    const [hash] = result.transactionHashes;
    const userOp = userOpHash
      ? ((await rpc(devnet.bundlerUrl, "eth_getUserOperationByHash", [userOpHash])) as {
          userOperation?: Record<string, unknown>;
        } | null)
      : null;
    const trace = hash
      ? ((await rpc(devnet.rpcUrl, "debug_traceTransaction", [
          hash,
          { tracer: "callTracer" },
        ])) as Frame | null)
      : null;
    const calls: unknown[] = [];
    const walk = (frame: Frame, depth: number) => {
      if (depth <= 5 && frame.error)
        calls.push({
          depth,
          to: frame.to,
          selector: frame.input.slice(0, 10),
          gas: BigInt(frame.gas).toString(),
          gasUsed: BigInt(frame.gasUsed).toString(),
          error: frame.error,
        });
      for (const call of frame.calls ?? []) walk(call, depth + 1);
    };
    if (trace) walk(trace, 0);
    const op = userOp?.userOperation ?? {};
    facts.push({
      userOpHash,
      hash,
      gasLimits: [
        "callGasLimit",
        "verificationGasLimit",
        "preVerificationGas",
        "paymasterVerificationGasLimit",
        "paymasterPostOpGasLimit",
      ].map((key) => `${key} ${op[key] === undefined ? "?" : BigInt(op[key] as string)}`),
      bundleGas: trace ? `${BigInt(trace.gasUsed)} of ${BigInt(trace.gas)}` : undefined,
      failedCalls: calls,
    });
  }
  return JSON.stringify(facts);
}

describe("sendPreparedFlow, batch mode", () => {
  const devnet = useDevnet();
  const publicClient = publicClientOf(devnet);

  it("sponsors approve + deposit from a brand-new account in one atomic UserOperation", async () => {
    const aa = await newAAClient(devnet, { attributionTags: ["myapp", "partner"] });
    expect(await publicClient.getCode({ address: aa.smartAccountAddress })).toBeUndefined();
    await fund(devnet, aa.smartAccountAddress, "USDm", "10");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("3", 18));

    const result = await aa.sendPreparedFlow(flow);

    expect(result).toEqual({
      mode: "batch",
      success: true,
      userOpHashes: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
      transactionHashes: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
      operations: [
        {
          userOpHash: result.userOpHashes[0],
          transactionHash: result.transactionHashes[0],
          status: "success",
          stepIndexes: [0, 1],
        },
      ],
      // the shape every send of a flow reports (core's executePreparedFlow, sendPreparedFlowWithWallet)
      ...landedFlowResult(flow, aa.smartAccountAddress, result.transactionHashes[0]),
    });
    expect(await publicClient.getCode({ address: aa.smartAccountAddress })).toBeDefined();
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(parseUnits("3", 18));
    expect(await usdmBalance(publicClient, aa.smartAccountAddress)).toBe(parseUnits("7", 18));
    // The approval was consumed by the deposit in the same UserOperation; no gas was paid by the account.
    expect(await usdmAllowance(publicClient, aa.smartAccountAddress, VAULT)).toBe(0n);
    expect(await publicClient.getBalance({ address: aa.smartAccountAddress })).toBe(0n);

    // Both inner calls carry the send-time tags, found from the bundle transaction hash alone.
    const hash = result.transactionHashes[0]!;
    const found = await checkAttributionInTransaction({ request: publicClient.request, hash }, "partner");
    expect(found.bundle).toBe(true);
    expect(found.matched).toBe(true);
    // A bundle may hold other tests' UserOperations: keep this account's inner calls.
    const inner = found.locations.filter(
      (location) => location.kind === "innerCall" && location.sender === aa.smartAccountAddress,
    );
    expect(inner).toHaveLength(2);
    for (const location of inner) {
      expect(location.platform).toBe(true);
      expect(location.tags.map((tag) => tag.toLowerCase())).toEqual(["myapp", "partner"]);
    }
    expect(inner.map((location) => (location.kind === "innerCall" ? location.target : null))).toEqual([
      USDm,
      VAULT,
    ]);
  });

  it("leaves no effect of step 0 when step 1 reverts, and reports success: false with stepIndex 1", async () => {
    const aa = await newAAClient(devnet);
    await fund(devnet, aa.smartAccountAddress, "USDm", "2");
    // Deposit 5 while holding 2: the approve succeeds, the deposit's transferFrom reverts.
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, parseUnits("5", 18));

    const result = await aa.sendPreparedFlow(flow, { mode: "batch" });

    expect(result.success).toBe(false);
    expect(result.mode).toBe("batch");
    expect(result.userOpHashes).toEqual([]);
    expect(result.transactionHashes).toEqual([]);
    expect(result.error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    expect(result.error?.message).toContain("Step 1 (Call deposit");
    // nothing was sent: both steps failed before sending, the reason on the step that reverts
    expect(result).toMatchObject({ status: "failed", completedSteps: 0, failedStep: 0 });
    expect(result.steps.map((step) => [step.status, step.code, step.sent, step.hash])).toEqual([
      ["failed", "SIMULATION_REVERTED", false, null],
      ["failed", "SIMULATION_REVERTED", false, null],
    ]);
    expect(result.steps[0]!.error).toBeUndefined();
    expect(result.steps[1]!.error).toBe(result.error?.message);
    // The devnet's USDm (Celo's StableToken) reverts with a string, decoded by core's decoder.
    expect(result.error?.revertData?.slice(0, 10)).toBe(toFunctionSelector(errorString));
    expect(result.error?.revertReason).toMatchObject({
      name: "Error",
      source: "solidity",
      args: ["transfer value exceeded balance of sender"],
      data: result.error?.revertData,
    });
    expect(result.error?.message).toContain(`: ${result.error?.revertReason?.message}.`);
    expect(await usdmAllowance(publicClient, aa.smartAccountAddress, VAULT)).toBe(0n);
    expect(await vaultDeposit(publicClient, aa.smartAccountAddress)).toBe(0n);
    expect(await usdmBalance(publicClient, aa.smartAccountAddress)).toBe(parseUnits("2", 18));
  });

  it("names the ERC-20 error with core's decoder when step 1 needs more allowance than step 0 approved", async () => {
    const aa = await newAAClient(devnet);
    await fund(devnet, aa.smartAccountAddress, "USDm", "5");
    const client = sdk(devnet);
    // Approve 1, deposit 3 (the deposit alone, without its own approval step): transferFrom needs 3.
    const flow = join(
      aa.smartAccountAddress,
      await client.transaction.prepareApprove(aa.smartAccountAddress, VAULT, "USDm", "1"),
      await client.transaction.prepareContractCall(aa.smartAccountAddress, {
        to: VAULT,
        abi: vaultAbi,
        functionName: "deposit",
        args: [USDm, parseUnits("3", 18)],
      }),
    );
    expect(flow.steps).toHaveLength(2);

    const result = await aa.sendPreparedFlow(flow);

    expect(result.success).toBe(false);
    expect(result.userOpHashes).toEqual([]);
    // Refused while the gas was estimated for sponsorship: never signed, so no userOpHash.
    expect(result.operations).toEqual([
      { userOpHash: null, transactionHash: null, status: "refused", stepIndexes: [0, 1] },
    ]);
    const error = result.error!;
    expect(error).toMatchObject({ code: "EXECUTION_REVERTED", stepIndex: 1 });
    // The devnet's USDm (Celo's StableToken) reverts with a string (Error(string), selector 0x08c379a0).
    expect(error.revertData?.slice(0, 10)).toBe("0x08c379a0");
    expect(error.revertReason).toMatchObject({
      name: "Error",
      source: "solidity",
      selector: "0x08c379a0",
      args: ["transfer value exceeded sender's allowance for recipient"],
      data: error.revertData,
    });
    expect(error.revertReason?.message).toContain("transfer value exceeded sender's allowance for recipient");
    expect(error.message).toBe(
      `Step 1 (${flow.steps[1]!.description}) would revert (simulation); nothing was submitted: ${error.revertReason!.message}.`,
    );
    expect(error.message).not.toContain("custom error");
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
    expect(await usdmAllowance(publicClient, aa.smartAccountAddress, VAULT)).toBe(0n);
  });

  it("passes step data through unchanged when attributionTags is omitted, and tags with the platform code only for []", async () => {
    const untagged = await newAAClient(devnet);
    const tagged = await newAAClient(devnet, { attributionTags: [] });
    expect(untagged.attributionTags).toBeUndefined();
    expect(tagged.attributionTags).toEqual([]);
    for (const aa of [untagged, tagged]) await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    // Sent at once, through the same sponsor (issue 39: the second one's gas used to be estimated on the state the
    // first one's approve + deposit warmed in alto's simulation; see sponsoredConcurrent.test.ts).
    const flows = await Promise.all(
      [untagged, tagged].map((aa) => approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n)),
    );
    const [a, b] = await Promise.all([
      untagged.sendPreparedFlow(flows[0]!),
      tagged.sendPreparedFlow(flows[1]!),
    ]);
    // On failure, say why: the operations' gas limits and, from the bundle's call trace, each call into the account.
    const why = `${JSON.stringify([a, b], (_key, value) =>
      typeof value === "bigint" ? value.toString() : value,
    )}\n${a.success && b.success ? "" : await bundleFacts(devnet, [a, b])}`;
    expect(a.success && b.success, why).toBe(true);
    const inspect = async (hash: `0x${string}`, sender: string) =>
      (await checkAttributionInTransaction({ request: publicClient.request, hash })).locations.filter(
        (location) => location.kind === "innerCall" && location.sender === sender,
      );
    const plain = await inspect(a.transactionHashes[0]!, untagged.smartAccountAddress);
    expect(plain.map((location) => location.found)).toEqual([false, false]);
    const sdkOnly = await inspect(b.transactionHashes[0]!, tagged.smartAccountAddress);
    expect(sdkOnly.map((location) => [location.platform, location.tags])).toEqual([
      [true, []],
      [true, []],
    ]);
  });

  it("keeps prepare-time tags as they are when the AA client sets none (one tag list per send path)", async () => {
    const aa = await newAAClient(devnet);
    await fund(devnet, aa.smartAccountAddress, "USDm", "1");
    const flow = await approveAndDeposit(devnet, aa.smartAccountAddress, 10n ** 17n, ["prep_tag"]);
    const result = await aa.sendPreparedFlow(JSON.parse(JSON.stringify(flow)));
    expect(result.success).toBe(true);
    const found = await checkAttributionInTransaction(
      { request: publicClient.request, hash: result.transactionHashes[0]! },
      "prep_tag",
    );
    expect(found.matched).toBe(true);
  });
});
