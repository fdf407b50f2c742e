// sendPreparedFlowWithWallet against two test EIP-1193 providers, both a real viem local account signing against
// the devnet: one without ERC-5792 (one transaction per step), one with atomic `wallet_sendCalls`, which it runs
// as the EOA's own atomic batch through its EIP-7702 delegation to the eth-infinitism Simple7702Account (a
// self-call of `executeBatch`, the way 7702 wallets batch). The same flow lands both ways, reported truthfully,
// with the tags on every call.
import { checkAttributionInCalldata, decodeSmartAccountCalls } from "@preflow/attribution";
import { DEVNET_VAULT_ADDRESS, devnetChain, devnetVaultAbi, SIMPLE_7702_ACCOUNT } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  parseUnits,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { describe, expect, it } from "vitest";
import {
  ChainMismatchError,
  createSdkClient,
  FlowAccountMismatchError,
  InvalidArgumentError,
  type SerializedPreparedFlow,
  sendPreparedFlowWithWallet,
  toCalls,
} from "../src/index.js";

const USDm: Address = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
const TAGS = ["myapp", "partner"];
const executeBatchAbi = parseAbi([
  "function executeBatch((address target, uint256 value, bytes data)[] calls)",
]);

const devnet = useDevnet();
const chain = devnetChain(devnet.rpcUrl);
const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * A test EIP-1193 wallet: a real local account that signs and sends to the devnet. With `atomic`, it answers
 * `wallet_getCapabilities` with atomic batching for 42220 and runs `wallet_sendCalls` as one self-call of
 * `executeBatch` through its EIP-7702 delegation (delegating first when needed). `loseSendCallsAnswer` sends the
 * batch and then fails the answer (a dropped connection). `neverFinal` sends as asked but never gives a final
 * answer: the batch status stays 100 and receipts stay `null` (a wallet whose node lags).
 */
function testWallet(
  account: PrivateKeyAccount,
  options: { atomic: boolean; loseSendCallsAnswer?: boolean; neverFinal?: boolean },
) {
  const signer = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
  // viem's celo chain signs CIP-64 (type 0x7b) when a request carries feeCurrency
  const celoSigner = createWalletClient({
    account,
    chain: { ...celo, rpcUrls: { default: { http: [devnet.rpcUrl] } } },
    transport: http(devnet.rpcUrl),
  });
  const batches = new Map<string, Hex>();
  const methods: string[] = [];
  /** The `capabilities` of every wallet_sendCalls request, as the wallet received them. */
  const capabilities: unknown[] = [];
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    methods.push(method);
    const args = (params ?? []) as unknown[];
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [account.address];
      case "eth_chainId":
        return numberToHex(42220);
      case "wallet_getCapabilities":
        if (!options.atomic) throw rpcError(-32601, "the method wallet_getCapabilities does not exist");
        return { "0xa4ec": { atomic: { status: "ready" } } };
      case "eth_sendTransaction": {
        const tx = args[0] as { to: Address; data: Hex; value?: Hex };
        return signer.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? "0x0") });
      }
      case "wallet_sendCalls": {
        if (!options.atomic) throw rpcError(-32601, "the method wallet_sendCalls does not exist");
        const batch = args[0] as {
          id: string;
          calls: { to: Address; data: Hex; value?: Hex }[];
          capabilities?: { feeCurrency?: { value?: Address } };
        };
        capabilities.push(batch.capabilities);
        const code = await publicClient.getCode({ address: account.address });
        const authorizationList = code
          ? []
          : [await signer.signAuthorization({ contractAddress: SIMPLE_7702_ACCOUNT, executor: "self" })];
        const data = encodeFunctionData({
          abi: executeBatchAbi,
          functionName: "executeBatch",
          args: [
            batch.calls.map((call) => ({
              target: call.to,
              value: BigInt(call.value ?? "0x0"),
              data: call.data,
            })),
          ],
        });
        // The feeCurrency capability honoured as a CIP-64 wallet does: the batch pays gas in that currency (an
        // EIP-7702 delegation has no CIP-64 form: a first batch that delegates pays in CELO).
        const feeCurrency = batch.capabilities?.feeCurrency?.value;
        const hash =
          feeCurrency && authorizationList.length === 0
            ? await celoSigner.sendTransaction({ to: account.address, data, feeCurrency })
            : await signer.sendTransaction({ to: account.address, data, authorizationList });
        batches.set(batch.id, hash);
        if (options.loseSendCallsAnswer) throw new TypeError("fetch failed: socket hang up");
        return { id: batch.id };
      }
      case "wallet_getCallsStatus": {
        const id = args[0] as string;
        const hash = batches.get(id);
        if (!hash) throw rpcError(5730, "Unknown bundle id");
        const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => null);
        const base = { version: "2.0.0", id, chainId: "0xa4ec", atomic: true };
        if (!receipt || options.neverFinal) return { ...base, status: 100 };
        return {
          ...base,
          status: receipt.status === "success" ? 200 : 500,
          receipts: [
            {
              transactionHash: receipt.transactionHash,
              status: receipt.status === "success" ? "0x1" : "0x0",
              blockNumber: numberToHex(receipt.blockNumber),
              gasUsed: numberToHex(receipt.gasUsed),
              blockHash: receipt.blockHash,
              logs: [],
            },
          ],
        };
      }
      case "eth_getTransactionReceipt":
        if (options.neverFinal) return null;
        return publicClient.request({ method, params } as never);
      default:
        return publicClient.request({ method, params } as never);
    }
  };
  const wallet = createWalletClient({ account: account.address, transport: custom({ request }) });
  return { wallet, methods, capabilities };
}

