// What preflow knows about Celo's fee currencies without a request: the directory's address and ABI, and which
// registry token pays through which `feeCurrency` (the token itself for Mento stables, an adapter for 6-decimal
// tokens). The chain's FeeCurrencyDirectory decides what is registered (getFeeCurrencies reads it).
import { type Address, getAddress, isAddress } from "viem";
import { functionAbi, param, tuple } from "../abi/functionAbi.js";
import { InvalidFeeCurrencyError } from "../errors/feeCurrency.js";
import { TOKENS, type TokenInfo } from "../tokens/registry.js";

/** Celo's FeeCurrencyDirectory (chain 42220): the allowlist of fee currencies. */
export const FEE_CURRENCY_DIRECTORY_ADDRESS: Address = "0x15F344b9E6c3Cb6F0376A36A64928b13F62C6276";

/**
 * The `feeCurrency` of each registry token that can pay gas: Mento stables are their own fee currency; USDC, USD₮
 * and USA₮ (CGP-0240) pay through an adapter (using the token's own address makes the transaction fail). The chain's
 * FeeCurrencyDirectory may list more (XAU₮0, ...): {@link getFeeCurrencies} and `"auto"` read those from the chain (in
 * their one request), and any listed currency can be named by address.
 *
 * @example
 * ```ts
 * import { FEE_CURRENCY_OF_TOKEN } from "@preflow/core";
 * FEE_CURRENCY_OF_TOKEN.USDC; // "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B" (the adapter)
 * ```
 */
export const FEE_CURRENCY_OF_TOKEN = Object.freeze({
  USDm: TOKENS.USDm.address,
  EURm: TOKENS.EURm.address,
  BRLm: TOKENS.BRLm.address,
  XOFm: TOKENS.XOFm.address,
  KESm: TOKENS.KESm.address,
  USDC: "0x2F25deB3848C207fc8E0c34035B3Ba7fC157602B",
  USDT: "0x0E2A3e05bc9A16F5292A6170456A710cb89C6f72",
  USAT: "0x0357EE22278c922e1D36cFe6b899269b161880C4",
} as const satisfies Partial<Record<keyof typeof TOKENS, Address>>);

/** The FeeCurrencyDirectory's read functions (its published ABI, `@celo/abis`). @internal */
export const feeCurrencyDirectoryAbi = [
  functionAbi("getCurrencies", "view", [], [param("address[]")]),
  functionAbi(
    "getCurrencyConfig",
    "view",
    [param("address", "token")],
    [tuple("tuple", "", [param("address", "oracle"), param("uint256", "intrinsicGas")])],
  ),
  functionAbi(
    "getExchangeRate",
    "view",
    [param("address", "token")],
    [param("uint256", "numerator"), param("uint256", "denominator")],
  ),
] as const;

/**
 * A currency `"auto"` may choose: `"CELO"`, the symbol of a registry token that pays gas, or the address of a fee
 * currency the FeeCurrencyDirectory lists (one preflow does not know included, such as XAU₮0's adapter).
 *
 * @example
 * ```ts
 * import type { FeeCurrencyCandidate } from "@preflow/core";
 * const stables: FeeCurrencyCandidate[] = ["USDT", "USDC", "USDm"];
 * const withGold: FeeCurrencyCandidate[] = ["USDC", "0x857BF24e29da0773687E804a743c2E421a394C16"];
 * ```
 */
export type FeeCurrencyCandidate = "CELO" | keyof typeof FEE_CURRENCY_OF_TOKEN | Address;

/**
 * `"auto"` among the listed currencies only: `{ auto: ["USDT", "USDC", "USDm"] }` never picks CELO (a MiniPay
 * wallet's rule), `{ auto: ["CELO", "USDm"] }` picks CELO when it can pay, else USDm. The list is non-empty, holds
 * each currency once (a symbol, an alias: `"cUSD"` is USDm, or a fee-currency address: a registry currency's address
 * becomes its symbol, any other is read from the chain in the prepare's one request) and has no other key; the
 * planner picks as `"auto"` does (CELO first when listed and it can pay, else the listed currency the account holds
 * most of, counted in CELO at the rate, that can pay).
 *
 * @example
 * ```ts
 * import type { AutoFeeCurrency } from "@preflow/core";
 * const minipay: AutoFeeCurrency = { auto: ["USDT", "USDC", "USDm"] };
 * ```
 */
