// The devnet's fee-currency node front: a JSON-RPC layer in front of anvil that accepts CIP-64 (type 0x7b)
// transactions as Celo's node (op-geth) does. anvil 1.7.1 cannot decode type 0x7b and ignores `feeCurrency`.
//
//   eth_sendRawTransaction(0x7b…)  decoded (viem/celo, the signature from the RLP), the sender recovered, then
//                                  checked as op-geth checks it: chain id, nonce, the currency registered in the
//                                  FeeCurrencyDirectory with a valid rate and intrinsic gas, max fee >= base fee
//                                  at the rate, gas >= intrinsic gas + the currency's, fee-currency balance >=
//                                  gas x maxFeePerGas, CELO >= value. Then the currency's own
//                                  `debitGasFees(from, gas x maxFeePerGas)` runs as address(0), the call runs as
//                                  the sender, and `creditGasFees(from, tipRecipient, 0, FeeHandler, refund, tip,
//                                  0, baseFee)` runs as address(0). Answers the CIP-64 hash (keccak of the raw).
//   eth_getTransactionReceipt / eth_getTransactionByHash (CIP-64 hash)  anvil's record of the call, re-labelled:
//                                  hash, type 0x7b, feeCurrency, the signed fee fields and signature, gasUsed with
//                                  the currency's intrinsic gas, effectiveGasPrice in the currency, and the debit's
//                                  and credit's logs before and after the call's
//   eth_getBlockByNumber / eth_getBlockByHash / eth_getBlockReceipts / eth_getLogs / eth_getFilterLogs /
//   eth_getFilterChanges / eth_getTransactionByBlock*AndIndex   the call under its CIP-64 hash; the debit's and
//                                  credit's logs under it too
//   eth_gasPrice([currency]) / eth_maxPriorityFeePerGas([currency])  anvil's answer at the currency's rate
//   eth_estimateGas({feeCurrency}) anvil's estimate (the currency-denominated fee fields dropped) + the currency's
//                                  intrinsic gas
//   eth_call({feeCurrency})        the currency-denominated fee fields dropped
//   eth_fillTransaction({feeCurrency})  -32601 (method not found), so viem uses its Celo fee estimation (anvil
//                                  would fill CELO fees); without feeCurrency it goes to anvil
//   evm_mine / anvil_mine          forwarded, then the next block's base fee set from the latest block, raised to
//                                  the block producer's floor (floorAfterMining.ts)
//   anything else (eth_simulateV1, anvil_*, …)  forwarded unchanged
//
// Differences from Celo's op-geth:
// - The debit, the call and the credit are three anvil transactions in three consecutive blocks (the debit and the
//   credit sent from address(0), impersonated), not one transaction: their blocks list the address(0)
//   transactions, the receipt's block is the call's, and logsBloom covers the call's logs only. The sender's nonce,
//   state changes and events are the call's, so balances and events read as on Celo.
// - The call runs with anvil's own CELO gas accounting, then the sender's CELO balance is set back to what it was
//   minus `value` (the CELO gas is lent and given back with anvil_setBalance), so the sender pays only the
//   fee-currency fee. address(0)'s CELO balance is likewise restored after each debit and credit.
// - The debit and credit get 1,000,000 gas each and their real cost is not charged: the charged gas is the call's
//   plus the currency's intrinsic gas from the directory (on Celo the intrinsic gas also caps what they may use).
// - For an adapter (a currency with `getAdaptedToken()`), the tip and the base fee are rounded up to whole units of
//   the adapted token before the credit: Celo's v11 FeeCurrencyAdapter rounds each credited amount up and refuses
//   to credit more than it debited, which exact amounts would often trip. The sender pays at most one unit more
//   per amount, as the adapter's own rounding already charges.
// - The directory is read per transaction at `latest` (op-geth reads it once per block), and a currency whose
//   debit reverts is refused without being blocklisted.
// - A nonce above the account's next nonce is refused ("nonce too high"); op-geth would queue the transaction.
//   A 0x7b transaction without `feeCurrency` is refused (send it as type 2 to pay in CELO).
// - 0x7b transactions are settled one at a time, each before eth_sendRawTransaction answers (no mempool).
// - The ledger of CIP-64 hashes lives in this process: a restarted front (or an anvil state reverted with
//   evm_revert) no longer knows them.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Address, Hex } from "viem";
import { CELO_BASE_FEE_FLOOR } from "../blockProducer.js";
import {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_HANDLER_ADDRESS,
  SEQUENCER_FEE_VAULT_ADDRESS,
} from "../feeCurrencies/addresses.js";
import { createRequestHandler } from "./handleRequest.js";
import { Cip64Ledger } from "./ledger.js";
import type { SettlementContext } from "./settle.js";
import { createUpstream, RpcError, type RpcErrorObject } from "./upstream.js";