async function fundedAccount(celo: string, usdm: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  if (celo !== "0") await devnet.fund(account.address, "CELO", celo);
  await devnet.fund(account.address, "USDm", usdm);
  return account;
}

/** approve(vault, amount) + vault.deposit(USDm, amount), prepared by core with the tags. */
async function approveAndDeposit(from: Address, amount: bigint): Promise<SerializedPreparedFlow> {
  const sdk = createSdkClient({ rpcUrl: devnet.rpcUrl, attributionTags: TAGS, analyticsEnabled: false });
  return sdk.transaction.prepareContractCall(from, {
    to: DEVNET_VAULT_ADDRESS,
    abi: devnetVaultAbi,
    functionName: "deposit",
    args: [USDm, amount],
    approvals: [{ token: "USDm", amount: formatUnits(amount, 18) }],
  });
}

const deposits = (owner: Address) =>
  publicClient.readContract({
    address: DEVNET_VAULT_ADDRESS,
    abi: devnetVaultAbi,
    functionName: "deposits",
    args: [USDm, owner],
  });
const allowance = (owner: Address) =>
  publicClient.readContract({
    address: USDm,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, DEVNET_VAULT_ADDRESS],
  });

function expectTagged(data: Hex) {
  const found = checkAttributionInCalldata(data);
  expect(found.found).toBe(true);
  expect(found.tags.map((tag) => tag.toLowerCase())).toEqual(TAGS);
}

