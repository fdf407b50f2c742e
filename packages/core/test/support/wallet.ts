import { checkAttributionInCalldata } from "@preflow/attribution";
import type { DevnetClient } from "@preflow/devnet";
import { devnetChain } from "@preflow/devnet";
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  type HttpTransport,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { expect } from "vitest";
import { type SerializedPreparedFlow, toTransactionRequest } from "../../src/index.js";

/** A fresh funded account (own nonce space, so test files never collide). */
export async function freshAccount(devnet: DevnetClient, funds: Record<string, string> = { CELO: "10" }) {
  const privateKey: Hex = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  for (const [token, amount] of Object.entries(funds)) await fund(devnet, account.address, token, amount);
  return { privateKey, account, address: account.address };
}

/** `devnet.fund` (it waits for the mint's receipt and throws unless the mint succeeded). */
export async function fund(devnet: DevnetClient, address: Hex, token: string, amount: string): Promise<void> {
  await devnet.fund(address, token as never, amount);
}

/** Plain viem clients straight to the devnet (not through the counting proxy). */
export function devnetClients(
  devnet: DevnetClient,
  privateKey: Hex,
): {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
} {
  const chain = devnetChain(devnet.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const wallet = createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain,
    transport: http(devnet.rpcUrl),
  });
  return { publicClient, wallet };
}

/**
 * A public client on viem's `celo` chain at the devnet: it formats 0x7b transactions (`type: "cip64"`,
 * `feeCurrency`), which the plain devnet chain does not.
 */
export function celoReader(devnet: DevnetClient): PublicClient<HttpTransport, typeof celo> {
  // the transport's URL is the devnet's; the chain's own rpcUrls are not used
  return createPublicClient({ chain: celo, transport: http(devnet.rpcUrl), pollingInterval: 50 });
}

/**
 * Signs and sends every step in order with a plain viem wallet client; each must succeed. The gas limit is the
 * estimate + 20 %, as `executePreparedFlow` and careful wallets do: other test files share the devnet, and on a
 * loaded machine seconds can pass between the estimate and the block, enough for an Aave call to need more gas
 * (see executePreparedFlow.gas.devnet.test.ts).
 */
export async function executeFlow(
  devnet: DevnetClient,
  privateKey: Hex,
  flow: SerializedPreparedFlow,
): Promise<Hash[]> {
  const { publicClient, wallet } = devnetClients(devnet, privateKey);
  expect(flow.from).toBe(wallet.account.address);
  const hashes: Hash[] = [];
  for (const step of flow.steps) {
    const request = toTransactionRequest(step);
    const estimate = await publicClient.estimateGas({ account: wallet.account, ...request });
    const hash = await wallet.sendTransaction({ ...request, gas: estimate + estimate / 5n });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status, step.description).toBe("success");
    hashes.push(hash);
  }
  return hashes;
}

/** Every step's calldata decodes with the attribution package to exactly the configured tags. */
export function expectTagged(flow: SerializedPreparedFlow, tags: string[]): void {
  for (const step of flow.steps) {
    const found = checkAttributionInCalldata(step.data);
    expect(found, step.description).toEqual({ found: true, tags, platform: true });
  }
}
