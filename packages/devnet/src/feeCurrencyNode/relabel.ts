// How the front shows a settled CIP-64 transaction: anvil's records of the call, re-labelled with the CIP-64
// hash, type 0x7b, `feeCurrency`, the signed fee fields and signature, and the fee paid in the currency.
import { type Hex, toHex } from "viem";
import type { Cip64Ledger, RpcLog, SettledCip64 } from "./ledger.js";

type RpcObject = Record<string, unknown>;

/** A log of one of the settlement's anvil transactions, shown as a log of the CIP-64 transaction. */
export function relabelLog(ledger: Cip64Ledger, log: unknown): unknown {
  if (!log || typeof log !== "object") return log;
  const settled = ledger.byAnvil((log as RpcLog).transactionHash);
  return settled ? { ...(log as RpcLog), transactionHash: settled.tx.hash } : log;
}

/** The receipt of a CIP-64 transaction from anvil's receipt of its call. */
export function relabelReceipt(settled: SettledCip64, receipt: RpcObject): RpcObject {
  const callLogs = (receipt.logs as RpcLog[] | undefined) ?? [];
  const first = callLogs[0]?.logIndex ? Number(callLogs[0].logIndex) : 0;
  const logs = [...settled.debitLogs, ...callLogs, ...settled.creditLogs].map((log, i) => ({
    ...log,
    transactionHash: settled.tx.hash,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    transactionIndex: receipt.transactionIndex,
    logIndex: toHex(first + i),
  }));
  const gasUsed = BigInt(receipt.gasUsed as Hex) + settled.intrinsicGas;
  const cumulative = BigInt(receipt.cumulativeGasUsed as Hex) + settled.intrinsicGas;
  return {
    ...receipt,
    transactionHash: settled.tx.hash,
    type: "0x7b",
    feeCurrency: settled.feeCurrency,
    gasUsed: toHex(gasUsed),
    cumulativeGasUsed: toHex(cumulative),
    effectiveGasPrice: toHex(settled.effectiveGasPrice),
    baseFee: toHex(settled.baseFeePerGas),
    logs,
  };
}

/** The CIP-64 transaction from anvil's record of its call. */
export function relabelTransaction(settled: SettledCip64, transaction: RpcObject): RpcObject {
  const { tx } = settled;
  const yParity = toHex(tx.yParity);
  return {
    ...transaction,
    hash: tx.hash,
    type: "0x7b",
    feeCurrency: tx.feeCurrency,
    gas: toHex(tx.gas),
    maxFeePerGas: toHex(tx.maxFeePerGas),
    maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas),
    gasPrice: toHex(settled.effectiveGasPrice),
    accessList: tx.accessList,
    chainId: toHex(tx.chainId),
    r: tx.r,
    s: tx.s,
    v: yParity,
    yParity,
  };
}

/** A block with the settled calls shown under their CIP-64 hashes (objects re-labelled when `full`). */
export function relabelBlock(ledger: Cip64Ledger, block: unknown): unknown {
  if (!block || typeof block !== "object") return block;
  const transactions = (block as RpcObject).transactions;
  if (!Array.isArray(transactions)) return block;
  return {
    ...(block as RpcObject),
    transactions: transactions.map((entry: unknown) => {
      if (typeof entry === "string") {
        const settled = ledger.byAnvil(entry);
        return settled && settled.callHash.toLowerCase() === entry.toLowerCase() ? settled.tx.hash : entry;
      }
      if (entry && typeof entry === "object") {
        const hash = (entry as RpcObject).hash;
        const settled = ledger.byAnvil(hash);
        return settled && settled.callHash.toLowerCase() === String(hash).toLowerCase()
          ? relabelTransaction(settled, entry as RpcObject)
          : entry;
      }
      return entry;
    }),
  };
}