describe("sendPreparedFlowWithWallet", () => {
  it("toCalls returns the plain calls array of the flow", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const flow = await approveAndDeposit(account.address, 5n);
    expect(toCalls(flow)).toEqual(
      flow.steps.map((step) => ({ to: step.to, data: step.data, value: BigInt(step.value) })),
    );
    expect(() => toCalls({ ...flow, steps: [{ ...flow.steps[0], extra: 1 }] })).toThrow(/unknown field/);
  });

  it("a wallet without ERC-5792: one transaction per step, in order, each waited for, tags on every call", async () => {
    const account = await fundedAccount("1", "10");
    const { wallet, methods } = testWallet(account, { atomic: false });
    const flow = await approveAndDeposit(account.address, parseUnits("3", 18));

    const result = await sendPreparedFlowWithWallet(wallet, { flow, pollingIntervalMs: 50 });

    expect(result).toMatchObject({
      status: "success",
      mode: "transactions",
      completedSteps: 2,
      failedStep: null,
    });
    expect(result).not.toHaveProperty("callsId");
    expect(result.steps.map((step) => [step.status, step.sent])).toEqual([
      ["success", true],
      ["success", true],
    ]);
    const [first, second] = result.steps.map((step) => step.hash as Hex);
    expect(first).not.toBe(second);
    expect(methods.filter((m) => m === "eth_sendTransaction")).toHaveLength(2);
    expect(methods).not.toContain("wallet_sendCalls");
    expect(await deposits(account.address)).toBe(parseUnits("3", 18));
    for (const hash of [first!, second!]) {
      const tx = await publicClient.getTransaction({ hash });
      expect(tx.from.toLowerCase()).toBe(account.address.toLowerCase());
      expectTagged(tx.input);
    }
  });

  it("a wallet with atomic wallet_sendCalls: one batch, one transaction at the user's own address, tags on every inner call", async () => {
    const account = await fundedAccount("1", "10");
    const { wallet, methods } = testWallet(account, { atomic: true });
    const flow = await approveAndDeposit(account.address, parseUnits("3", 18));

    const result = await sendPreparedFlowWithWallet(wallet, { flow, pollingIntervalMs: 50 });

    expect(result).toMatchObject({ status: "success", mode: "calls", completedSteps: 2, failedStep: null });
    expect(result.callsId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(methods.filter((m) => m === "wallet_sendCalls")).toHaveLength(1);
    expect(methods).not.toContain("eth_sendTransaction");
    const hashes = new Set(result.steps.map((step) => step.hash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes] as Hex[];
    expect(result.steps.every((step) => step.status === "success" && step.sent === true)).toBe(true);
    expect(await deposits(account.address)).toBe(parseUnits("3", 18));
    expect(await allowance(account.address)).toBe(0n);
    expect((await publicClient.getCode({ address: account.address }))?.toLowerCase()).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    );
    const tx = await publicClient.getTransaction({ hash: hash! });
    expect(tx.to?.toLowerCase()).toBe(account.address.toLowerCase());
    const inner = decodeSmartAccountCalls(tx.input);
    expect(inner?.calls.map((call) => call.target)).toEqual([USDm, DEVNET_VAULT_ADDRESS]);
    for (const call of inner?.calls ?? []) expectTagged(call.data);
  });

  it("passes a fee-currency flow's feeCurrency to wallet_sendCalls as a capability, and none for a CELO flow", async () => {
    const account = await fundedAccount("1", "10");
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { wallet, capabilities } = testWallet(account, { atomic: true });
    const sdk = createSdkClient({ rpcUrl: devnet.rpcUrl, attributionTags: TAGS, analyticsEnabled: false });

    // A CELO flow first (its batch also delegates the account): no capability.
    const inCelo = await sdk.transaction.prepareSend(account.address, recipient, "USDm", "1");
    const first = await sendPreparedFlowWithWallet(wallet, { flow: inCelo, pollingIntervalMs: 50 });
    expect(first).toMatchObject({ status: "success", mode: "calls" });
    expect(capabilities).toEqual([undefined]);

    // The same send paying gas in USDm: the capability names the steps' fee currency, and the wallet pays with it.
    const inUsdm = await sdk.transaction.prepareSend(account.address, recipient, "USDm", "2", {
      feeCurrency: "USDm",
    });
    expect(inUsdm.steps[0]!.feeCurrency).toBe(USDm);
    const celoBefore = await publicClient.getBalance({ address: account.address });
    const usdmBefore = await publicClient.readContract({
      address: USDm,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [account.address],
    });
    const second = await sendPreparedFlowWithWallet(wallet, { flow: inUsdm, pollingIntervalMs: 50 });
    expect(second).toMatchObject({ status: "success", mode: "calls" });
    expect(capabilities).toEqual([undefined, { feeCurrency: { value: USDm } }]);
    const tx = await publicClient.getTransaction({ hash: second.steps[0]!.hash as Hex });
    expect(tx.typeHex).toBe("0x7b"); // CIP-64 (this reader's chain has no Celo formatters to name it)
    expect((tx as { feeCurrency?: string }).feeCurrency?.toLowerCase()).toBe(USDm.toLowerCase());
    expect(await publicClient.getBalance({ address: account.address })).toBe(celoBefore);
    const usdmAfter = await publicClient.readContract({
      address: USDm,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [account.address],
    });
    // 2 USDm sent, and the gas paid in USDm on top
    expect(usdmBefore - usdmAfter).toBeGreaterThan(parseUnits("2", 18));
  });

  it("a lost wallet_sendCalls answer: the batch id was chosen before the request, so its status is looked up and the landing reported", async () => {
    const account = await fundedAccount("1", "10");
    const { wallet, methods } = testWallet(account, { atomic: true, loseSendCallsAnswer: true });
    const flow = await approveAndDeposit(account.address, parseUnits("1", 18));

    const result = await sendPreparedFlowWithWallet(wallet, { flow, pollingIntervalMs: 50 });

    expect(result).toMatchObject({ status: "success", mode: "calls" });
    expect(methods).toContain("wallet_getCallsStatus");
    expect(result.steps[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await deposits(account.address)).toBe(parseUnits("1", 18));
  });

  it("a wallet that never gives a final answer: the bounded wait ends with pending and the hash or batch id, never 'not sent'", async () => {
    for (const atomic of [true, false]) {
      const account = await fundedAccount("1", "10");
      const { wallet, methods } = testWallet(account, { atomic, neverFinal: true });
      const flow = await approveAndDeposit(account.address, parseUnits("1", 18));

      const started = Date.now();
      const result = await sendPreparedFlowWithWallet(wallet, {
        flow,
        receiptTimeoutMs: 1_000,
        pollingIntervalMs: 50,
      });
      const waited = Date.now() - started;

      expect(result.status, `atomic: ${atomic}`).toBe("pending");
      // the batch's steps are both pending; one step at a time stops at the first one still pending
      const pending = atomic ? result.steps : result.steps.slice(0, 1);
      for (const step of pending) {
        expect(step).toMatchObject({ status: "pending", sent: true, code: "TRANSACTION_PENDING" });
        expect(step.error).toMatch(atomic ? /wallet_getCallsStatus/ : /look the hash up/);
      }
      if (atomic) expect(result.callsId).toMatch(/^0x[0-9a-f]{64}$/);
      else expect(result.steps[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(
        methods.filter((m) => m === (atomic ? "wallet_getCallsStatus" : "eth_getTransactionReceipt")).length,
      ).toBeGreaterThan(2);
      // bounded by receiptTimeoutMs per wait (plus the sends), not by the wallet
      expect(waited).toBeLessThan(10_000);
    }
  });

  it("a batch the wallet refuses (it would revert) is failed with sent: false, and nothing of it is on chain", async () => {
    const account = await fundedAccount("1", "1");
    const { wallet } = testWallet(account, { atomic: true });
    const flow = await approveAndDeposit(account.address, parseUnits("1", 18));
    const tooMuch = await approveAndDeposit(account.address, parseUnits("2", 18));
    const broken = { ...flow, steps: [flow.steps[0]!, tooMuch.steps[1]!] };

    const result = await sendPreparedFlowWithWallet(wallet, { flow: broken, pollingIntervalMs: 50 });

    expect(result.status).toBe("failed");
    expect(result.steps.map((step) => [step.status, step.sent, step.code])).toEqual([
      ["failed", false, "TRANSACTION_REJECTED"],
      ["failed", false, "TRANSACTION_REJECTED"],
    ]);
    expect(await allowance(account.address)).toBe(0n);
    expect(await deposits(account.address)).toBe(0n);
  });

  it("a wallet without ERC-5792 stops at the first failing step: step 1 reverts, nothing after it", async () => {
    const account = await fundedAccount("1", "1");
    const { wallet, methods } = testWallet(account, { atomic: false });
    const tooMuch = await approveAndDeposit(account.address, parseUnits("2", 18));
    const flow = { ...tooMuch, steps: [...tooMuch.steps, ...tooMuch.steps] };

    const result = await sendPreparedFlowWithWallet(wallet, { flow, pollingIntervalMs: 50 });

    // Step 0 (approve 2) lands; step 1 (deposit 2 with 1 USDm) is refused by the wallet's gas estimate.
    expect(result.status).toBe("failed");
    expect(result.failedStep).toBe(1);
    expect(result.steps.map((step) => step.status)).toEqual(["success", "failed", "skipped", "skipped"]);
    expect(result.steps[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.steps[1]).toMatchObject({ sent: false, hash: null, code: "TRANSACTION_REJECTED" });
    expect(methods.filter((m) => m === "eth_sendTransaction")).toHaveLength(2);
    expect(await allowance(account.address)).toBe(parseUnits("2", 18));
  });

  it("a wallet client with a local account (no ERC-5792 on a plain node): signs each step locally", async () => {
    const account = await fundedAccount("1", "10");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const flow = await approveAndDeposit(account.address, parseUnits("2", 18));

    const result = await sendPreparedFlowWithWallet(wallet, { flow, pollingIntervalMs: 50 });

    expect(result).toMatchObject({ status: "success", mode: "transactions", completedSteps: 2 });
    expect(result.steps.every((step) => /^0x[0-9a-f]{64}$/.test(step.hash ?? ""))).toBe(true);
    expect(await deposits(account.address)).toBe(parseUnits("2", 18));
  });

  it("refuses before anything is sent: another account's flow, a wrong chain, unknown keys", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const flow = await approveAndDeposit(other.address, 1n);
    const { wallet, methods } = testWallet(account, { atomic: true });
    await expect(sendPreparedFlowWithWallet(wallet, { flow })).rejects.toThrow(FlowAccountMismatchError);
    await expect(sendPreparedFlowWithWallet(wallet, { flow, recieptTimeoutMs: 1 } as never)).rejects.toThrow(
      InvalidArgumentError,
    );
    expect(methods).toEqual([]);

    const own = await approveAndDeposit(account.address, 1n);
    const onMainnet = createWalletClient({
      account: account.address,
      transport: custom({
        request: async ({ method }: { method: string }) => {
          if (method === "eth_chainId") return "0x1";
          throw new Error(`unexpected ${method}`);
        },
      }),
    });
    await expect(sendPreparedFlowWithWallet(onMainnet, { flow: own })).rejects.toThrow(ChainMismatchError);
  });
});
