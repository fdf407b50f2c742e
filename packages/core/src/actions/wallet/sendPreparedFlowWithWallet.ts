import { rejectUnknownKeys, withTimeout } from "@preflow/errors";
import type { Account, Address, Chain, Client, Transport } from "viem";
import { parseAccount } from "viem/accounts";
import { getCapabilities } from "viem/actions";
import { CHAIN_ID } from "../../chain.js";
import { InvalidArgumentError } from "../../errors/argument.js";
import { FlowAccountMismatchError } from "../../errors/flowAccount.js";
import { parsePreparedFlow } from "../../flow/parsePreparedFlow.js";
import { checkChainId } from "../../rpc/checkChainId.js";
import { toRpcError } from "../../rpc/toRpcError.js";
import { executedFlowResult } from "../transaction/executePreparedFlow/executedFlowResult.js";
import type {
  ExecutePreparedFlowErrorType,
  ExecutePreparedFlowReturnType,
} from "../transaction/executePreparedFlow/types.js";
import { sendFlowAsCalls } from "./sendFlowAsCalls.js";
import { sendFlowAsTransactions } from "./sendFlowAsTransactions.js";
import { WALLET_REQUEST_TIMEOUT_MS, type WalletSendContext } from "./walletSendContext.js";

/**
 * Parameters of {@link sendPreparedFlowWithWallet}. Unknown keys are refused.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowWithWalletParameters } from "@preflow/core";
 * const parameters: SendPreparedFlowWithWalletParameters = { flow, receiptTimeoutMs: 60_000 };
 * ```
 */
export interface SendPreparedFlowWithWalletParameters {
  /** The prepared flow, as an object or untrusted JSON value; validated with `parsePreparedFlow`. */
  flow: unknown;
  /** The wallet's account (an address or a viem account); default the wallet client's `account`. */
  account?: Account | Address | undefined;
  /**
   * How long to wait for the outcome: of the whole batch (`wallet_getCallsStatus` polls), or of each step's
   * receipt, in ms (default 45 000, 1 000 to 600 000). Past it the flow is `pending`, never "not sent".
   */
  receiptTimeoutMs?: number | undefined;
  /** Stops before the next step or batch is sent; a wait already started ends at once with `pending`. */
  signal?: AbortSignal | undefined;
  /** How often to poll a status or receipt, in ms (default 500, 50 to 10 000). */
  pollingIntervalMs?: number | undefined;
}

/**
 * The result of {@link sendPreparedFlowWithWallet}: the shape of `executePreparedFlow`'s result (an overall
 * `status`, one entry per step with its `hash` once known, `sent`, `status`, `code`) plus how it was sent:
 * `mode: "calls"` (one ERC-5792 batch, `callsId` its id, chosen before the request) or `"transactions"` (one
 * transaction per step). A wallet signs and sends in one request, so a hash is known only from its answer: a
 * step whose answer was lost is `pending` with `sent: "unknown"` and `hash: null`; a batch whose outcome is not
 * known by the deadline is `pending` with its `callsId` (look it up with `wallet_getCallsStatus`).
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowWithWalletReturnType } from "@preflow/core";
 * const hashes = (result: SendPreparedFlowWithWalletReturnType) => result.steps.map((step) => step.hash);
 * ```
 */
export type SendPreparedFlowWithWalletReturnType = ExecutePreparedFlowReturnType & {
  mode: "calls" | "transactions";
  /** The ERC-5792 batch id (`mode: "calls"`), chosen before `wallet_sendCalls` was sent. */
  callsId?: string;
};

/**
 * Errors {@link sendPreparedFlowWithWallet} throws, all before anything is sent. What happens to the steps is in
 * the result.
 *
 * @example
 * ```ts
 * import type { SendPreparedFlowWithWalletErrorType } from "@preflow/core";
 * const isBadInput = (error: SendPreparedFlowWithWalletErrorType) => !error.code.startsWith("RPC_");
 * ```
 */
export type SendPreparedFlowWithWalletErrorType = ExecutePreparedFlowErrorType;

