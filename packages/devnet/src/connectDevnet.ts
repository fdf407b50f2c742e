import { type Address, encodeFunctionData, type Hex, isAddress, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { DEVNET_ACCOUNTS, type DevnetAccount } from "./accounts.js";
import { type RegisterCeloNameOptions, type RegisteredName, registerCeloName } from "./celoNames.js";
import { devnetTokenAbi } from "./contracts.generated.js";
import { type EthereumNameRecords, registerEthereumName } from "./ethereumEns.js";
import { rpcCall, waitFor } from "./rpc.js";
import { DEVNET_TOKENS, type DevnetToken, type DevnetTokenSymbol } from "./tokens.js";

/** Everything a test or a demo needs to reach a running devnet; plain JSON (crosses vitest's `provide`). */
export interface DevnetInfo {
  /** anvil's JSON-RPC URL (chain id 42220). */
  readonly rpcUrl: string;
  /** The bundler (alto) JSON-RPC URL, EntryPoint v0.7. */
  readonly bundlerUrl: string;
  /** Base URL of the sponsor endpoint; its JSON-RPC endpoint is `${sponsorBaseUrl}/v2/42220/rpc?apikey=${sponsorApiKey}`. */
  readonly sponsorBaseUrl: string;
  /** The API key the sponsor endpoint accepts (any other key is refused). */
  readonly sponsorApiKey: string;
  /** Always 42220. */
  readonly chainId: 42220;
  /** Accounts funded with 10,000 CELO, free for tests and demos. */
  readonly accounts: readonly DevnetAccount[];
  /** The tokens on the devnet, at their mainnet addresses. */
  readonly tokens: typeof DEVNET_TOKENS;
  /** The Ethereum chain (anvil at chain id 1 with ENS), when started with `startDevnet({ ethereum: true })`. */
  readonly ethereum?: { readonly rpcUrl: string; readonly chainId: 1 };
}

/** A handle on a running devnet. */
export interface DevnetClient extends DevnetInfo {
  /**
   * Gives `address` `amount` of `token` (a symbol such as `"USDm"`, or a token address). `amount` is a decimal
   * string in whole tokens (`"12.5"`) or a bigint in base units. CELO raises the native balance (as CELO is
   * native); other tokens are minted with a real `Transfer` event.
   */
  fund(address: Address, token: DevnetTokenSymbol | Address, amount: string | bigint): Promise<void>;
  /** The sponsor endpoint URL with the devnet's API key, or another key when given. */
  sponsorUrl(apiKey?: string): string;
  /**
   * Registers `<label>.celo.eth` for `address` in the chain's name registry (`L2Registry` stand-in); see
   * `registerCeloName`.
   */
  registerCeloName(
    label: string,
    address: Address,
    options?: RegisterCeloNameOptions,
  ): Promise<RegisteredName>;
  /**
   * Registers `name` with address records in the Ethereum chain's ENS; throws when the devnet was started
   * without `ethereum: true`. See `registerEthereumName`.
   */
  registerEthereumName(name: string, records: EthereumNameRecords): Promise<{ name: string; node: Hex }>;
}

/**
 * A handle on a devnet started elsewhere (for example by the vitest global setup), from its info.
 *
 * @example
 * const devnet = connectDevnet(info);
 * await devnet.fund(alice, "USDm", "100");
 */
export function connectDevnet(info: DevnetInfo): DevnetClient {
  return {
    ...info,
    sponsorUrl: (apiKey = info.sponsorApiKey) =>
      `${info.sponsorBaseUrl}/v2/42220/rpc?apikey=${encodeURIComponent(apiKey)}`,
    registerCeloName: (label, address, options) => registerCeloName(info.rpcUrl, label, address, options),
    async registerEthereumName(name, records) {
      if (!info.ethereum) {
        throw new Error(
          "devnet.registerEthereumName: this devnet has no Ethereum chain; start it with startDevnet({ ethereum: true }) (in tests: globalSetup @preflow/devnet/vitest-setup-ethereum)",
        );
      }
      return registerEthereumName(info.ethereum.rpcUrl, name, records);
    },
    async fund(address, tokenRef, amount) {
      if (!isAddress(address)) throw new Error(`devnet.fund: address ${String(address)} is not an address`);
      const token = findToken(tokenRef);
      const value = typeof amount === "bigint" ? amount : parseUnits(amount, token.decimals);
      if (value < 0n) throw new Error("devnet.fund: amount must not be negative");
      if (token.symbol === "CELO") {
        const balance = BigInt(await rpcCall<Hex>(info.rpcUrl, "eth_getBalance", [address, "latest"]));
        await rpcCall(info.rpcUrl, "anvil_setBalance", [address, `0x${(balance + value).toString(16)}`]);
        return;
      }
      // Minted from a fresh impersonated sender: every mint has its own nonce 0, so concurrent funding (parallel
      // test files) never contends for one account's nonce.
      const minter = privateKeyToAccount(generatePrivateKey()).address;
      await rpcCall(info.rpcUrl, "anvil_impersonateAccount", [minter]);
      await rpcCall(info.rpcUrl, "anvil_setBalance", [minter, "0x16345785d8a0000"]); // 0.1 CELO for gas
      const hash = await rpcCall<Hex>(info.rpcUrl, "eth_sendTransaction", [
        {
          from: minter,
          to: token.address,
          data: encodeFunctionData({ abi: devnetTokenAbi, functionName: "mint", args: [address, value] }),
          gas: "0x30000",
        },
      ]);
      await rpcCall(info.rpcUrl, "anvil_stopImpersonatingAccount", [minter]);
      // anvil mines on submission but may publish the receipt a moment later: poll for it.
      let receipt: { status: Hex } | null = null;
      await waitFor(
        `the receipt of minting ${token.symbol}`,
        async () => {
          receipt = await rpcCall<{ status: Hex } | null>(info.rpcUrl, "eth_getTransactionReceipt", [hash]);
          return receipt !== null;
        },
        { timeoutMs: 10_000, intervalMs: 10 },
      );
      if ((receipt as { status: Hex } | null)?.status !== "0x1") {
        throw new Error(`devnet.fund: minting ${token.symbol} reverted (${hash})`);
      }
    },
  };
}

function findToken(ref: string): DevnetToken {
  const tokens: readonly DevnetToken[] = Object.values(DEVNET_TOKENS);
  const found = tokens.find((t) => t.symbol === ref || t.address.toLowerCase() === ref.toLowerCase());
  if (!found)
    throw new Error(`devnet.fund: unknown token ${ref} (known: ${tokens.map((t) => t.symbol).join(", ")})`);
  return found;
}

export { DEVNET_ACCOUNTS };