/** Options of {@link startFeeCurrencyNode}. */
export interface FeeCurrencyNodeOptions {
  /** anvil's JSON-RPC URL. */
  readonly upstreamUrl: string;
  /** Default 42220. */
  readonly chainId?: number;
  /** Default {@link FEE_CURRENCY_DIRECTORY_ADDRESS}. */
  readonly directory?: Address;
  /** Default {@link SEQUENCER_FEE_VAULT_ADDRESS}. */
  readonly tipRecipient?: Address;
  /** Default {@link FEE_HANDLER_ADDRESS}. */
  readonly baseFeeRecipient?: Address;
  /** Bound on each wait for an anvil receipt and each upstream call (ms); default 10,000. */
  readonly timeoutMs?: number;
  /** The loopback port to listen on (`pnpm devnet`'s fixed RPC port); a free one when omitted. */
  readonly port?: number;
  /**
   * The block producer's base-fee floor (default {@link CELO_BASE_FEE_FLOOR}): after a block mined through the
   * front (`evm_mine`, `anvil_mine`), the next block's base fee is set from it again.
   */
  readonly baseFeeFloor?: bigint;
}

/** A running fee-currency node front. */
export interface FeeCurrencyNode {
  /** The front's JSON-RPC URL (loopback). */
  readonly url: string;
  /** How many CIP-64 transactions it settled. */
  settledCount(): number;
  /** Stops listening; idempotent. */
  stop(): Promise<void>;
}

interface JsonRpcCall {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Starts the fee-currency node front on 127.0.0.1 and a free port, in front of anvil at `upstreamUrl`.
 *
 * @example
 * const node = await startFeeCurrencyNode({ upstreamUrl: anvilUrl });
 * const client = createPublicClient({ chain: celo, transport: http(node.url) });
 * await node.stop();
 */
export async function startFeeCurrencyNode(options: FeeCurrencyNodeOptions): Promise<FeeCurrencyNode> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const upstream = createUpstream(options.upstreamUrl, timeoutMs);
  const ledger = new Cip64Ledger();
  const directory = options.directory ?? FEE_CURRENCY_DIRECTORY_ADDRESS;
  const context: SettlementContext = {
    upstream,
    chainId: options.chainId ?? 42220,
    directory,
    tipRecipient: options.tipRecipient ?? SEQUENCER_FEE_VAULT_ADDRESS,
    baseFeeRecipient: options.baseFeeRecipient ?? FEE_HANDLER_ADDRESS,
    ledger,
    receiptTimeoutMs: timeoutMs,
  };
  const handle = createRequestHandler(context, options.baseFeeFloor ?? CELO_BASE_FEE_FLOOR);

  async function answer(call: unknown): Promise<Record<string, unknown>> {
    const request = call as JsonRpcCall;
    const id = request && typeof request === "object" && "id" in request ? (request.id ?? null) : null;
    if (!request || typeof request !== "object" || typeof request.method !== "string")
      return { jsonrpc: "2.0", id, error: { code: -32600, message: "invalid request" } };
    const params = request.params === undefined ? [] : request.params;
    if (!Array.isArray(params))
      return { jsonrpc: "2.0", id, error: { code: -32602, message: "invalid params: expected an array" } };
    try {
      return { jsonrpc: "2.0", id, result: (await handle(request.method, params)) ?? null };
    } catch (error) {
      const rpc: RpcErrorObject =
        error instanceof RpcError
          ? error.rpc
          : { code: -32603, message: String((error as Error)?.message ?? error) };
      return { jsonrpc: "2.0", id, error: rpc };
    }
  }

  const server: Server = createServer(async (req, res) => {
    // CORS as anvil answers it: a page on another loopback origin (the MiniPay example) reads the chain through it.
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
    };
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json", ...cors }).end(JSON.stringify(body));
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    if (req.method !== "POST")
      return reply(405, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "POST only" } });
    let text: string;
    try {
      text = await readBody(req);
    } catch {
      return reply(413, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "request too large" } });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return reply(200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0)
        return reply(200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "empty batch" } });
      return reply(200, await Promise.all(parsed.map(answer)));
    }
    return reply(200, await answer(parsed));
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    settledCount: () => ledger.size,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export { type Cip64Transaction, decodeCip64 } from "./decodeCip64.js";
export { celoToCurrency, type FeeCurrencyInfo, readFeeCurrency } from "./directory.js";
export type { Hex };
