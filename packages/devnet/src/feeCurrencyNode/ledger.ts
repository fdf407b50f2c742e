import type { Address, Hex } from "viem";
import type { Cip64Transaction } from "./decodeCip64.js";

/** A JSON-RPC log object as anvil answers it. */
export type RpcLog = Record<string, unknown> & { transactionHash?: Hex; logIndex?: Hex };

/** A CIP-64 transaction the front settled on anvil. */
export interface SettledCip64 {
  readonly tx: Cip64Transaction;
  /** anvil's hash of the call run as the sender. */
  readonly callHash: Hex;
  /** anvil's hashes of the `debitGasFees` and `creditGasFees` calls from address(0). */
  readonly debitHash: Hex;
  readonly creditHash: Hex | null;
  /** The currency's intrinsic gas added to the call's gas. */
  readonly intrinsicGas: bigint;
  /** The effective price per gas in the fee currency (base fee at the rate + tip). */
  readonly effectiveGasPrice: bigint;
  /** The base fee per gas in the fee currency. */
  readonly baseFeePerGas: bigint;
  readonly debitLogs: readonly RpcLog[];
  readonly creditLogs: readonly RpcLog[];
  readonly feeCurrency: Address;
}

/** The front's record of settled CIP-64 transactions, by their CIP-64 hash and by anvil's hashes. */
export class Cip64Ledger {
  private readonly byHash = new Map<string, SettledCip64>();
  private readonly byAnvilHash = new Map<string, SettledCip64>();

  add(settled: SettledCip64): void {
    this.byHash.set(settled.tx.hash.toLowerCase(), settled);
    for (const hash of [settled.callHash, settled.debitHash, settled.creditHash])
      if (hash) this.byAnvilHash.set(hash.toLowerCase(), settled);
  }

  /** The settled transaction with this CIP-64 hash. */
  get(hash: unknown): SettledCip64 | undefined {
    return typeof hash === "string" ? this.byHash.get(hash.toLowerCase()) : undefined;
  }

  /** The settled transaction one of whose anvil transactions (call, debit, credit) has this hash. */
  byAnvil(hash: unknown): SettledCip64 | undefined {
    return typeof hash === "string" ? this.byAnvilHash.get(hash.toLowerCase()) : undefined;
  }

  get size(): number {
    return this.byHash.size;
  }
}
