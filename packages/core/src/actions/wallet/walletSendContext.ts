// What the two send paths of sendPreparedFlowWithWallet share, in its own module so that the paths do not import
// the action that calls them (an import cycle).
import type { Account, Address, Chain, Client, Transport } from "viem";
import type { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import type { ExecutedStep } from "../transaction/executePreparedFlow/types.js";

/** Bound of each request before anything is sent (chain id, capabilities). @internal */
export const WALLET_REQUEST_TIMEOUT_MS = 10_000;

/** What the two send paths share. @internal */
export interface WalletSendContext {
  client: Client<Transport, Chain | undefined>;
  account: Account;
  steps: ExecutedStep[];
  flow: ReturnType<typeof parsePreparedFlow>;
  /** How long a wait (the batch's status, or one step's receipt) goes on before it gives up with `pending`, in ms. */
  receiptTimeoutMs: number;
  pollingIntervalMs: number;
  signal: AbortSignal | undefined;
  /** The fee currency of the flow's steps (CIP-64), when they carry one. */
  feeCurrency: Address | undefined;
}
