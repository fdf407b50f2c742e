import type { DevnetClient } from "@preflow/devnet";
import { devnetChain } from "@preflow/devnet";
import {
  type Address,
  type Chain,
  createPublicClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type Transport,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSdkClient, type SerializedPreparedFlow } from "../../src/index.js";
import { fund } from "./wallet.js";

/**
 * A fresh EOA (its own nonce space) funded with CELO and USDm, and a two-step flow from it: 1 USDm, then
 * 0.1 CELO, to a fresh recipient. The private key is returned so tests can check that it appears nowhere.
 */
export async function twoStepFlow(devnet: DevnetClient) {
  const privateKey: Hex = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await fund(devnet, account.address, "CELO", "5");
  await fund(devnet, account.address, "USDm", "10");
  const sdk = createSdkClient({
    rpcUrl: devnet.rpcUrl,
    analyticsEnabled: false,
    attributionTags: ["exec_test"],
  });
  const first = await sdk.transaction.prepareSend(account.address, recipient, "USDm", "1");
  const second = await sdk.transaction.prepareSend(account.address, recipient, "CELO", "0.1");
  const flow: SerializedPreparedFlow = {
    ...first,
    summary: "1 USDm then 0.1 CELO",
    steps: [...first.steps, ...second.steps],
  };
  return { privateKey, account, recipient, flow };
}

/** What is on chain, read straight from the devnet (not through a proxy). */
export interface ChainReader {
  client: PublicClient<Transport, Chain>;
  nonce(address: Address, blockTag?: "latest" | "pending"): Promise<number>;
  /** The receipt's status, or `null` when the transaction is not mined (waits up to `ms` for it). */
  mined(hash: Hash, ms?: number): Promise<"success" | "reverted" | null>;
}

/** A plain viem client straight to the devnet (not through a proxy), to check what is on chain. */
export function chainReader(devnet: DevnetClient): ChainReader {
  const client = createPublicClient({
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  }) as PublicClient<Transport, Chain>;
  return {
    client,
    nonce: (address: Address, blockTag: "latest" | "pending" = "pending") =>
      client.getTransactionCount({ address, blockTag }),
    async mined(hash: Hash, ms = 5_000): Promise<"success" | "reverted" | null> {
      try {
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: ms });
        return receipt.status;
      } catch {
        return null;
      }
    },
  };
}

/** Asserts that `text` contains no form of the private key (with or without 0x, any case). */
export function containsKey(text: string, privateKey: Hex): boolean {
  return text.toLowerCase().includes(privateKey.slice(2).toLowerCase());
}
