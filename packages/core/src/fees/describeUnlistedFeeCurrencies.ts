// Fee currencies the FeeCurrencyDirectory lists that preflow's registry does not know, described from the chain
// (getFeeCurrencies' and a prepare's path for XAU₮0 or a currency governance adds later). Loaded only when needed.
// Whether each is an adapter (`getAdaptedToken()`, Celo's FeeCurrencyAdapter, or `adaptedToken()`, Circle's), and
// the spent token's symbol and decimals, read leniently: a token that answers `symbol()` in another shape (bytes32)
// or not at all is reported with `null`s, never an error for the whole list.
import { type Address, decodeAbiParameters, encodeFunctionData, type Hex } from "viem";
import { functionAbi, param } from "../abi/functionAbi.js";
import type { SdkBaseClient } from "../clients/types.js";
import { InvalidFeeCurrencyError } from "../errors/feeCurrency.js";
import { type ReadCall, type ReadResult, readBatch } from "../rpc/readBatch.js";
import type { TokenInfo } from "../tokens/registry.js";
import { decodeFeeCurrencyReads, type FeeCurrency, feeCurrencyDirectoryReads } from "./feeCurrencyReads.js";

const adapterAbi = [
  functionAbi("getAdaptedToken", "view", [], [param("address")]),
  functionAbi("adaptedToken", "view", [], [param("address")]),
] as const;
const erc20MetadataAbi = [
  functionAbi("symbol", "view", [], [param("string")]),
  functionAbi("decimals", "view", [], [param("uint8")]),
] as const;

/** The spent token of a fee currency, as the chain answers. @internal */
export interface FeeCurrencyToken {
  /** The token spent: `adaptedToken()` of an adapter, else the currency itself; `null` when unknown. */
  token: Address | null;
  /** The adapter (the currency) when it answered `adaptedToken()`, else `null`. */
  adapter: Address | null;
  /** The token's `symbol()` (at most 32 characters), `null` when it does not answer a string. */
  symbol: string | null;
  /** The token's `decimals()` (0..36), `null` when it does not answer one. */
  decimals: number | null;
}

const call = (target: Address, data: Hex): ReadCall => ({ target, callData: data });
const SYMBOL = encodeFunctionData({ abi: erc20MetadataAbi, functionName: "symbol" });
const DECIMALS = encodeFunctionData({ abi: erc20MetadataAbi, functionName: "decimals" });
const GET_ADAPTED_TOKEN = encodeFunctionData({ abi: adapterAbi, functionName: "getAdaptedToken" });
const ADAPTED_TOKEN = encodeFunctionData({ abi: adapterAbi, functionName: "adaptedToken" });

/** Decodes one output, `undefined` on failure, a revert or any other shape (never throws). */
function decodeOne<T>(read: ReadResult | undefined, type: string): T | undefined {
  if (!read?.success || !read.returnData || read.returnData === "0x") return undefined;
  try {
    const [value] = decodeAbiParameters([{ type }], read.returnData);
    return value as T;
  } catch {
    return undefined;
  }
}

function decodeSymbol(read: ReadResult | undefined): string | null {
  const symbol = decodeOne<string>(read, "string");
  // a symbol is a short label without control characters; anything else is not shown as one
  return symbol && symbol.length <= 32 && !/[\p{C}]/u.test(symbol) ? symbol : null;
}

function decodeDecimals(read: ReadResult | undefined): number | null {
  const decimals = decodeOne<number>(read, "uint8");
  return decimals !== undefined && decimals <= 36 ? Number(decimals) : null;
}

function decodeAdaptedToken(read: ReadResult | undefined): Address | null {
  const token = decodeOne<Address>(read, "address");
  return token !== undefined && BigInt(token) !== 0n ? token : null;
}

/**
 * The reads that describe `currencies` in the same Multicall3 as the caller's (per currency, in this order:
 * `getAdaptedToken()`, `adaptedToken()`, `symbol()`, `decimals()` of the currency itself). @internal
 */
export function feeCurrencyTokenReads(currencies: readonly Address[]): ReadCall[] {
  return currencies.flatMap((currency) => [
    call(currency, GET_ADAPTED_TOKEN),
    call(currency, ADAPTED_TOKEN),
    call(currency, SYMBOL),
    call(currency, DECIMALS),
  ]);
}

