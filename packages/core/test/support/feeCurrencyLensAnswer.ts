// The answer a node gives to the fee-currency lens's `eth_call` (FeeCurrencyLens.sol), encoded from plain values,
// for tests of the planner and of the lens's decoder that run without a chain.
import { type Address, encodeAbiParameters, type Hex } from "viem";
import { feeCurrencyLensAbi } from "../../src/fees/feeCurrencyLens.generated.js";

/** One currency as the lens reads it; `null` (or absent) for a read that failed. */
export interface LensEntry {
  feeCurrency: Address;
  token: Address;
  intrinsicGas?: bigint | null;
  rate?: readonly [bigint, bigint] | null;
  symbol?: string | null;
  decimals?: number | null;
  balance?: bigint | null;
}

const failed = { success: false, returnData: "0x" as Hex };
const raw = <T>(value: T | null | undefined, encode: (value: T) => Hex) =>
  value === null || value === undefined ? failed : { success: true, returnData: encode(value) };

/** The lens's return data for `entries`, in order. */
export function feeCurrencyLensAnswer(entries: readonly LensEntry[]): Hex {
  const outputs = feeCurrencyLensAbi.find((item) => item.name === "currencies")!.outputs;
  return encodeAbiParameters(outputs, [
    entries.map((entry) => ({
      feeCurrency: entry.feeCurrency,
      token: entry.token,
      reads: [
        raw(entry.intrinsicGas, (gas) =>
          encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [entry.feeCurrency, gas]),
        ),
        raw(entry.rate, ([n, d]) => encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [n, d])),
        raw(entry.symbol, (symbol) => encodeAbiParameters([{ type: "string" }], [symbol])),
        raw(entry.decimals, (decimals) => encodeAbiParameters([{ type: "uint8" }], [decimals])),
        raw(entry.balance, (balance) => encodeAbiParameters([{ type: "uint256" }], [balance])),
      ],
    })),
  ]);
}
