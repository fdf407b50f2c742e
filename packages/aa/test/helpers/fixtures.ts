import { createSdkClient, type SerializedPreparedFlow } from "@preflow/core";
import type { DevnetClient } from "@preflow/devnet";
import { DEVNET_VAULT_ADDRESS, devnetVaultAbi } from "@preflow/devnet";
import { type Address, createPublicClient, erc20Abi, formatUnits, http, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { type AAClient, type CreateAAClientParameters, createAAClient } from "../../src/index.js";

export const USDm: Address = "0x765DE816845861e75A25fCA122bb6898B8B1282a";
export const VAULT = DEVNET_VAULT_ADDRESS;
export const vaultAbi = devnetVaultAbi;

export function sponsorship(
  devnet: DevnetClient,
  apiKey = devnet.sponsorApiKey,
  baseUrl = devnet.sponsorBaseUrl,
) {
  return { provider: "sponsor_a" as const, sponsor_a: { apiKey, baseUrl } };
}

/** A brand-new owner and its AA client on the devnet. */
export async function newAAClient(
  devnet: DevnetClient,
  overrides: Partial<CreateAAClientParameters> = {},
): Promise<AAClient> {
  return createAAClient({
    owner: privateKeyToAccount(generatePrivateKey()),
    gasSponsorship: sponsorship(devnet),
    rpcUrl: devnet.rpcUrl,
    ...overrides,
  });
}

export function sdk(devnet: DevnetClient, attributionTags?: string[]) {
  return createSdkClient({ rpcUrl: devnet.rpcUrl, ...(attributionTags ? { attributionTags } : {}) });
}

export function publicClientOf(devnet: DevnetClient): PublicClient {
  return createPublicClient({ chain: celo, transport: http(devnet.rpcUrl) }) as PublicClient;
}

export async function usdmBalance(client: PublicClient, owner: Address): Promise<bigint> {
  return client.readContract({ address: USDm, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

export async function usdmAllowance(client: PublicClient, owner: Address, spender: Address): Promise<bigint> {
  return client.readContract({
    address: USDm,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, spender],
  });
}

export async function vaultDeposit(client: PublicClient, owner: Address): Promise<bigint> {
  return client.readContract({
    address: VAULT,
    abi: vaultAbi,
    functionName: "deposits",
    args: [USDm, owner],
  });
}

/** Joins the steps of flows prepared by core into one flow (a flow is plain JSON). */
export function join(from: Address, ...flows: SerializedPreparedFlow[]): SerializedPreparedFlow {
  return {
    preparedFlow: true,
    chainId: 42220,
    from,
    summary: flows.map((flow) => flow.summary).join("; "),
    steps: flows.flatMap((flow) => flow.steps),
  };
}

/** approve(vault, amount) + vault.deposit(USDm, amount), prepared by core for `from`. */
export async function approveAndDeposit(
  devnet: DevnetClient,
  from: Address,
  amount: bigint,
  tags?: string[],
): Promise<SerializedPreparedFlow> {
  const flow = await sdk(devnet, tags).transaction.prepareContractCall(from, {
    to: VAULT,
    abi: vaultAbi,
    functionName: "deposit",
    args: [USDm, amount],
    approvals: [{ token: "USDm", amount: formatUnits(amount, 18) }],
  });
  if (flow.steps.length !== 2) throw new Error(`expected approve + deposit, got ${flow.steps.length} steps`);
  return flow;
}

/**
 * `devnet.fund`, tolerant of a race in it: it reads the mint's receipt right after `eth_sendTransaction`
 * and may find none yet (then throws although the mint lands). Here the receipt is awaited instead.
 */
export async function fund(
  devnet: DevnetClient,
  address: Address,
  token: "USDm" | "CELO",
  amount: string,
): Promise<void> {
  try {
    await devnet.fund(address, token, amount);
  } catch (error) {
    const hash = /minting \w+ failed \((0x[0-9a-f]{64})\)/.exec(String(error))?.[1] as
      | `0x${string}`
      | undefined;
    if (!hash) throw error;
    const receipt = await publicClientOf(devnet).waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw error;
  }
}

/**
 * The send result's fields every send of a flow reports (core's `executedFlowResult`) when all its steps landed in
 * the bundle transaction `hash`, sent by `from`.
 */
export function landedFlowResult(flow: SerializedPreparedFlow, from: Address, hash: string | undefined) {
  return {
    status: "success",
    dryRun: false,
    aborted: false,
    chainId: 42220,
    from,
    summary: flow.summary,
    completedSteps: flow.steps.length,
    failedStep: null,
    steps: flow.steps.map((step, index) => ({
      index,
      description: step.description,
      to: step.to,
      hash,
      sent: true,
      status: "success",
    })),
  };
}
