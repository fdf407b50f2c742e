// The injected wallet (EIP-1193). Inside MiniPay `window.ethereum.isMiniPay` is true and the page connects at
// once, with no button (MiniPay's rule: the account is already there). Elsewhere (MetaMask, a mobile wallet's
// browser) the page shows a Connect button. The page asks the wallet for accounts and for eth_sendTransaction
// only: no message or typed-data signing, which MiniPay does not offer.
import {
  type Address,
  type Chain,
  createWalletClient,
  custom,
  type EIP1193Provider,
  type Transport,
  type WalletClient,
} from "viem";
import { celo } from "viem/chains";

/** An injected provider; MiniPay marks its own with `isMiniPay: true`. */
export type InjectedProvider = EIP1193Provider & { isMiniPay?: boolean };

declare global {
  interface Window {
    ethereum?: InjectedProvider;
  }
}

/** The page's provider, or `undefined` when the browser has no wallet. */
export function injectedProvider(): InjectedProvider | undefined {
  return window.ethereum;
}

/** Whether the page runs inside MiniPay. */
export function isMiniPay(provider: InjectedProvider | undefined): boolean {
  return provider?.isMiniPay === true;
}

/** A viem wallet client over the provider (viem's `celo` chain: `feeCurrency` travels with each transaction). */
export function walletClient(provider: InjectedProvider): WalletClient<Transport, Chain> {
  return createWalletClient({ chain: celo, transport: custom(provider) });
}

/** The wallet's first account (`eth_requestAccounts`; MiniPay answers without a prompt). */
export async function connect(provider: InjectedProvider): Promise<Address> {
  const [address] = await walletClient(provider).requestAddresses();
  if (!address) throw new Error("The wallet gave no account.");
  return address;
}
