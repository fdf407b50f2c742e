import type { Address, Hex } from "viem";
import { DEVNET_ACCOUNTS, type DevnetAccount } from "./accounts.js";
import { type RegisterCeloNameOptions, type RegisteredName, registerCeloName } from "./celoNames.js";
import { type EthereumNameRecords, registerEthereumName } from "./ethereumEns.js";
import { fundAccount } from "./fund.js";
import { increaseDevnetTime, nextCeloEpoch } from "./protocols/celoCore.js";
import { whitelistGoodDollar } from "./protocols/goodDollar.js";
import type { DEVNET_TOKENS, DevnetTokenSymbol } from "./tokens.js";

/** Everything a test or a demo needs to reach a running devnet; plain JSON (crosses vitest's `provide`). */
export interface DevnetInfo {
  /**
   * The chain's JSON-RPC URL (chain id 42220): the fee-currency node front (`startFeeCurrencyNode`) in front of
   * anvil, so CIP-64 (type 0x7b) transactions and the fee-currency forms of `eth_estimateGas`, `eth_gasPrice`
   * and `eth_maxPriorityFeePerGas` work as on a Celo node.
   */
  readonly rpcUrl: string;
  /** anvil's own JSON-RPC URL, behind the front (for the devnet's internals: the bundler, the sponsor endpoint). */
  readonly anvilRpcUrl: string;
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
  /**
   * Ends the current Celo epoch (the epoch stand-in at 0xf8 moves on; see `nextCeloEpoch`): Election votes cast
   * before can then be activated. Resolves to the new epoch number.
   */
  nextEpoch(): Promise<bigint>;
  /**
   * Moves the chain's clock `seconds` forward and mines a block (e.g. past LockedGold's 3-day unlocking period).
   * The clock never goes back: warp on a devnet of your own (see `increaseDevnetTime`).
   */
  increaseTime(seconds: number): Promise<void>;
  /** Whitelists `address` in GoodDollar's Identity so it may claim UBI; see `whitelistGoodDollar`. */
  whitelistGoodDollar(address: Address): Promise<void>;
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
    fund: (address, token, amount) => fundAccount(info.anvilRpcUrl ?? info.rpcUrl, address, token, amount),
    nextEpoch: () => nextCeloEpoch(info.rpcUrl),
    increaseTime: (seconds) => increaseDevnetTime(info.rpcUrl, seconds),
    whitelistGoodDollar: (address) => whitelistGoodDollar(info, address),
  };
}

export { DEVNET_ACCOUNTS };
