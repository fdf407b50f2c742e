import { checkAttributionInCalldata } from "@preflow/attribution";
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  parseUnits,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { getBlockNumber } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainMismatchError,
  createSdkClient,
  InsufficientBalanceError,
  parsePreparedFlow,
  RpcError,
  type SdkClient,
  TOKENS,
  TokenReadError,
  TransactionNotFoundError,
} from "../src/index.js";
import { answerAsAbsentContracts } from "./support/absentContracts.js";
import { compileTipJar } from "./support/tipJar.js";
import { devnetClients, executeFlow, expectTagged, freshAccount } from "./support/wallet.js";

const devnet = useDevnet();
const TAGS = ["preflow_test", "builder_0123456789ab"];
let proxy: FaultProxy;
let client: SdkClient;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  client = createSdkClient({
    rpcUrl: proxy.url,
    attributionTags: ["PreFlow_Test", "builder_0123456789ab"],
    analyticsEnabled: false,
  });
});
afterAll(async () => {
  await proxy.close();
});

/** Runs `fn` and returns how many HTTP requests reached the proxy. */
async function countRequests<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; requests: number; batches: string[][] }> {
  proxy.reset();
  const result = await fn();
  return { result, requests: proxy.requests, batches: proxy.batches };
}

describe("first RPC use", () => {
  it("folds the eth_chainId check into the first operation's single request, then never again", async () => {
    const fresh = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    const alice = await freshAccount(devnet, { USDm: "3" });
    const first = await countRequests(() => fresh.token.getBalance(alice.address, "USDm"));
    expect(first.requests).toBe(1);
    expect(first.batches).toEqual([["eth_chainId", "eth_call"]]);
    expect(first.result.formatted).toBe("3");
    const second = await countRequests(() => fresh.token.getBalance(alice.address, "cUSD"));
    expect(second.batches).toEqual([["eth_call"]]);
  });

  it("throws ChainMismatchError for an endpoint of another chain, and prepares nothing", async () => {
    const other = await startFaultProxy({ upstream: devnet.rpcUrl });
    other.inject({ method: "eth_chainId", fault: { kind: "result", result: "0x1" } });
    other.inject({ method: "*", fault: { kind: "result", result: "0x" } });
    try {
      const wrong = createSdkClient({ rpcUrl: other.url, analyticsEnabled: false });
      const from = privateKeyToAccount(generatePrivateKey()).address;
      const error = await wrong.transaction.prepareSend(from, from, "USDm", "1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainMismatchError);
      expect((error as ChainMismatchError).details).toMatchObject({ expected: 42220, actual: 1 });
      await expect(wrong.transaction.prepareApprove(from, from, "USDm", "1")).rejects.toBeInstanceOf(
        ChainMismatchError,
      );
      await expect(wrong.network.getStatus()).rejects.toBeInstanceOf(ChainMismatchError);
    } finally {
      await other.close();
    }
  });

  it("wraps transport failures in RpcError after retries, with the API key redacted", async () => {
    const failing = await startFaultProxy({ upstream: devnet.rpcUrl });
    failing.inject({ method: "*", fault: { kind: "status", status: 503, body: "upstream down" } });
    try {
      const url = `${failing.url}v2/42220/rpc?apikey=super_secret_key_123`;
      const broken = createSdkClient({ rpcUrl: url, analyticsEnabled: false });
      const error = (await broken.network.getStatus().catch((e: unknown) => e)) as RpcError;
      expect(error).toBeInstanceOf(RpcError);
      expect(error.details.status).toBe(503);
      expect(failing.requests).toBeGreaterThan(1); // retried
      const printed = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
      expect(printed).not.toContain("super_secret_key_123");
      expect(error.message).toContain("apikey=***");
    } finally {
      await failing.close();
    }
  });
});

describe("reads", () => {
  it("network.getStatus reads chain id, block and fees in one request", async () => {
    const { result, requests } = await countRequests(() => client.network.getStatus());
    expect(requests).toBe(1);
    expect(result.chainId).toBe(42220);
    expect(result.blockNumber).toBeGreaterThan(0n);
    expect(result.gasPrice).toBeGreaterThan(0n);
    expect(result.blockTimestamp).toBeGreaterThan(1_600_000_000n);
  });

  it("token.getTokenInfo returns the registry entry and the on-chain supply", async () => {
    const alice = await freshAccount(devnet, { USDC: "12.5" });
    const info = await client.token.getTokenInfo("usdc");
    expect(info).toMatchObject({ symbol: "USDC", decimals: 6, address: TOKENS.USDC.address });
    expect(info.totalSupply).toBeGreaterThanOrEqual(12_500_000n);
    expect(alice.address).toBeTruthy();
    // Every registry token is on the devnet: "no contract there" comes from a proxy answering as for one.
    const empty = await startFaultProxy({ upstream: devnet.rpcUrl });
    try {
      answerAsAbsentContracts(empty);
      const reader = createSdkClient({ rpcUrl: empty.url, analyticsEnabled: false });
      await expect(reader.token.getTokenInfo("KESm")).rejects.toBeInstanceOf(TokenReadError);
    } finally {
      await empty.close();
    }
  });

  it("token.getBalances reads every registry token (all of them on the devnet) in one request", async () => {
    const alice = await freshAccount(devnet, { CELO: "2", USDm: "1.25", USDC: "7.000001", EURm: "3" });
    const { result, requests } = await countRequests(() => client.token.getBalances(alice.address));
    expect(requests).toBe(1);
    const bySymbol = Object.fromEntries(result.balances.map((b) => [b.token.symbol, b.formatted]));
    expect(bySymbol).toEqual({
      CELO: "2",
      USDm: "1.25",
      EURm: "3",
      BRLm: "0",
      XOFm: "0",
      KESm: "0",
      USDC: "7.000001",
      USDT: "0",
      USAT: "0",
      USDGLO: "0",
      WETH: "0",
      G$: "0",
    });
    expect(result.unavailable).toEqual([]);
    const some = await client.token.getBalances(alice.address, ["cusd", "USDm", "USDC"]);
    expect(some.balances.map((b) => b.token.symbol)).toEqual(["USDm", "USDC"]);
    expect(some.balances[1]!.value).toBe(7_000_001n);
    // hideNative: CELO left out (a MiniPay app shows no CELO); only CELO asked and hidden costs no request
    const dollars = await client.token.getBalances(alice.address, undefined, { hideNative: true });
    expect(dollars.balances.map((b) => b.token.symbol)).toEqual(
      Object.keys(bySymbol).filter((symbol) => symbol !== "CELO"),
    );
    const hidden = await countRequests(() =>
      client.token.getBalances(alice.address, ["CELO"], { hideNative: true }),
    );
    expect(hidden.requests).toBe(0);
    expect(hidden.result.balances).toEqual([]);
    await expect(
      client.token.getBalances(alice.address, undefined, { hideNative: "yes" } as never),
    ).rejects.toThrow(/hideNative.*must be a boolean/);
  });
});

describe("prepareSend", () => {
  it("sends USDm: one request, tagged calldata, the intended effect", async () => {
    const alice = await freshAccount(devnet, { CELO: "1", USDm: "10" });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const { result: flow, requests } = await countRequests(() =>
      client.transaction.prepareSend(alice.address, bob, "USDm", "2.5"),
    );
    expect(requests).toBe(1);
    expect(flow).toMatchObject({ preparedFlow: true, chainId: 42220, from: alice.address });
    expect(flow.steps).toHaveLength(1);
    expect(flow.steps[0]).toMatchObject({ kind: "erc20", to: TOKENS.USDm.address, value: "0" });
    expect(JSON.parse(JSON.stringify(flow))).toEqual(flow);
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
    expectTagged(flow, TAGS);
    // Self-describing: the decoded call, the intent and the block the balance was read at.
    expect(flow.steps[0]!.call).toEqual({
      contract: "USDm",
      functionName: "transfer",
      args: [bob, "2500000000000000000"],
    });
    expect(flow.intent).toEqual({
      kind: "send",
      token: TOKENS.USDm.address,
      to: bob,
      amount: "2500000000000000000",
    });
    const head = await getBlockNumber(client.publicClient);
    expect(BigInt(flow.preparedAt!.blockNumber)).toBeLessThanOrEqual(head);
    expect(BigInt(flow.preparedAt!.blockNumber)).toBeGreaterThan(0n);
    const decoded = decodeFunctionData({ abi: erc20Abi, data: flow.steps[0]!.data });
    expect(decoded).toEqual({ functionName: "transfer", args: [bob, parseUnits("2.5", 18)] });

    await executeFlow(devnet, alice.privateKey, flow);
    expect((await client.token.getBalance(bob, "USDm")).formatted).toBe("2.5");
    expect((await client.token.getBalance(alice.address, "USDm")).formatted).toBe("7.5");
  });

  it("sends CELO through its ERC-20 interface, to a contract too, and to itself", async () => {
    const alice = await freshAccount(devnet, { CELO: "5" });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(alice.address, bob, "CELO", "1.5");
    expect(flow.steps[0]).toMatchObject({ kind: "erc20", to: TOKENS.CELO.address, value: "0" });
    expectTagged(flow, TAGS);
    await executeFlow(devnet, alice.privateKey, flow);
    const { publicClient } = devnetClients(devnet, alice.privateKey);
    expect(await publicClient.getBalance({ address: bob })).toBe(parseUnits("1.5", 18));

    // A contract without a fallback (Multicall3 has none): a tagged plain value transfer would revert.
    const toContract = await client.transaction.prepareSend(
      alice.address,
      "0xcA11bde05977b3631167028862bE2a173976CA11",
      "CELO",
      "0.25",
    );
    await executeFlow(devnet, alice.privateKey, toContract);

    const self = await client.transaction.prepareSend(alice.address, alice.address, "celo", "1");
    await executeFlow(devnet, alice.privateKey, self);
  });

  it("sends 6-decimal USDC exactly", async () => {
    const alice = await freshAccount(devnet, { CELO: "1", USDC: "1" });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const flow = await client.transaction.prepareSend(alice.address, bob, "USDC", "0.000001");
    await executeFlow(devnet, alice.privateKey, flow);
    expect((await client.token.getBalance(bob, "USDC")).value).toBe(1n);
  });

  it("throws InsufficientBalanceError with have, need and token", async () => {
    const alice = await freshAccount(devnet, { USDT: "1.5" });
    const error = (await client.transaction
      .prepareSend(alice.address, zeroAddress.replace(/0$/, "1"), "USDT", "2")
      .catch((e: unknown) => e)) as InsufficientBalanceError;
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect(error.details).toMatchObject({
      token: "USDT",
      have: "1500000",
      need: "2000000",
      haveFormatted: "1.5",
      needFormatted: "2",
    });
    expect(error.message).toMatch(/have 1\.5 USDT, need 2 USDT/);
  });
});

describe("prepareApprove and getAllowance", () => {
  it("approves an exact amount, unlimited when asked, and revokes", async () => {
    const alice = await freshAccount(devnet, { CELO: "1" });
    const spender = privateKeyToAccount(generatePrivateKey()).address;
    const { result: flow, requests } = await countRequests(() =>
      client.transaction.prepareApprove(alice.address, spender, "USDC", "25"),
    );
    expect(requests).toBe(1); // the block number (preparedAt)
    expectTagged(flow, TAGS);
    expect(flow.intent).toEqual({ kind: "approve", token: TOKENS.USDC.address, spender, amount: "25000000" });
    expect(flow.steps[0]!.call).toEqual({
      contract: "USDC",
      functionName: "approve",
      args: [spender, "25000000"],
    });
    expect(BigInt(flow.preparedAt!.blockNumber)).toBeGreaterThan(0n);
    await executeFlow(devnet, alice.privateKey, flow);
    const allowance = await client.token.getAllowance(alice.address, spender, "USDC");
    expect(allowance).toMatchObject({ value: 25_000_000n, formatted: "25", unlimited: false });

    await executeFlow(
      devnet,
      alice.privateKey,
      await client.transaction.prepareApprove(alice.address, spender, "USDC", "max"),
    );
    expect((await client.token.getAllowance(alice.address, spender, "USDC")).value).toBe(maxUint256);
    expect((await client.token.getAllowance(alice.address, spender, "USDC")).unlimited).toBe(true);

    await executeFlow(
      devnet,
      alice.privateKey,
      await client.transaction.prepareApprove(alice.address, spender, "USDC", "0"),
    );
    expect((await client.token.getAllowance(alice.address, spender, "USDC")).value).toBe(0n);
  });

  it("makes one request on a fresh client (the chain check and the block number)", async () => {
    const fresh = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
    const from = privateKeyToAccount(generatePrivateKey()).address;
    proxy.reset();
    const flow = await fresh.transaction.prepareApprove(from, TOKENS.USDm.address, "CELO", "1");
    expect(proxy.batches).toEqual([["eth_chainId", "eth_blockNumber"]]);
    expect(checkAttributionInCalldata(flow.steps[0]!.data).found).toBe(false); // no tags configured: untouched
    expect(flow.steps[0]!.data).toHaveLength(2 + 2 * (4 + 32 + 32));
  });
});

describe("prepareContractCall", () => {
  let tipJar: { abi: ReturnType<typeof compileTipJar>["abi"]; address: Hex };

  beforeAll(async () => {
    const compiled = compileTipJar();
    const deployer = await freshAccount(devnet, { CELO: "5" });
    const { publicClient, wallet } = devnetClients(devnet, deployer.privateKey);
    const hash = await wallet.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    tipJar = { abi: compiled.abi, address: getAddress(receipt.contractAddress!) };
  });

  it("approves only what is missing, for the exact amount, then calls; one request", async () => {
    const alice = await freshAccount(devnet, { CELO: "2", USDm: "20", USDC: "5" });
    const call = {
      to: tipJar.address,
      abi: tipJar.abi,
      functionName: "tip",
      args: [TOKENS.USDm.address, parseUnits("7", 18), "thanks"],
      approvals: [{ token: "USDm", amount: "7" }],
    } as const;
    const { result: flow, requests } = await countRequests(() =>
      client.transaction.prepareContractCall(alice.address, call),
    );
    expect(requests).toBe(1);
    expect(flow.steps.map((s) => s.kind)).toEqual(["erc20", "contract"]);
    expectTagged(flow, TAGS);
    expect(flow.intent).toEqual({ kind: "contractCall", to: tipJar.address, functionName: "tip" });
    expect(flow.steps.map((s) => s.call)).toEqual([
      { contract: "USDm", functionName: "approve", args: [tipJar.address, "7000000000000000000"] },
      {
        contract: tipJar.address,
        functionName: "tip",
        args: [TOKENS.USDm.address, "7000000000000000000", "thanks"],
      },
    ]);
    expect(parsePreparedFlow(JSON.parse(JSON.stringify(flow)))).toEqual(flow);
    const approve = decodeFunctionData({ abi: erc20Abi, data: flow.steps[0]!.data });
    expect(approve).toEqual({ functionName: "approve", args: [tipJar.address, parseUnits("7", 18)] });
    await executeFlow(devnet, alice.privateKey, flow);

    const { publicClient } = devnetClients(devnet, alice.privateKey);
    const tipped = await publicClient.readContract({
      address: tipJar.address,
      abi: tipJar.abi,
      functionName: "tipped",
      args: [alice.address, TOKENS.USDm.address],
    });
    expect(tipped).toBe(parseUnits("7", 18));
    expect((await client.token.getBalance(tipJar.address, "USDm")).formatted).toBe("7");
    expect((await client.token.getAllowance(alice.address, tipJar.address, "USDm")).value).toBe(0n);

    // Allowance already sufficient: no approve step.
    await executeFlow(
      devnet,
      alice.privateKey,
      await client.transaction.prepareApprove(alice.address, tipJar.address, "USDm", "10"),
    );
    const again = await client.transaction.prepareContractCall(alice.address, {
      ...call,
      args: [TOKENS.USDm.address, parseUnits("4", 18), "again"],
      approvals: [{ token: "USDm", amount: "4" }],
    });
    expect(again.steps.map((s) => s.kind)).toEqual(["contract"]);
    await executeFlow(devnet, alice.privateKey, again);
    expect((await client.token.getAllowance(alice.address, tipJar.address, "USDm")).formatted).toBe("6");
  });

  it("sends CELO value to a payable function and checks the CELO balance first", async () => {
    const alice = await freshAccount(devnet, { CELO: "3" });
    const flow = await client.transaction.prepareContractCall(alice.address, {
      to: tipJar.address,
      abi: tipJar.abi,
      functionName: "donate",
      value: "1.25",
    });
    expect(flow.steps).toEqual([
      expect.objectContaining({ kind: "contract", value: parseUnits("1.25", 18).toString() }),
    ]);
    await executeFlow(devnet, alice.privateKey, flow);
    await expect(
      client.transaction.prepareContractCall(alice.address, {
        to: tipJar.address,
        abi: tipJar.abi,
        functionName: "donate",
        value: "5",
      }),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });
});

describe("blockchain.getTransaction", () => {
  it("reports receipt status and the attribution of a prepared step", async () => {
    const alice = await freshAccount(devnet, { CELO: "1", EURm: "3" });
    const flow = await client.transaction.prepareSend(alice.address, alice.address, "EURm", "1");
    const [hash] = await executeFlow(devnet, alice.privateKey, flow);
    const { result: tx, requests } = await countRequests(() => client.blockchain.getTransaction(hash!));
    expect(requests).toBe(1);
    expect(tx).toMatchObject({
      hash,
      status: "success",
      from: alice.address,
      to: TOKENS.EURm.address,
      value: 0n,
    });
    expect(tx.attribution).toMatchObject({ found: true, platform: true, tags: TAGS, bundle: false });
    expect(tx.gasUsed).toBeGreaterThan(0n);
  });

  it("reports a reverted transaction", async () => {
    const alice = await freshAccount(devnet, { CELO: "1" });
    const { wallet, publicClient } = devnetClients(devnet, alice.privateKey);
    const data = (await client.transaction.prepareApprove(alice.address, alice.address, "USDm", "1"))
      .steps[0]!.data;
    // transfer of USDm alice does not have, sent with a fixed gas limit so that it is mined and reverts
    const transfer = `0xa9059cbb${alice.address.slice(2).padStart(64, "0")}${"1".padStart(64, "0")}` as Hex;
    const hash = await wallet.sendTransaction({ to: TOKENS.USDm.address, data: transfer, gas: 100_000n });
    await publicClient.waitForTransactionReceipt({ hash });
    const tx = await client.blockchain.getTransaction(hash);
    expect(tx.status).toBe("reverted");
    expect(tx.attribution.found).toBe(false);
    expect(data).toBeTruthy();
  });

  it("throws TransactionNotFoundError for an unknown hash", async () => {
    await expect(client.blockchain.getTransaction(`0x${"ab".repeat(32)}`)).rejects.toBeInstanceOf(
      TransactionNotFoundError,
    );
  });
});
