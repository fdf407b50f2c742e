// What the FeeCurrencyDirectory says of its currencies and what each one's token says of itself: the lens's one
// `eth_call` (FeeCurrencyLens.sol: the directory's list, each currency's adapted token, config, rate, the token's
// symbol, decimals and an account's balance, all in one request) and its decoding. Shared by getFeeCurrencies and
// the fee planner, whose plan carries the same call in the flow's one request.
import { type Address, concat, decodeAbiParameters, encodeAbiParameters, type Hex, zeroAddress } from "viem";
import type { RpcError } from "../errors/rpc.js";
import type { RpcCall } from "../rpc/createRpc.js";
import { decodeOutputs, wrongReadError } from "../rpc/decodeFunctionResultStrict.js";
import { FEE_CURRENCY_DIRECTORY_ADDRESS, tokenOfFeeCurrency } from "./feeCurrencies.js";
import { feeCurrencyLensAbi, feeCurrencyLensBytecode } from "./feeCurrencyLens.generated.js";
/**
 * A fee currency registered in Celo's FeeCurrencyDirectory.
 *
 * @example
 * ```ts
 * import type { FeeCurrency } from "@preflow/core";
 * const usdc: FeeCurrency | undefined = (await client.network.getFeeCurrencies()).find((c) => c.symbol === "USDC");
 * ```
 */
export interface FeeCurrency {
  /** The address to put in a transaction's `feeCurrency` (the adapter for USDC and USD₮). */
  feeCurrency: Address;
  /**
   * The symbol of the token it spends: the registry's, or (`registry: false`) the token's own `symbol()` as the
   * chain answers it; `null` when the token answers none.
   */
  symbol: string | null;
  /**
   * `true` when preflow's registry lists the currency; `false`: a currency the directory lists that preflow does
   * not know (XAU₮0, one added by governance later), its token, symbol and decimals read from the chain. Either
   * can be named by its `feeCurrency` address.
   */
  registry: boolean;
  /** The token spent (`null` when unknown). */
  token: Address | null;
  /** The adapter, when the fee currency is one (`feeCurrency !== token`); otherwise `null`. */
  adapter: Address | null;
  /** The token's decimals (`null` when unknown); the fee currency's own amounts have 18 decimals. */
  decimals: number | null;
  /**
   * Currency amount (18 decimals) = CELO amount x numerator / denominator (`getExchangeRate`); `null` when the
   * rate is invalid (zero or the read reverts: the node refuses the currency meanwhile) or not read (unknown).
   */
  rate: { numerator: bigint; denominator: bigint } | null;
  /** Gas the node adds to a transaction paying in this currency (`getCurrencyConfig`); `null` when not read. */
  intrinsicGas: bigint | null;
}

/** A fee currency as the lens read it, with the balance of its token held by the account asked about. @internal */
export interface FeeCurrencyState extends FeeCurrency {
  /** The account's balance of `token` in its own units; `null` when not asked or the token answered none. */
  balance: bigint | null;
}

/** Gas for the lens's `eth_call` (each of its reads is bounded to 100,000 gas inside). */
const LENS_GAS = "0x2faf080"; // 50,000,000

/**
 * The lens's `eth_call`: `currencies` (every currency the directory lists when omitted or empty), each with the
 * balance of its token held by `account` (none read without one). One HTTP request, alone or in a batch. @internal
 */
export function feeCurrencyLensCall(
  parameters: { currencies?: readonly Address[] | undefined; account?: Address | undefined } = {},
): RpcCall {
  const data = concat([
    feeCurrencyLensBytecode,
    encodeAbiParameters(
      [{ type: "address" }, { type: "address[]" }, { type: "address" }],
      [FEE_CURRENCY_DIRECTORY_ADDRESS, [...(parameters.currencies ?? [])], parameters.account ?? zeroAddress],
    ),
  ]);
  return { method: "eth_call", params: [{ data, gas: LENS_GAS }, "latest"] };
}

interface LensRead {
  success: boolean;
  returnData: Hex;
}

/** A raw read's outputs, `undefined` on failure or any other shape (never throws). */
function decodeRead<T extends readonly unknown[]>(
  read: LensRead | undefined,
  types: readonly string[],
): T | undefined {
  if (!read?.success) return undefined;
  const params = types.map((type) => ({ type }));
  try {
    const values = decodeAbiParameters(params, read.returnData);
    // the canonical encoding only: no trailing bytes, no dirty padding, no other length
    return encodeAbiParameters(params, values as never).toLowerCase() === read.returnData.toLowerCase()
      ? (values as unknown as T)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A symbol is a short label without control characters; anything else is not shown as one. */
function decodeSymbol(read: LensRead | undefined): string | null {
  const [symbol] = decodeRead<[string]>(read, ["string"]) ?? [];
  return symbol && symbol.length <= 32 && !/[\p{C}]/u.test(symbol) ? symbol : null;
}

function decodeDecimals(read: LensRead | undefined): number | null {
  const [decimals] = decodeRead<[number]>(read, ["uint8"]) ?? [];
  return decimals !== undefined && decimals <= 36 ? Number(decimals) : null;
}

/**
 * Decodes the lens's answer into one {@link FeeCurrencyState} per currency, in the order asked (the directory's
 * when none were named). A currency the registry lists keeps the registry's symbol, token and decimals.
 *
 * @throws {RpcError} the answer is not the lens's shape (not Celo's FeeCurrencyDirectory, or a node's garbage).
 * @internal
 */
export function decodeFeeCurrencyLens(answer: unknown, rpcUrl: string): FeeCurrencyState[] {
  const item = feeCurrencyLensAbi.find((entry) => entry.name === "currencies");
  const decoded = decodeOutputs(item?.outputs ?? [], answer);
  const fail = (reason: string): RpcError =>
    wrongReadError({
      rpcUrl,
      target: `FeeCurrencyDirectory ${FEE_CURRENCY_DIRECTORY_ADDRESS} (fee currency lens)`,
      functionName: "getCurrencies",
      reason,
    });
  if (!decoded.ok) throw fail(`the lens returned ${decoded.reason}`);
  const entries = decoded.values[0] as readonly {
    feeCurrency: Address;
    token: Address;
    reads: readonly LensRead[];
  }[];
  return entries.map(({ feeCurrency, token: spent, reads }) => {
    if (reads.length !== 5) throw fail(`${reads.length} reads for ${feeCurrency}, not 5`);
    const [config, rate, symbol, decimals, balance] = reads;
    const [, intrinsicGas] = decodeRead<[Address, bigint]>(config, ["address", "uint256"]) ?? [];
    const [numerator, denominator] = decodeRead<[bigint, bigint]>(rate, ["uint256", "uint256"]) ?? [];
    const [held] = decodeRead<[bigint]>(balance, ["uint256"]) ?? [];
    const listed = tokenOfFeeCurrency(feeCurrency);
    const token = listed?.address ?? spent;
    return {
      feeCurrency,
      symbol: listed?.symbol ?? decodeSymbol(symbol),
      registry: listed !== undefined,
      token,
      adapter: token.toLowerCase() !== feeCurrency.toLowerCase() ? feeCurrency : null,
      decimals: listed?.decimals ?? decodeDecimals(decimals),
      rate:
        numerator !== undefined && denominator !== undefined && numerator > 0n && denominator > 0n
          ? { numerator, denominator }
          : null,
      intrinsicGas: intrinsicGas !== undefined && intrinsicGas > 0n ? intrinsicGas : null,
      balance: held ?? null,
    };
  });
}