export interface AutoFeeCurrency {
  /** The currencies `"auto"` may choose from, each once. */
  auto: readonly FeeCurrencyCandidate[];
}

/**
 * A fee-currency choice: `"CELO"` (the default), `"auto"`, `"auto"` among some currencies only
 * ({@link AutoFeeCurrency}), a token symbol or a fee-currency address.
 */
export type FeeCurrencyInput =
  | "CELO"
  | "auto"
  | keyof typeof FEE_CURRENCY_OF_TOKEN
  | (string & {})
  | AutoFeeCurrency;

/**
 * A resolved fee-currency choice ({@link resolveFeeCurrencyInput}): CELO, `"auto"` (`among`: the currencies it may
 * choose, canonical symbols; absent: CELO and every fee currency), or the address to put in a transaction's
 * `feeCurrency` with the registry token it spends (`undefined` for a currency preflow does not list).
 *
 * @example
 * ```ts
 * import { type ResolvedFeeCurrencyInput, resolveFeeCurrencyInput } from "@preflow/core";
 * const choice: ResolvedFeeCurrencyInput = resolveFeeCurrencyInput("USDC"); // { kind: "currency", feeCurrency: "0x2F25…", token }
 * ```
 */
export type ResolvedFeeCurrencyInput =
  | { kind: "celo" }
  | { kind: "auto"; among?: readonly FeeCurrencyCandidate[] }
  | { kind: "currency"; feeCurrency: Address; token: TokenInfo | undefined };

/** The registry token a fee-currency address pays with (undefined when preflow does not know it). @internal */
export function tokenOfFeeCurrency(feeCurrency: Address): TokenInfo | undefined {
  const lower = feeCurrency.toLowerCase();
  for (const [symbol, address] of Object.entries(FEE_CURRENCY_OF_TOKEN))
    if (address.toLowerCase() === lower) return TOKENS[symbol as keyof typeof TOKENS];
  return undefined;
}

/**
 * Resolves a `feeCurrency` option before any request: `"CELO"`, `"auto"`, `{ auto: [...] }` ({@link AutoFeeCurrency}),
 * a symbol of a token that pays gas, or an address (a known token's address that pays through an adapter is
 * refused: the adapter is the fee currency).
 *
 * No request: whether the FeeCurrencyDirectory lists an address is known only on chain (`getFeeCurrencies`).
 *
 * @throws {InvalidFeeCurrencyError} the zero address, CELO's token address, a token with no fee currency, a token
 *   address whose fee currency is an adapter, an `{ auto }` list that is empty, repeats a currency, names one that
 *   pays no gas or has another key, or a value of another shape; `field` names the input in the message.
 *
 * @example
 * ```ts
 * import { resolveFeeCurrencyInput } from "@preflow/core";
 * resolveFeeCurrencyInput("cUSD"); // { kind: "currency", feeCurrency: "0x765D…282a" (USDm), token: TOKENS.USDm }
 * resolveFeeCurrencyInput("WETH"); // throws InvalidFeeCurrencyError: WETH has no fee currency
 * resolveFeeCurrencyInput({ auto: ["USDT", "cUSD"] }); // { kind: "auto", among: ["USDT", "USDm"] }
 * ```
 */
