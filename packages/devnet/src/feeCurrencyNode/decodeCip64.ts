import { type Address, fromRlp, type Hex, isHex, keccak256, recoverAddress } from "viem";
import { parseTransaction, serializeTransaction } from "viem/celo";

/** A signed CIP-64 (type 0x7b) transaction, decoded, with its sender recovered. */
export interface Cip64Transaction {
  /** keccak256 of the raw bytes: the transaction's hash on Celo. */
  readonly hash: Hex;
  readonly from: Address;
  readonly chainId: number;
  readonly nonce: number;
  readonly to: Address | null;
  readonly value: bigint;
  readonly data: Hex;
  readonly gas: bigint;
  /** In the fee currency's units (18 decimals for adapters). */
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
  readonly feeCurrency: Address;
  readonly accessList: readonly { address: Address; storageKeys: readonly Hex[] }[];
  readonly yParity: 0 | 1;
  readonly r: Hex;
  readonly s: Hex;
}

interface ParsedCip64 {
  type: string;
  chainId: number;
  nonce?: number;
  to?: Address | null;
  value?: bigint;
  data?: Hex;
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  feeCurrency?: Address;
  accessList?: readonly { address: Address; storageKeys: readonly Hex[] }[];
}

/** Why a raw transaction was not decoded: the message op-geth would give (or close to it). */
export interface Cip64DecodeError {
  readonly error: string;
}

// secp256k1's order / 2: a signature with a higher s is malleable and refused (EIP-2).
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const MAX_RAW_BYTES = 128 * 1024; // geth's txMaxSize

/**
 * Decodes a signed CIP-64 transaction (`0x7b || rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gas, to,
 * value, data, accessList, feeCurrency, yParity, r, s])`) and recovers its sender. Never throws: garbage, a wrong
 * field count, an unsigned or malleable signature, a missing or zero `feeCurrency` give `{ error }`.
 *
 * @example
 * const tx = await decodeCip64(raw);
 * if ("error" in tx) throw new Error(tx.error);
 */
export async function decodeCip64(raw: unknown): Promise<Cip64Transaction | Cip64DecodeError> {
  if (typeof raw !== "string" || !isHex(raw, { strict: true }) || raw.length % 2 !== 0)
    return { error: "invalid transaction: not a hex string of whole bytes" };
  if ((raw.length - 2) / 2 > MAX_RAW_BYTES) return { error: "oversized data" };
  if (!raw.toLowerCase().startsWith("0x7b")) return { error: "transaction type not supported" };
  let fields: unknown;
  try {
    fields = fromRlp(`0x${raw.slice(4)}`, "hex");
  } catch {
    return { error: "rlp: invalid CIP-64 transaction encoding" };
  }
  if (!Array.isArray(fields) || fields.length !== 13)
    return { error: "rlp: a signed CIP-64 transaction has 13 fields" };
  const [yParityField, r, s] = fields.slice(10) as unknown[];
  if (typeof yParityField !== "string" || typeof r !== "string" || typeof s !== "string")
    return { error: "rlp: signature fields must be strings" };
  if (yParityField !== "0x" && yParityField !== "0x01")
    return { error: "invalid transaction v, r, s values" };
  const rValue = r === "0x" ? 0n : BigInt(r);
  const sValue = s === "0x" ? 0n : BigInt(s);
  if (rValue === 0n || sValue === 0n || sValue > HALF_ORDER || r.length > 66 || s.length > 66)
    return { error: "invalid transaction v, r, s values" };
  const feeCurrencyField = fields[9];
  if (feeCurrencyField === "0x")
    return { error: "CIP-64 transaction without feeCurrency: send a type-2 transaction to pay in CELO" };
  if (typeof feeCurrencyField !== "string" || feeCurrencyField.length !== 42)
    return { error: "rlp: feeCurrency must be 20 bytes" };
  if (BigInt(feeCurrencyField) === 0n) return { error: "unregistered fee-currency address: 0x0" };
  let tx: ParsedCip64;
  try {
    tx = parseTransaction(raw) as unknown as ParsedCip64;
  } catch (error) {
    return { error: `rlp: ${(error as Error).message.split("\n")[0]}` };
  }
  if (tx.type !== "cip64") return { error: "transaction type not supported" };
  if (!tx.feeCurrency)
    return { error: "CIP-64 transaction without feeCurrency: send a type-2 transaction to pay in CELO" };
  if (BigInt(tx.feeCurrency) === 0n) return { error: "unregistered fee-currency address: 0x0" };
  const yParity = yParityField === "0x" ? 0 : 1;
  let from: Address;
  try {
    const unsigned = serializeTransaction({ ...tx, type: "cip64" } as Parameters<
      typeof serializeTransaction
    >[0]);
    from = await recoverAddress({
      hash: keccak256(unsigned),
      signature: { r: r as Hex, s: s as Hex, yParity },
    });
  } catch {
    return { error: "invalid sender" };
  }
  return {
    hash: keccak256(raw),
    from,
    chainId: Number(tx.chainId),
    nonce: Number(tx.nonce ?? 0),
    to: tx.to ?? null,
    value: tx.value ?? 0n,
    data: tx.data ?? "0x",
    gas: tx.gas ?? 0n,
    maxFeePerGas: tx.maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n,
    feeCurrency: tx.feeCurrency,
    accessList: (tx.accessList ?? []) as Cip64Transaction["accessList"],
    yParity,
    r: r as Hex,
    s: s as Hex,
  };
}