/** How many reads {@link feeCurrencyTokenReads} makes per currency. @internal */
export const FEE_CURRENCY_TOKEN_READS = 4;

/**
 * Completes the description of `currencies` from their first reads ({@link feeCurrencyTokenReads}, `results`
 * in the same order): a currency that is its own token is done; an adapter's token is read (`symbol()`,
 * `decimals()`) in one more request, only when there is an adapter.
 *
 * HTTP requests: 0 when no currency is an adapter, else 1.
 *
 * @internal
 */
export async function settleFeeCurrencyTokens(
  client: SdkBaseClient,
  currencies: readonly Address[],
  results: readonly (ReadResult | undefined)[],
  signal?: AbortSignal,
): Promise<FeeCurrencyToken[]> {
  const first = currencies.map((currency, index) => {
    const at = index * FEE_CURRENCY_TOKEN_READS;
    const adapted = decodeAdaptedToken(results[at]) ?? decodeAdaptedToken(results[at + 1]);
    return adapted
      ? { currency, adapted }
      : {
          currency,
          adapted: null,
          described: {
            token: currency,
            adapter: null,
            symbol: decodeSymbol(results[at + 2]),
            decimals: decodeDecimals(results[at + 3]),
          } satisfies FeeCurrencyToken,
        };
  });
  const adapters = first.filter((entry) => entry.adapted !== null);
  let second: readonly ReadResult[] = [];
  if (adapters.length > 0)
    ({ reads: second } = await readBatch(client, {
      reads: adapters.flatMap((entry) => [call(entry.adapted!, SYMBOL), call(entry.adapted!, DECIMALS)]),
      signal,
    }));
  return first.map((entry) => {
    if (entry.described) return entry.described;
    const at = adapters.indexOf(entry) * 2;
    return {
      token: entry.adapted,
      adapter: entry.currency,
      symbol: decodeSymbol(second[at]),
      decimals: decodeDecimals(second[at + 1]),
    };
  });
}

/**
 * Describes fee currencies preflow's registry does not list, from the chain: their config and rate, and the token
 * each spends ({@link settleFeeCurrencyTokens}). HTTP requests: 0 for none, else 1, plus 1 when one is an adapter.
 *
 * @internal
 */
export async function describeUnlistedFeeCurrencies(
  client: SdkBaseClient,
  currencies: readonly Address[],
  signal?: AbortSignal,
): Promise<FeeCurrency[]> {
  if (currencies.length === 0) return [];
  const { reads } = await readBatch(client, {
    reads: [...feeCurrencyDirectoryReads(currencies), ...feeCurrencyTokenReads(currencies)],
    signal,
  });
  const tokens = await settleFeeCurrencyTokens(
    client,
    currencies,
    reads.slice(2 * currencies.length),
    signal,
  );
  return currencies.map((feeCurrency, index) => ({
    feeCurrency,
    ...tokens[index]!,
    registry: false,
    ...decodeFeeCurrencyReads(reads[2 * index], reads[2 * index + 1]),
  }));
}

/**
 * The token a fee currency preflow's registry does not list spends, read from the chain (1 request, 2 when it is an
 * adapter), as a {@link TokenInfo} (its `symbol()`, else its address).
 *
 * @throws {InvalidFeeCurrencyError} the token answers no `decimals()` (preflow cannot count the fee in it).
 * @internal
 */
export async function unlistedFeeCurrencyToken(
  client: SdkBaseClient,
  feeCurrency: Address,
): Promise<TokenInfo> {
  const [described] = await describeUnlistedFeeCurrencies(client, [feeCurrency]);
  if (!described?.token || described.decimals === null)
    throw new InvalidFeeCurrencyError({
      feeCurrency,
      rule: "its token answers no decimals() (or the adapter no token): the fee cannot be counted in it",
    });
  return Object.freeze({
    symbol: described.symbol ?? described.token,
    name: described.symbol ?? described.token,
    address: described.token,
    decimals: described.decimals,
    aliases: Object.freeze([]),
    native: false,
  });
}
