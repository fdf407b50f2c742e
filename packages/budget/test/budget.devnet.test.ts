// The budget on the devnet (the Delegation Framework v1.3.0 at its Celo addresses): within the cap the owner's
// tokens move and the agent's do not; over it, elsewhere, revoked, expired: typed refusal, nothing sent; the next
// period allows it again; the agent's key used directly, outside preflow, is reverted by the chain.

import { DelegationManager } from "@metamask/delegation-abis";
import { createSdkClient, executePreparedFlow, prepareSend } from "@preflow/core";
import {
  CELO_TOKEN_ADDRESS,
  DEVNET_TOKENS,
  devnetChain,
  SIMPLE_7702_ACCOUNT,
  startFaultProxy,
} from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  http,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  BudgetError,
  describeAgentBudget,
  describeEnforcerRefusal,
  executeWithBudget,
  getAgentBudget,
  grantAgentBudget,
  parseBudget,
  prepareBudgetRedemption,
  revokeAgentBudget,
} from "../src/index.js";
import { caveatsWithArgs } from "../src/internal/caveats.js";
import { permissionContext } from "../src/internal/delegation.js";

const devnet = useDevnet();
const chain = devnetChain(devnet.rpcUrl);
const reader = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
const client = createSdkClient({ rpcUrl: devnet.rpcUrl, attributionTags: ["budget_test"] });
const USDC = DEVNET_TOKENS.USDC.address as Address;
const balance = (token: Address, holder: Address) =>
  reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

async function setup(options: { recipients?: "one" | "two"; validUntil?: bigint } = {}) {
  const owner = privateKeyToAccount(generatePrivateKey());
  const agent = privateKeyToAccount(generatePrivateKey());
  const shop = privateKeyToAccount(generatePrivateKey()).address;
  const other = privateKeyToAccount(generatePrivateKey()).address;
  await devnet.fund(owner.address, "CELO", "10");
  await devnet.fund(owner.address, "USDC", "100");
  await devnet.fund(agent.address, "CELO", "5");
  await devnet.fund(agent.address, "USDC", "100");
  const { budget, transactionHash } = await grantAgentBudget(client, {
    owner,
    agent: agent.address,
    limits: { USDC: { perDay: "5" }, USDm: { perDay: "3" } },
    recipients: options.recipients === "two" ? [other, shop] : [shop],
    ...(options.validUntil === undefined ? {} : { validUntil: options.validUntil }),
  });
  return { owner, agent, shop, other, budget, transactionHash };
}

async function refusal(promise: Promise<unknown>): Promise<BudgetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BudgetError);
  return error as BudgetError;
}

