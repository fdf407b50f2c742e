// The executor's CIP-64 signing: a step with `feeCurrency` is signed as a type-0x7b transaction with the flow's
// gas and fee caps (in the fee currency), serialized by viem's Celo serializer (loaded only when a flow pays gas
// in a fee currency, so bundles that never do stay as they were).
import { type Address, getAddress, type Hex, isAddress, type LocalAccount } from "viem";
import { CHAIN_ID } from "../chain.js";
import type { TransactionRequestOfStep } from "../flow/toTransactionRequest.js";
import { readQuantity } from "../rpc/quantity.js";
import { tokenOfFeeCurrency } from "./feeCurrencies.js";

/** Signs `request` (with `feeCurrency`, `gas`, `maxFeePerGas`, `maxPriorityFeePerGas`) as CIP-64. @internal */
export async function signCip64Step(
  account: LocalAccount,
  request: TransactionRequestOfStep,
  nonce: number,
): Promise<Hex> {
  const { feeCurrency, gas, maxFeePerGas, maxPriorityFeePerGas } = request;
  if (!feeCurrency || gas === undefined || maxFeePerGas === undefined || maxPriorityFeePerGas === undefined)
    throw new Error("a step paying gas in a fee currency needs the flow's fee (gas and fee caps)");
  const { serializeTransaction } = await import("viem/celo");
  return account.signTransaction(
    {
      type: "cip64",
      chainId: CHAIN_ID,
      nonce,
      to: request.to,
      data: request.data,
      value: request.value,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      feeCurrency,
    } as never,
    { serializer: serializeTransaction as never },
  );
}

/**
 * What a CIP-64 transaction paid, in the paying token's base units, from its receipt: the base fee
 * (`gasUsed x baseFee`) and the tip (`gasUsed x (effectiveGasPrice - baseFee)`), each rounded up to whole units of
 * a 6-decimal token as the node credits an adapter. `undefined` when the receipt lacks the fields. @internal
 */
export function feePaidOfReceipt(
  receipt: Record<string, unknown>,
  tokenDecimals: number,
): bigint | undefined {
  const gasUsed = readQuantity(receipt.gasUsed);
  const price = readQuantity(receipt.effectiveGasPrice);
  if (gasUsed === undefined || price === undefined) return undefined;
  const baseFee = readQuantity(receipt.baseFee) ?? price;
  const unit = 10n ** BigInt(Math.max(0, 18 - tokenDecimals));
  const up = (amount: bigint) => (amount + unit - 1n) / unit;
  const basePerGas = price - (price > baseFee ? price - baseFee : 0n); // the base fee, at most the price
  const base = gasUsed * basePerGas;
  return up(base) + up(gasUsed * price - base);
}

/**
 * What a CIP-64 (type 0x7b) receipt says its transaction paid for gas, in the paying token's base units, with the
 * fee currency; `undefined` for other receipts. Takes the receipt as the node returns it
 * (`eth_getTransactionReceipt`'s JSON, not viem's formatted one). What `executePreparedFlow` reports as a step's
 * `feePaid`, for a step whose receipt is read later.
 *
 * @example
 * ```ts
 * import { cip64FeePaid } from "@preflow/core";
 *
 * const raw = await client.request({ method: "eth_getTransactionReceipt", params: [hash] });
 * const fee = cip64FeePaid(raw); // { feeCurrency: "0x…", amount: "1234" } or undefined
 * ```
 */
export function cip64FeePaid(raw: unknown): { feeCurrency: Address; amount: string } | undefined {
  const receipt = raw as Record<string, unknown> | null;
  if (receipt?.type !== "0x7b" || typeof receipt.feeCurrency !== "string") return undefined;
  if (!isAddress(receipt.feeCurrency, { strict: false })) return undefined;
  const feeCurrency = getAddress(receipt.feeCurrency);
  const amount = feePaidOfReceipt(receipt, tokenOfFeeCurrency(feeCurrency)?.decimals ?? 18);
  return amount === undefined ? undefined : { feeCurrency, amount: amount.toString() };
}