const KEYS = ["flow", "account", "receiptTimeoutMs", "signal", "pollingIntervalMs"];
const DEFAULT_RECEIPT_TIMEOUT_MS = 45_000;
function integer(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError({ field, value, rule: `must be an integer from ${min} to ${max}` });
  }
  return value;
}

/** Whether the wallet's capabilities for chain 42220 say it executes a batch atomically (ERC-5792 v2 or v1). */
function supportsAtomicBatch(capabilities: unknown): boolean {
  const chain = capabilities as
    | { atomic?: { status?: unknown }; atomicBatch?: { supported?: unknown } }
    | null
    | undefined;
  const status = chain?.atomic?.status;
  return status === "supported" || status === "ready" || chain?.atomicBatch?.supported === true;
}

/** The steps' common `feeCurrency` (CIP-64), if any; steps paying in different currencies are refused. */
function feeCurrencyOf(flow: ReturnType<typeof parsePreparedFlow>): Address | undefined {
  const currencies = new Set(
    flow.steps.map((step) => (step as { feeCurrency?: Address }).feeCurrency?.toLowerCase() ?? "celo"),
  );
  if (currencies.size > 1) {
    throw new InvalidArgumentError({
      field: "flow.steps[].feeCurrency",
      value: [...currencies].join(", "),
      rule: "must be the same for every step of a flow sent through a wallet",
    });
  }
  return (flow.steps[0] as { feeCurrency?: Address } | undefined)?.feeCurrency;
}

/**
 * Sends a prepared flow through any viem wallet client (a browser wallet over EIP-1193, WalletConnect, a
 * local account): when `wallet_getCapabilities` reports atomic batching for chain 42220 (ERC-5792 `atomic`
 * `supported` or `ready`), as **one** `wallet_sendCalls` batch (`atomicRequired: true`; approve-then-act is all
 * or nothing) followed by `wallet_getCallsStatus` polls until it is final (bounded by `receiptTimeoutMs`);
 * otherwise as one transaction per step, in order, each waited for, stopping at the first failure. Steps'
 * `feeCurrency` (CIP-64) is passed through on either path: as the batch's `feeCurrency` capability (a wallet
 * that refuses it gets the flow one transaction at a time instead, nothing having been sent), and on each
 * transaction.
 *
 * The result has the shape and the truthfulness rules of `executePreparedFlow`: a step is `success` or
 * `reverted` only from a receipt; `failed` (`sent: false`) only when the wallet answered with a refusal
 * (user rejection, unsupported request) and so sent nothing; `pending` whenever the outcome is unknown (a lost
 * answer is `sent: "unknown"`; a batch's id is chosen before the request, so it can be looked up). Later steps
 * are `skipped`.
 *
 * HTTP/EIP-1193 requests: `eth_chainId` and `wallet_getCapabilities` (2, before anything is sent), then
 * batch: 1 `wallet_sendCalls` + 1 `wallet_getCallsStatus` per poll; transactions: per step 1 send + 1 receipt
 * poll per `pollingIntervalMs`. A local account's wallet client signs locally (viem `sendTransaction`: a few
 * more reads to fill the transaction).
 *
 * @param client - A viem wallet client (`createWalletClient({ account, transport: custom(window.ethereum) })`).
 * @param parameters - {@link SendPreparedFlowWithWalletParameters}.
 * @returns {@link SendPreparedFlowWithWalletReturnType}.
 * @throws {@link SendPreparedFlowWithWalletErrorType}, only before anything is sent.
 *
 * @example
 * ```ts
 * import { createSdkClient, sendPreparedFlowWithWallet } from "@preflow/core";
 * import { createWalletClient, custom } from "viem";
 * import { celo } from "viem/chains";
 *
 * const [address] = await window.ethereum.request({ method: "eth_requestAccounts" });
 * const wallet = createWalletClient({ account: address, chain: celo, transport: custom(window.ethereum) });
 * const flow = await createSdkClient({ attributionTags: ["my_app"] }).transaction.prepareSend(address, to, "USDm", "5");
 * const result = await sendPreparedFlowWithWallet(wallet, { flow });
 * if (result.status === "pending") console.log("look it up before sending again:", result.callsId ?? result.steps);
 * ```
 */