describe("an agent budget on the devnet", () => {
  it("a dry run reads the state and prepares the redemption in one request, then simulates; an uncovered flow costs none", async () => {
    const { owner, agent, shop, other, budget } = await setup();
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "1" });
    const elsewhere = await prepareSend(client, {
      from: owner.address,
      to: other,
      token: "USDC",
      amount: "1",
    });
    // The simulation runs at the local clock + 1 s: first in this file (the later tests move the devnet's clock a
    // day on), and once the local clock has reached the latest block (blocks mined in a burst take the next
    // second each), so that the budget's start (the chain time of its grant) is never after it.
    const latest = (await reader.getBlock()).timestamp;
    const localSeconds = () => BigInt(Math.floor(Date.now() / 1000));
    for (let tries = 0; localSeconds() < latest && tries < 60; tries++)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(localSeconds()).toBeGreaterThanOrEqual(latest);
    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    try {
      const counted = createSdkClient({ rpcUrl: proxy.url });
      const dry = await executeWithBudget(counted, { budget, agent, flow, dryRun: true });
      expect(dry.status, JSON.stringify(dry.steps)).toBe("success");
      // the state read and the redemption's preparation in one batch, the chain check folded in; then the simulation
      expect(proxy.batches.map((methods) => [...methods].sort())).toEqual([
        ["eth_blockNumber", "eth_call", "eth_chainId", "eth_getCode"],
        ["eth_feeHistory", "eth_simulateV1"],
      ]);
      expect(proxy.requests).toBe(2);
      // another recipient: refused from the flow and the budget alone, before any request
      const refused = await refusal(
        executeWithBudget(counted, { budget, agent, flow: elsewhere, dryRun: true }),
      );
      expect(refused.code).toBe("BUDGET_RECIPIENT_NOT_ALLOWED");
      expect(proxy.requests).toBe(2);
      // more than the cap: the state's refusal, read in the one request beside the preparation
      const over = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "6" });
      expect(
        (await refusal(executeWithBudget(counted, { budget, agent, flow: over, dryRun: true }))).code,
      ).toBe("BUDGET_EXCEEDED");
      expect(proxy.requests).toBe(3);
    } finally {
      await proxy.close();
    }
    expect(await balance(USDC, shop)).toBe(0n);
  });

  it("moves the owner's tokens within the cap, refuses over it and elsewhere, and renews the next period", async () => {
    const { owner, agent, shop, other, budget, transactionHash } = await setup({ recipients: "two" });
    expect(transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await reader.getCode({ address: owner.address })).toMatch(/^0xef0100/i);
    expect(JSON.stringify(budget)).not.toContain(agent.address.toLowerCase().slice(2, 10) + "private");
    expect(parseBudget(JSON.parse(JSON.stringify(budget)))).toEqual(budget);
    expect(describeAgentBudget(budget)).toContain("at most 5 USDC per day");

    const agentBefore = await balance(USDC, agent.address);
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "3" });
    const sent = await executeWithBudget(client, { budget, agent, flow });
    expect(sent.status).toBe("success");
    expect(await balance(USDC, shop)).toBe(3_000_000n);
    expect(await balance(USDC, owner.address)).toBe(97_000_000n);
    expect(await balance(USDC, agent.address)).toBe(agentBefore);
    const tx = await reader.getTransaction({ hash: sent.steps[0]!.hash! });
    expect(tx.from.toLowerCase()).toBe(agent.address.toLowerCase());
    expect(tx.input.endsWith("80218021802180218021802180218021")).toBe(true); // ERC-8021 marker

    const state = await getAgentBudget(client, { budget });
    expect(state.tokens[0]).toMatchObject({ token: "USDC", limit: "5", spent: "3", remaining: "2" });
    expect(state.active).toBe(true);

    // over the cap: typed refusal, nothing sent
    const nonce = await reader.getTransactionCount({ address: agent.address });
    const over = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "3" });
    expect((await refusal(executeWithBudget(client, { budget, agent, flow: over }))).code).toBe(
      "BUDGET_EXCEEDED",
    );
    // elsewhere
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const elsewhere = await prepareSend(client, {
      from: owner.address,
      to: stranger,
      token: "USDC",
      amount: "1",
    });
    expect((await refusal(executeWithBudget(client, { budget, agent, flow: elsewhere }))).code).toBe(
      "BUDGET_RECIPIENT_NOT_ALLOWED",
    );
    // not covered (a token the budget does not include)
    const celo = await prepareSend(client, { from: owner.address, to: shop, token: "CELO", amount: "1" });
    const notCovered = await refusal(executeWithBudget(client, { budget, agent, flow: celo }));
    expect(notCovered.code).toBe("BUDGET_FLOW_NOT_COVERED");
    expect(notCovered.message).toContain("at most 5 USDC per day");
    expect(await reader.getTransactionCount({ address: agent.address })).toBe(nonce);

    // the second recipient (LogicalOrWrapper group 0), the rest of the cap
    const rest = await prepareSend(client, { from: owner.address, to: other, token: "USDC", amount: "2" });
    expect((await executeWithBudget(client, { budget, agent, flow: rest })).status).toBe("success");
    expect(await balance(USDC, other)).toBe(2_000_000n);

    // next period: allowed again
    await devnet.increaseTime(86_400);
    const next = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "4" });
    expect((await executeWithBudget(client, { budget, agent, flow: next })).status).toBe("success");
    expect(await balance(USDC, shop)).toBe(7_000_000n);
  });

  it("the agent's key used directly is reverted by the chain: more than is left, another address", async () => {
    const { owner, agent, shop, budget } = await setup();
    // independent checks: the framework's own hash of the delegation, and its ABI reading the redemption
    const onChainHash = await reader.readContract({
      address: budget.delegationManager,
      abi: DelegationManager,
      functionName: "getDelegationHash",
      args: [{ ...budget.delegation, salt: BigInt(budget.delegation.salt) }],
    });
    expect(onChainHash).toBe(budget.delegationHash);
    const wallet = createWalletClient({ account: agent, chain, transport: http(devnet.rpcUrl) });
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "4" });
    const { flow: redemption } = await prepareBudgetRedemption(client, { budget, flow });
    const good = redemption.steps[0]!.data as Hex;
    const decoded = decodeFunctionData({ abi: DelegationManager, data: good });
    expect(decoded.functionName).toBe("redeemDelegations");
    expect((decoded.args as readonly unknown[][])[1]).toEqual([`0x${"0".repeat(64)}`]); // one single-default execution
    // more than is left: rewrite the amount (4 -> 6 USDC) in the same calldata, sent outside preflow
    const overData = good.replace(
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [shop, 4_000_000n] }).slice(2),
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [shop, 6_000_000n] }).slice(2),
    ) as Hex;
    expect(overData).not.toBe(good);
    const to = redemption.steps[0]!.to as Address;
    await expect(reader.call({ account: agent.address, to, data: overData })).rejects.toThrow(
      /transfer-amount-exceeded/,
    );
    const hash = await wallet.sendTransaction({ to, data: overData, gas: 1_000_000n });
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe("reverted");
    // another address
    const thief = privateKeyToAccount(generatePrivateKey()).address;
    const thiefData = good.replace(shop.slice(2).toLowerCase(), thief.slice(2).toLowerCase()) as Hex;
    const hash2 = await wallet.sendTransaction({ to, data: thiefData, gas: 1_000_000n });
    expect((await reader.waitForTransactionReceipt({ hash: hash2 })).status).toBe("reverted");
    expect(await balance(USDC, thief)).toBe(0n);
    expect(await balance(USDC, owner.address)).toBe(100_000_000n);
  });

  it("refuses after revocation and after expiry, nothing sent", async () => {
    const { owner, agent, shop, budget } = await setup();
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "1" });
    const revoked = await revokeAgentBudget(client, { owner, budget });
    expect(revoked.status).toBe("success");
    expect((await getAgentBudget(client, { budget })).revoked).toBe(true);
    expect((await refusal(executeWithBudget(client, { budget, agent, flow }))).code).toBe("BUDGET_REVOKED");

    const block = await reader.getBlock();
    const second = await setup({ validUntil: block.timestamp + 3_600n });
    const flow2 = await prepareSend(client, {
      from: second.owner.address,
      to: second.shop,
      token: "USDC",
      amount: "1",
    });
    expect(
      (await executeWithBudget(client, { budget: second.budget, agent: second.agent, flow: flow2 })).status,
    ).toBe("success");
    await devnet.increaseTime(7_200);
    expect(
      (await refusal(executeWithBudget(client, { budget: second.budget, agent: second.agent, flow: flow2 })))
        .code,
    ).toBe("BUDGET_EXPIRED");
    expect(await balance(USDC, second.shop)).toBe(1_000_000n);
  });

  it("pays the agent's gas in a fee currency (CIP-64), reads in one request, and says an enforcer's refusal in words", async () => {
    const { owner, agent, shop, budget } = await setup();
    await devnet.fund(agent.address, "USDm", "5");
    const flow = await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "1" });
    // a redemption prepared from a state read now, run after the cap was spent meanwhile: the chain refuses
    const { flow: stale } = await prepareBudgetRedemption(client, {
      budget,
      flow: await prepareSend(client, { from: owner.address, to: shop, token: "USDC", amount: "5" }),
    });
    const paid = await executeWithBudget(client, { budget, agent, flow, feeCurrency: "USDm" });
    expect(paid.status).toBe("success");
    const tx = await reader.getTransaction({ hash: paid.steps[0]!.hash! });
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(
      DEVNET_TOKENS.USDm.address.toLowerCase(),
    );
    expect(paid.steps[0]!.feePaid?.feeCurrency.toLowerCase()).toBe(DEVNET_TOKENS.USDm.address.toLowerCase());
    expect(await balance(USDC, shop)).toBe(1_000_000n);

    const dry = await executePreparedFlow(client.publicClient, { account: agent, flow: stale, dryRun: true });
    expect(dry.status).toBe("failed");
    expect(describeEnforcerRefusal(dry.steps[0]!.error)).toMatch(/^the budget('s| has| does)/);

    const proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
    try {
      const counted = createSdkClient({ rpcUrl: proxy.url });
      await counted.publicClient.request({ method: "eth_chainId" }); // the client's one chain check, done
      const before = proxy.requests;
      const state = await getAgentBudget(counted, { budget });
      expect(proxy.requests - before).toBe(1);
      expect(state.tokens.map((t) => [t.token, t.spent, t.remaining])).toEqual([
        ["USDC", "1", "4"],
        ["USDm", "0", "3"],
      ]);
    } finally {
      await proxy.close();
    }
  });

  it("refuses an owner whose EOA delegates to preflow's simple-7702 account unless asked to switch", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const agent = privateKeyToAccount(generatePrivateKey()).address;
    await devnet.fund(owner.address, "CELO", "10");
    const wallet = createWalletClient({ account: owner, chain, transport: http(devnet.rpcUrl) });
    const authorization = await wallet.signAuthorization({
      contractAddress: SIMPLE_7702_ACCOUNT,
      executor: "self",
    });
    const hash = await wallet.sendTransaction({
      to: owner.address,
      data: "0x",
      authorizationList: [authorization],
    });
    await reader.waitForTransactionReceipt({ hash });
    const limits = { USDC: { perDay: "1" } };
    const conflict = await refusal(grantAgentBudget(client, { owner, agent, limits }));
    expect(conflict.code).toBe("BUDGET_DELEGATE_CONFLICT");
    expect(conflict.message).toContain(SIMPLE_7702_ACCOUNT.slice(2).toLowerCase());
    const { budget, transactionHash } = await grantAgentBudget(client, {
      owner,
      agent,
      limits,
      switchDelegate: true,
    });
    expect(transactionHash).not.toBeNull();
    expect((await getAgentBudget(client, { budget })).ownerReady).toBe(true);
    // a second grant on the upgraded EOA needs no transaction, and the budget never holds a key
    const again = await grantAgentBudget(client, { owner, agent, limits });
    expect(again.transactionHash).toBeNull();
    expect(JSON.stringify(again.budget)).not.toMatch(/privateKey|mnemonic/i);
  });

  it("caps CELO on its ERC-20 (GoldToken): the owner's CELO moves, a native payment step runs as GoldToken transfer, over the cap refused", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const agent = privateKeyToAccount(generatePrivateKey());
    const shop = privateKeyToAccount(generatePrivateKey()).address;
    await devnet.fund(owner.address, "CELO", "10");
    await devnet.fund(agent.address, "CELO", "5");
    const { budget } = await grantAgentBudget(client, {
      owner,
      agent: agent.address,
      limits: { CELO: { perDay: "1" } },
      recipients: [shop],
    });
    expect(budget.limits[0]!.address).toBe(CELO_TOKEN_ADDRESS);
    const erc20 = await prepareSend(client, { from: owner.address, to: shop, token: "CELO", amount: "0.4" });
    expect((await executeWithBudget(client, { budget, agent, flow: erc20 })).status).toBe("success");
    expect(await reader.getBalance({ address: shop })).toBe(400_000_000_000_000_000n);
    const native = {
      preparedFlow: true,
      chainId: 42220,
      from: owner.address,
      summary: "Pay 0.5 CELO",
      steps: [
        { kind: "native", to: shop, data: "0x", value: "500000000000000000", description: "Pay 0.5 CELO" },
      ],
    };
    const paid = await executeWithBudget(client, { budget, agent, flow: native });
    expect(paid.status).toBe("success");
    expect(paid.transfers[0]).toMatchObject({ token: "CELO", amount: "0.5" });
    expect(await reader.getBalance({ address: shop })).toBe(900_000_000_000_000_000n);
    const agentBalance = await reader.getBalance({ address: agent.address });
    expect((await refusal(executeWithBudget(client, { budget, agent, flow: native }))).code).toBe(
      "BUDGET_EXCEEDED",
    );
    expect(await reader.getBalance({ address: agent.address })).toBe(agentBalance); // nothing sent, no gas spent
    // no second CELO allowance: a native value transfer through the delegation, sent directly, reverts
    await devnet.increaseTime(86_400); // a fresh period, so only the native path can be what refuses
    const context = permissionContext(
      budget.delegation,
      caveatsWithArgs(budget.delegation.caveats, budget.recipients, shop, 0),
    );
    const data = encodeFunctionData({
      abi: DelegationManager,
      functionName: "redeemDelegations",
      args: [
        [context],
        [`0x${"0".repeat(64)}`],
        [encodePacked(["address", "uint256", "bytes"], [shop, 10n ** 17n, "0x"])],
      ],
    });
    const wallet = createWalletClient({ account: agent, chain, transport: http(devnet.rpcUrl) });
    await expect(reader.call({ account: agent.address, to: budget.delegationManager, data })).rejects.toThrow(
      /MultiTokenPeriodEnforcer:token-mismatch/,
    );
    const hash = await wallet.sendTransaction({ to: budget.delegationManager, data, gas: 1_000_000n });
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe("reverted");
    expect(await reader.getBalance({ address: shop })).toBe(900_000_000_000_000_000n);
  });
});
