import { type Address, encodeFunctionData, type Hex, isAddress, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devnetTokenAbi } from "./contracts.generated.js";
import { DEVNET_USDC_MINTER } from "./feeCurrencies/circleUsdc.js";
import { DEVNET_STABLE_MINTER, MENTO_STABLE_TOKENS } from "./feeCurrencies/mentoStableTokens.js";
import { HELPER_FEES, rpcCall, waitFor } from "./rpc.js";
import { type DevnetTokenSymbol, findDevnetToken } from "./tokens.js";

/**
 * Gives `address` `amount` of `tokenRef` on the devnet at `rpcUrl` (what `devnet.fund` does): CELO raises the
 * native balance, other tokens are minted with a real `Transfer` event. `amount` is whole tokens as a decimal
 * string or base units as a bigint.
 *
 * @example
 * await fundAccount(devnet.rpcUrl, alice, "USDC", "12.5");
 */
export async function fundAccount(
  rpcUrl: string,
  address: Address,
  tokenRef: DevnetTokenSymbol | Address,
  amount: string | bigint,
): Promise<void> {
  if (!isAddress(address)) throw new Error(`devnet.fund: address ${String(address)} is not an address`);
  const token = findDevnetToken(tokenRef, "devnet.fund");
  const value = typeof amount === "bigint" ? amount : parseUnits(amount, token.decimals);
  if (value < 0n) throw new Error("devnet.fund: amount must not be negative");
  if (token.symbol === "CELO") {
    const balance = BigInt(await rpcCall<Hex>(rpcUrl, "eth_getBalance", [address, "latest"]));
    await rpcCall(rpcUrl, "anvil_setBalance", [address, `0x${(balance + value).toString(16)}`]);
    return;
  }
  // Minted from a fresh impersonated sender: every mint has its own nonce 0, so concurrent funding (parallel
  // test files) never contends for one account's nonce. The Mento stables (Celo's StableToken) mint only for the
  // address registered under their exchange id, Circle's USDC only for its configured minter: that one stays
  // impersonated, and a send that lost a nonce race retries.
  const stable = token.symbol in MENTO_STABLE_TOKENS || token.symbol === "USDC";
  const minter = stable
    ? token.symbol === "USDC"
      ? DEVNET_USDC_MINTER
      : DEVNET_STABLE_MINTER
    : privateKeyToAccount(generatePrivateKey()).address;
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [minter]);
  await rpcCall(rpcUrl, "anvil_setBalance", [minter, "0xde0b6b3a7640000"]); // 1 CELO for gas (a StableToken mint: 1M gas at the helpers' 100 gwei cap)
  const send = () =>
    rpcCall<Hex>(rpcUrl, "eth_sendTransaction", [
      {
        from: minter,
        to: token.address,
        data: encodeFunctionData({ abi: devnetTokenAbi, functionName: "mint", args: [address, value] }),
        gas: stable ? "0x100000" : "0x30000",
        ...HELPER_FEES,
      },
    ]);
  let hash: Hex | undefined;
  for (let attempt = 1; hash === undefined; attempt++) {
    try {
      hash = await send();
    } catch (error) {
      if (!stable || attempt >= 10 || !/nonce|underpriced|already/i.test(String(error))) throw error;
    }
  }
  if (!stable) await rpcCall(rpcUrl, "anvil_stopImpersonatingAccount", [minter]);
  // anvil mines on submission but may publish the receipt a moment later: poll for it.
  let receipt: { status: Hex } | null = null;
  await waitFor(
    `the receipt of minting ${token.symbol}`,
    async () => {
      receipt = await rpcCall<{ status: Hex } | null>(rpcUrl, "eth_getTransactionReceipt", [hash]);
      return receipt !== null;
    },
    { timeoutMs: 10_000, intervalMs: 10 },
  );
  if ((receipt as { status: Hex } | null)?.status !== "0x1") {
    throw new Error(`devnet.fund: minting ${token.symbol} reverted (${hash})`);
  }
}