export async function sendPreparedFlowWithWallet(
  client: Client<Transport, Chain | undefined, Account | undefined>,
  parameters: SendPreparedFlowWithWalletParameters,
): Promise<SendPreparedFlowWithWalletReturnType> {
  if (typeof (client as { request?: unknown } | null)?.request !== "function") {
    throw new InvalidArgumentError({
      field: "client",
      value: typeof client,
      rule: "must be a viem wallet client (createWalletClient)",
    });
  }
  const fields = rejectUnknownKeys(parameters, "parameters", KEYS);
  const accountInput = (fields.account ?? client.account) as Account | Address | undefined;
  if (accountInput === undefined) {
    throw new InvalidArgumentError({
      field: "account",
      value: undefined,
      rule: "is required when the wallet client has no account (an address or a viem account)",
    });
  }
  const account = parseAccount(accountInput);
  const receiptTimeoutMs = integer(
    fields.receiptTimeoutMs,
    "receiptTimeoutMs",
    1_000,
    600_000,
    DEFAULT_RECEIPT_TIMEOUT_MS,
  );
  const pollingIntervalMs = integer(fields.pollingIntervalMs, "pollingIntervalMs", 50, 10_000, 500);
  const signal = fields.signal as AbortSignal | undefined;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidArgumentError({ field: "signal", value: signal, rule: "must be an AbortSignal" });
  }
  const flow = parsePreparedFlow(fields.flow);
  if (flow.from.toLowerCase() !== account.address.toLowerCase()) {
    throw new FlowAccountMismatchError({ from: flow.from, account: account.address, accountKind: "signer" });
  }
  const feeCurrency = feeCurrencyOf(flow);

  // The chain and the wallet's capabilities, before anything is sent.
  let chainId: unknown;
  try {
    chainId = await withTimeout(
      client.request({ method: "eth_chainId" }),
      WALLET_REQUEST_TIMEOUT_MS,
      undefined,
      "eth_chainId",
    );
  } catch (error) {
    throw toRpcError(error, { rpcUrl: "(the wallet)", method: "eth_chainId" });
  }
  checkChainId(chainId, "(the wallet)", (reason) =>
    toRpcError(new Error(reason), { rpcUrl: "(the wallet)", method: "eth_chainId" }),
  );
  let atomic = false;
  try {
    const capabilities = await withTimeout(
      getCapabilities(client as never, { account, chainId: CHAIN_ID }),
      WALLET_REQUEST_TIMEOUT_MS,
      undefined,
      "wallet_getCapabilities",
    );
    atomic = supportsAtomicBatch(capabilities);
  } catch {
    // No ERC-5792 (method not found or unsupported), or no answer: one transaction per step.
  }

  const context: WalletSendContext = {
    client: client as Client<Transport, Chain | undefined>,
    account,
    flow,
    steps: flow.steps.map((step, index) => ({
      index,
      description: step.description,
      to: step.to,
      hash: null,
      sent: false,
      status: "skipped",
      code: "NOT_ATTEMPTED",
    })),
    receiptTimeoutMs,
    pollingIntervalMs,
    signal,
    feeCurrency,
  };
  if (signal?.aborted) return finish(context, "transactions", true);
  if (atomic) {
    const sent = await sendFlowAsCalls(context);
    if (sent !== "unsupported") return finish(context, "calls", sent.aborted, sent.callsId);
  }
  const { aborted } = await sendFlowAsTransactions(context);
  return finish(context, "transactions", aborted);
}

function finish(
  context: WalletSendContext,
  mode: "calls" | "transactions",
  aborted: boolean,
  callsId?: string,
): SendPreparedFlowWithWalletReturnType {
  return {
    ...executedFlowResult({ flow: context.flow, steps: context.steps, aborted }),
    mode,
    ...(callsId === undefined ? {} : { callsId }),
  };
}