export function resolveFeeCurrencyInput(value: unknown, field = "feeCurrency"): ResolvedFeeCurrencyInput {
  if (value === undefined || value === "CELO") return { kind: "celo" };
  if (value === "auto") return { kind: "auto" };
  const fail = (rule: string): never => {
    throw new InvalidFeeCurrencyError({ feeCurrency: value, rule, field });
  };
  if (typeof value === "object" && value !== null && !Array.isArray(value))
    return { kind: "auto", among: resolveAutoCandidates(value, field) };
  if (typeof value !== "string")
    return fail('expected "CELO", "auto", { auto: [currencies] }, a token symbol or a fee-currency address');
  if (value.startsWith("0x")) {
    if (!isAddress(value, { strict: false })) return fail("not an address (20 bytes, 0x-prefixed hex)");
    if (BigInt(value) === 0n)
      return fail('the zero address is not a fee currency; omit it or say "CELO" to pay in CELO');
    const lower = value.toLowerCase();
    if (lower === TOKENS.CELO.address.toLowerCase())
      return fail('CELO is paid without a fee currency: say "CELO"');
    const byToken = Object.values(TOKENS).find((t) => t.address.toLowerCase() === lower);
    if (byToken) {
      const feeCurrency = FEE_CURRENCY_OF_TOKEN[byToken.symbol as keyof typeof FEE_CURRENCY_OF_TOKEN];
      if (!feeCurrency) return fail(`${byToken.symbol} has no fee currency`);
      if (feeCurrency.toLowerCase() !== lower)
        return fail(`${byToken.symbol} pays gas through its adapter ${feeCurrency}, not the token's address`);
    }
    return { kind: "currency", feeCurrency: value as Address, token: tokenOfFeeCurrency(value as Address) };
  }
  const symbol = Object.values(TOKENS).find((t) => t.symbol === value || t.aliases.includes(value))?.symbol;
  if (!symbol)
    return fail(
      `not "CELO", "auto", an address or a token symbol (fee currencies: ${Object.keys(FEE_CURRENCY_OF_TOKEN).join(", ")})`,
    );
  const feeCurrency = FEE_CURRENCY_OF_TOKEN[symbol as keyof typeof FEE_CURRENCY_OF_TOKEN];
  if (!feeCurrency)
    return fail(
      `${symbol} has no fee currency (fee currencies: ${Object.keys(FEE_CURRENCY_OF_TOKEN).join(", ")})`,
    );
  return { kind: "currency", feeCurrency, token: TOKENS[symbol as keyof typeof TOKENS] };
}

/** Every currency `"auto"` may choose by symbol (CELO and each fee currency), for messages. */
const CANDIDATES = ["CELO", ...Object.keys(FEE_CURRENCY_OF_TOKEN)] as readonly FeeCurrencyCandidate[];
/** The longest `{ auto: [...] }` list (the directory lists 20 currencies on mainnet). */
const MAX_CANDIDATES = 32;

/** The `{ auto: [...] }` form's list, canonical symbols in the caller's order; strict keys, before any I/O. */
function resolveAutoCandidates(value: object, field: string): readonly FeeCurrencyCandidate[] {
  const fail = (rule: string, at = `${field}.auto`, shown: unknown = value): never => {
    throw new InvalidFeeCurrencyError({ feeCurrency: shown, rule, field: at });
  };
  const keys = Object.keys(value);
  const unknown = keys.find((key) => key !== "auto");
  if (unknown !== undefined)
    fail(`unknown key ${JSON.stringify(unknown.slice(0, 40))}: the only key is "auto"`, field);
  const list = (value as { auto?: unknown }).auto;
  if (!Array.isArray(list))
    return fail(
      `expected a list of the currencies "auto" may choose (of ${CANDIDATES.join(", ")} or fee-currency addresses)`,
      undefined,
      list,
    );
  if (list.length === 0) return fail("the list is empty: name at least one currency", undefined, list);
  if (list.length > MAX_CANDIDATES)
    return fail(`at most ${MAX_CANDIDATES} currencies, each once`, undefined, list);
  const among: FeeCurrencyCandidate[] = [];
  for (const [index, item] of list.entries()) {
    const at = `${field}.auto[${index}]`;
    if (typeof item !== "string")
      fail(`expected a currency symbol (${CANDIDATES.join(", ")}) or a fee-currency address`, at, item);
    let candidate: FeeCurrencyCandidate | undefined;
    if (item.startsWith("0x")) {
      // an address is checked as a feeCurrency of its own is (the zero address, CELO's, a token behind an adapter)
      const resolved = resolveFeeCurrencyInput(item, at);
      if (resolved.kind !== "currency") return fail("not a fee-currency address", at, item);
      candidate = resolved.token
        ? (resolved.token.symbol as FeeCurrencyCandidate)
        : (getAddress(resolved.feeCurrency) as FeeCurrencyCandidate);
    } else {
      candidate =
        item === "CELO"
          ? "CELO"
          : (Object.values(TOKENS).find((t) => t.symbol === item || t.aliases.includes(item))
              ?.symbol as FeeCurrencyCandidate);
      if (candidate === undefined || !CANDIDATES.includes(candidate))
        fail(`not a currency that pays gas (${CANDIDATES.join(", ")}, or a fee-currency address)`, at, item);
    }
    if (among.includes(candidate!)) fail(`${candidate} is listed twice: name each currency once`, at, item);
    among.push(candidate!);
  }
  return among;
}
