import { type Address, type Hex, isAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { HELPER_FEES, rpcCall, waitFor } from "./rpc.js";

/**
 * Sends one transaction as `from` (impersonated; a fresh random account when omitted, so concurrent callers
 * never contend for a nonce), waits for its receipt and throws when it reverted. `from` gets 10 native units
 * for gas when it has less (a larger balance is left alone). Used by the ENS and protocol helpers and by the
 * prebuilt state's deployment.
 */
export async function sendImpersonated(
  rpcUrl: string,
  transaction: { to?: Address; data: Hex; gas?: bigint },
  what: string,
  from: Address = privateKeyToAccount(generatePrivateKey()).address,
): Promise<{ contractAddress: Address | null }> {
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [from]);
  const gasMoney = 10n ** 19n; // 10 native units
  if (BigInt(await rpcCall<Hex>(rpcUrl, "eth_getBalance", [from, "latest"])) < gasMoney) {
    await rpcCall(rpcUrl, "anvil_setBalance", [from, `0x${gasMoney.toString(16)}`]);
  }
  const hash = await rpcCall<Hex>(rpcUrl, "eth_sendTransaction", [
    {
      from,
      ...(transaction.to === undefined ? {} : { to: transaction.to }),
      data: transaction.data,
      gas: `0x${(transaction.gas ?? 3_000_000n).toString(16)}`,
      ...HELPER_FEES,
    },
  ]);
  let receipt: { status: Hex; contractAddress: Address | null } | null = null;
  await waitFor(
    `the receipt of ${what}`,
    async () => {
      receipt = await rpcCall<typeof receipt>(rpcUrl, "eth_getTransactionReceipt", [hash]);
      return receipt !== null;
    },
    { timeoutMs: 10_000, intervalMs: 10 },
  );
  const done = receipt as unknown as { status: Hex; contractAddress: Address | null };
  if (done.status !== "0x1") throw new Error(`devnet: ${what} reverted (${hash})`);
  return {
    contractAddress: done.contractAddress && isAddress(done.contractAddress) ? done.contractAddress : null,
  };
}

/** The timestamp of the latest block (unix seconds). */
export async function latestTimestamp(rpcUrl: string): Promise<bigint> {
  const block = await rpcCall<{ timestamp: Hex }>(rpcUrl, "eth_getBlockByNumber", ["latest", false]);
  return BigInt(block.timestamp);
}
