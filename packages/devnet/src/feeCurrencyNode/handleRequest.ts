// The fee-currency node front's answers: the methods it answers as Celo's node does for fee currencies (CIP-64
// transactions settled one at a time, fees and estimates at the currency's rate), the reads it relabels (anvil's
// record of a settled call shown under its CIP-64 hash), and anything else forwarded to anvil unchanged.
import { type Address, type Hex, isAddress, toHex } from "viem";
import { celoToCurrency, readFeeCurrency } from "./directory.js";
import { floorAfterMining, MINING_METHODS } from "./floorAfterMining.js";
import type { Cip64Ledger } from "./ledger.js";
import { relabelBlock, relabelLog, relabelReceipt, relabelTransaction } from "./relabel.js";
import { type SettlementContext, settleCip64 } from "./settle.js";
import { refuse } from "./upstream.js";

const FEE_FIELDS = ["gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"] as const;
/** What an answering step returns for a call it leaves to anvil. */
const FORWARD = Symbol("forward to anvil unchanged");

type Forward = (method: string, params: unknown[]) => Promise<unknown>;

/** The front's answer to one JSON-RPC call `(method, params)`; thrown `RpcError`s are the node's errors. @internal */
export function createRequestHandler(
  context: SettlementContext,
  baseFeeFloor: bigint,
): (method: string, params: unknown[]) => Promise<unknown> {
  const forward: Forward = (method, params) => context.upstream(method, params);
  let queue: Promise<unknown> = Promise.resolve();
  /** CIP-64 transactions are settled one at a time, each before its eth_sendRawTransaction answers. */
  const settleInTurn = (raw: string) => {
    const settled = queue.then(() => settleCip64(context, raw));
    queue = settled.catch(() => {});
    return settled;
  };
  return async (method, params) => {
    const feeAnswer = await answerFeeCurrencyCall(context, method, params, settleInTurn, forward);
    if (feeAnswer !== FORWARD) return feeAnswer;
    const relabelled = await answerRelabelledRead(context.ledger, method, params, forward);
    if (relabelled !== FORWARD) return relabelled;
    const result = await forward(method, params);
    // A block mined outside the block producer leaves anvil's next base fee below the floor (floorAfterMining.ts).
    if (MINING_METHODS.has(method)) await floorAfterMining(context.upstream, baseFeeFloor);
    return result;
  };
}

/** The calls about fee currencies: a CIP-64 send, fees and estimates in a currency, a call or fill naming one. */
async function answerFeeCurrencyCall(
  context: SettlementContext,
  method: string,
  params: unknown[],
  settleInTurn: (raw: string) => Promise<unknown>,
  forward: Forward,
): Promise<unknown> {
  const currencyParameter = async (value: unknown) => {
    if (typeof value !== "string" || !isAddress(value, { strict: false }))
      refuse(`invalid fee currency: ${String(value).slice(0, 50)}`, -32602);
    if (BigInt(value) === 0n) refuse("unregistered fee-currency address: 0x0");
    return readFeeCurrency(context.upstream, context.directory, value as Address);
  };
  switch (method) {
    case "eth_sendRawTransaction": {
      if (typeof params[0] !== "string" || !params[0].toLowerCase().startsWith("0x7b")) return FORWARD;
      return settleInTurn(params[0]);
    }
    case "eth_gasPrice":
    case "eth_maxPriorityFeePerGas": {
      if (params[0] === undefined || params[0] === null) return FORWARD;
      const currency = await currencyParameter(params[0]);
      return toHex(celoToCurrency(BigInt((await forward(method, [])) as Hex), currency));
    }
    case "eth_estimateGas": {
      const request = params[0] as Record<string, unknown> | undefined;
      if (
        !request ||
        typeof request !== "object" ||
        request.feeCurrency === undefined ||
        request.feeCurrency === null
      )
        return FORWARD;
      const currency = await currencyParameter(request.feeCurrency);
      const { feeCurrency: _, ...rest } = request;
      for (const field of FEE_FIELDS) delete rest[field];
      const gas = BigInt((await forward(method, [rest, ...params.slice(1)])) as Hex);
      return toHex(gas + currency.intrinsicGas);
    }
    case "eth_call": {
      const request = params[0] as Record<string, unknown> | undefined;
      if (
        !request ||
        typeof request !== "object" ||
        request.feeCurrency === undefined ||
        request.feeCurrency === null
      )
        return FORWARD;
      const { feeCurrency: _, ...rest } = request;
      for (const field of FEE_FIELDS) delete rest[field];
      return forward(method, [rest, ...params.slice(1)]);
    }
    case "eth_fillTransaction": {
      // anvil would fill CELO fees and ignore feeCurrency: refused, viem then estimates with the currency
      const request = params[0] as Record<string, unknown> | undefined;
      if (
        request &&
        typeof request === "object" &&
        request.feeCurrency !== undefined &&
        request.feeCurrency !== null
      )
        return refuse("the method eth_fillTransaction does not exist/is not available", -32601);
      return FORWARD;
    }
  }
  return FORWARD;
}

/** The reads that show a settled CIP-64 transaction under its own hash (receipts, transactions, blocks, logs). */
async function answerRelabelledRead(
  ledger: Cip64Ledger,
  method: string,
  params: unknown[],
  forward: Forward,
): Promise<unknown> {
  switch (method) {
    case "eth_getTransactionReceipt":
    case "eth_getTransactionByHash": {
      const settled = ledger.get(params[0]);
      if (!settled) {
        const other = ledger.byAnvil(params[0]);
        // anvil's hash of a settled call is not a transaction hash on the chain the front shows
        if (other && other.callHash.toLowerCase() === String(params[0]).toLowerCase()) return null;
        return FORWARD;
      }
      const record = await forward(method, [settled.callHash]);
      if (!record || typeof record !== "object") return record;
      return method === "eth_getTransactionReceipt"
        ? relabelReceipt(settled, record as Record<string, unknown>)
        : relabelTransaction(settled, record as Record<string, unknown>);
    }
    case "eth_getBlockByNumber":
    case "eth_getBlockByHash":
      return relabelBlock(ledger, await forward(method, params));
    case "eth_getTransactionByBlockNumberAndIndex":
    case "eth_getTransactionByBlockHashAndIndex": {
      const record = (await forward(method, params)) as Record<string, unknown> | null;
      const settled = record ? ledger.byAnvil(record.hash) : undefined;
      return settled && record && settled.callHash.toLowerCase() === String(record.hash).toLowerCase()
        ? relabelTransaction(settled, record)
        : record;
    }
    case "eth_getBlockReceipts": {
      const receipts = await forward(method, params);
      if (!Array.isArray(receipts)) return receipts;
      return receipts.map((receipt: Record<string, unknown>) => {
        const settled = ledger.byAnvil(receipt?.transactionHash);
        if (settled && settled.callHash.toLowerCase() === String(receipt.transactionHash).toLowerCase())
          return relabelReceipt(settled, receipt);
        return receipt && Array.isArray(receipt.logs)
          ? { ...receipt, logs: receipt.logs.map((log) => relabelLog(ledger, log)) }
          : receipt;
      });
    }
    case "eth_getLogs":
    case "eth_getFilterLogs":
    case "eth_getFilterChanges": {
      const result = await forward(method, params);
      return Array.isArray(result) ? result.map((entry) => relabelLog(ledger, entry)) : result;
    }
  }
  return FORWARD;
}
