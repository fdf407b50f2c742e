// simulatePreparedFlow's fee: in CELO (gas x base fee), or in a CIP-64 fee currency computed as Celo's node
// settles it. eth_simulateV1 does not charge fees (and a node front passes it through to a node that does not
// debit fee currencies), so the fee-currency debit is computed from the simulated gas, the directory's rate and
// intrinsic gas read in the same simulated block, and the base fee. @internal
import { type Address, encodeFunctionData } from "viem";
import { functionAbi, param } from "../../abi/functionAbi.js";
import { formatAmount } from "../../amounts/formatAmount.js";
import { InvalidFeeCurrencyError } from "../../errors/feeCurrency.js";
import {
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  feeCurrencyDirectoryAbi,
  resolveFeeCurrencyInput,
  tokenOfFeeCurrency,
} from "../../fees/feeCurrencies.js";
import { preDebitOf, toFeeCurrency, toTokenUnits } from "../../fees/feeRule.js";
import type { SerializedPreparedFlow } from "../../flow/types.js";
import type { SimCall } from "../../rpc/simulateV1.js";
import { TOKENS, type TokenInfo } from "../../tokens/registry.js";
import type { SimulationFee } from "./simulatePreparedFlowTypes.js";

/** How the simulation prices the fee. */
export type FeePricing =
  | { kind: "celo" }
  | {
      kind: "currency";
      feeCurrency: Address;
      /** The registry token it spends, when preflow knows it (otherwise read from the chain). */
      token: TokenInfo | undefined;
      /** The flow's signed caps (`flow.fee`), when the flow pays in this currency; else the node's tip quote. */
      caps: { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined;
    };

/**
 * The pricing of `flow`'s fee: the `feeCurrency` option when given (`"CELO"`, a symbol or an address; `"auto"` and
 * `{ auto: [...] }` are refused: they are decided when preparing), else the flow's own (`flow.fee`), else CELO. Before any request.
 */
export function resolvePricing(flow: SerializedPreparedFlow, option: unknown): FeePricing {
  const own = flow.fee;
  if (option === undefined) {
    if (!own) return { kind: "celo" };
    return {
      kind: "currency",
      feeCurrency: own.feeCurrency,
      token: tokenOfFeeCurrency(own.feeCurrency),
      caps: capsOf(own),
    };
  }
  const chosen = resolveFeeCurrencyInput(option);
  if (chosen.kind === "auto")
    throw new InvalidFeeCurrencyError({
      feeCurrency: option,
      rule: 'a simulation prices a flow in a named currency ("CELO", a token symbol or a fee-currency address); "auto" is chosen when preparing (prepare* with feeCurrency: "auto" or { auto: [...] })',
    });
  if (chosen.kind !== "currency") return { kind: "celo" };
  const same = own !== undefined && own.feeCurrency.toLowerCase() === chosen.feeCurrency.toLowerCase();
  return {
    kind: "currency",
    feeCurrency: chosen.feeCurrency,
    token: chosen.token ?? tokenOfFeeCurrency(chosen.feeCurrency),
    caps: same && own ? capsOf(own) : undefined,
  };
}

function capsOf(fee: NonNullable<SerializedPreparedFlow["fee"]>) {
  return {
    gas: BigInt(fee.gas),
    maxFeePerGas: BigInt(fee.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(fee.maxPriorityFeePerGas),
  };
}

const currencyAbi = [
  functionAbi("getAdaptedToken", "view", [], [param("address")]),
  functionAbi("digitDifference", "view", [], [param("uint96")]),
  functionAbi("decimals", "view", [], [param("uint8")]),
  functionAbi("adaptedToken", "view", [], [param("address")]),
  functionAbi("upscaleFactor", "view", [], [param("uint256")]),
  functionAbi("balanceOf", "view", [param("address")], [param("uint256")]),
] as const;

/** How many reads {@link feeReadCalls} puts in the simulated block. */
export function feeReadCount(pricing: FeePricing): number {
  return pricing.kind === "celo" ? 1 : 8;
}

/**
 * The reads the fee needs, run in the simulated block before the steps (no extra request): for a fee currency the
 * directory's `getCurrencyConfig` and `getExchangeRate` of the currency, and the currency's `getAdaptedToken()`,
 * `digitDifference()` (Celo's FeeCurrencyAdapter; they revert on a token that is its own fee currency),
 * `decimals()`, `adaptedToken()` and `upscaleFactor()` (Circle's FiatTokenFeeAdapterV1, USDC's adapter on Celo); last,
 * the paying balance (`balanceOf(account)` of CELO's token, of the fee currency's token, or of the fee currency
 * itself when preflow does not know its token), for the node's pre-debit rule.
 */
export function feeReadCalls(pricing: FeePricing, account: Address): Record<string, unknown>[] {
  const balance = {
    from: account,
    to: pricing.kind === "celo" ? TOKENS.CELO.address : (pricing.token?.address ?? pricing.feeCurrency),
    data: encodeFunctionData({ abi: currencyAbi, functionName: "balanceOf", args: [account] }),
  };
  if (pricing.kind === "celo") return [balance];
  const directory = (functionName: "getCurrencyConfig" | "getExchangeRate") => ({
    from: account,
    to: FEE_CURRENCY_DIRECTORY_ADDRESS,
    data: encodeFunctionData({ abi: feeCurrencyDirectoryAbi, functionName, args: [pricing.feeCurrency] }),
  });
  const own = (
    functionName: "getAdaptedToken" | "digitDifference" | "decimals" | "adaptedToken" | "upscaleFactor",
  ) => ({
    from: account,
    to: pricing.feeCurrency,
    data: encodeFunctionData({ abi: currencyAbi, functionName }),
  });
  return [
    directory("getCurrencyConfig"),
    directory("getExchangeRate"),
    own("getAdaptedToken"),
    own("digitDifference"),
    own("decimals"),
    own("adaptedToken"),
    own("upscaleFactor"),
    balance,
  ];
}

/** Whether the batch needs `eth_maxPriorityFeePerGas` (a currency the flow has no signed caps in). */
export function needsTipQuote(pricing: FeePricing): boolean {
  return pricing.kind === "currency" && pricing.caps === undefined;
}

/** The fee and what it debits from the account (a fee-currency fee only), or why the node would refuse. */
export interface PricedFee {
  fee: SimulationFee;
  /** The paying token's debit, counted in the account's balance change (fee currencies only). */
  debit: { token: Address; amount: bigint } | undefined;
}

const word = (call: SimCall | undefined, at = 0): bigint | undefined => {
  if (call?.status !== "success") return undefined;
  const hex = call.returnData.slice(2 + at * 64, 2 + (at + 1) * 64);
  return hex.length === 64 ? BigInt(`0x${hex}`) : undefined;
};

/**
 * The fee rule of one simulation ({@link feeModel}): what each step debits, what the node requires the paying
 * balance to hold before it runs, and the fee of the steps that ran.
 */
export interface SimulationFeeModel {
  /** The paying token (CELO: `0x471E…a438`; a fee currency's token, not its adapter). */
  token: Address;
  /** Its symbol, its address when preflow does not list it. */
  currency: string;
  decimals: number | null;
  /** The paying balance before the steps, in the token's base units; `undefined` when it could not be read. */
  balance: bigint | undefined;
  /** What a step that used `gasUsed` debits, in the token's base units. */
  debitOf(gasUsed: bigint): bigint;
  /**
   * What the paying balance must hold before a step runs, or the node refuses it (the pre-debit), in the token's
   * base units: with the flow's signed caps in this currency `gas x maxFeePerGas`; without them (the signer picks
   * them) the least any signer can set: the step's gas (with the currency's intrinsic gas) at the current base
   * fee. Paid in CELO, plus the CELO the step sends.
   */
  preDebitOf(gasUsed: bigint, value: bigint): bigint;
  /** The fee of the steps that ran (each step's `gasUsed`) and what it debits. */
  price(gasUsed: readonly bigint[]): PricedFee;
}

/**
 * The fee rule of a simulation priced as `pricing` says, from the fee reads run in the simulated block
 * ({@link feeReadCalls}; the rule itself is fees/feeRule.ts).
 *
 * In CELO: a step debits `gasUsed x baseFee` (the priority fee comes on top). In a fee currency, per step as
 * Celo's node (and the devnet's fee-currency node front) settles a CIP-64 transaction: gas = the step's gas + the
 * currency's intrinsic gas (`getCurrencyConfig`); base fee per gas = the CELO base fee at the rate
 * (`getExchangeRate`: `celo x numerator / denominator`, rounded down), capped by the signed `maxFeePerGas`; tip per
 * gas = the signed `maxPriorityFeePerGas` (or the node's `eth_maxPriorityFeePerGas` at the rate, for a flow priced
 * in another currency), capped by `maxFeePerGas` minus the base fee; tip and base fee each `gas x per-gas`,
 * rounded up to whole units of the token (an adapter's `digitDifference` or `upscaleFactor`); with signed caps, at most
 * `gas x maxFeePerGas` is debited and the refund is what is left. The token's debit is the sum, in its base units.
 *
 * @throws {InvalidFeeCurrencyError} the directory does not list the currency or its rate is invalid (the node
 *   refuses such a transaction).
 */
export function feeModel(input: {
  pricing: FeePricing;
  reads: readonly SimCall[];
  baseFee: bigint;
  /** The node's `eth_maxPriorityFeePerGas` (CELO wei), when asked for. */
  tipQuote: bigint | undefined;
}): SimulationFeeModel {
  const { pricing, reads, baseFee } = input;
  if (pricing.kind === "celo") {
    const debitOf = (gasUsed: bigint) => gasUsed * baseFee;
    return {
      token: TOKENS.CELO.address,
      currency: "CELO",
      decimals: 18,
      balance: word(reads[0]),
      debitOf,
      preDebitOf: (gasUsed, value) => preDebitOf({ gas: gasUsed, maxFeePerGas: baseFee, value }),
      price(gasUsed) {
        const gas = sum(gasUsed);
        const cost = debitOf(gas);
        return {
          fee: {
            currency: "CELO",
            token: TOKENS.CELO.address,
            decimals: 18,
            feeCurrency: null,
            gasUsed: gas.toString(),
            baseFeePerGas: baseFee.toString(),
            cost: cost.toString(),
            formatted: formatAmount(cost, 18),
          },
          debit: undefined,
        };
      },
    };
  }
  const [config, rate, adapted, digits, decimals, circleAdapted, upscaleFactor, balance] = reads;
  // getCurrencyConfig returns (address oracle, uint256 intrinsicGas) as one static tuple: two words
  const intrinsicGas = word(config, 1);
  const numerator = word(rate, 0);
  const denominator = word(rate, 1);
  if (!intrinsicGas || !numerator || !denominator)
    throw new InvalidFeeCurrencyError({
      feeCurrency: pricing.feeCurrency,
      rule: "not registered in the FeeCurrencyDirectory, or its rate is invalid (the node refuses a transaction paying in it)",
    });
  const toCurrency = (celo: bigint) => toFeeCurrency(celo, { numerator, denominator });
  // Celo's FeeCurrencyAdapter names them getAdaptedToken / digitDifference, Circle's adaptedToken / upscaleFactor
  const adaptedToken = word(adapted) ?? word(circleAdapted);
  const digitDifference = word(digits) ?? word(upscaleFactor);
  const isAdapter = adaptedToken !== undefined && adaptedToken !== 0n && (digitDifference ?? 0n) > 0n;
  const unit = isAdapter ? digitDifference! : 1n;
  const tokenAddress: Address =
    pricing.token?.address ??
    (isAdapter ? (`0x${adaptedToken!.toString(16).padStart(40, "0")}` as Address) : pricing.feeCurrency);
  const tokenDecimals = pricing.token?.decimals ?? decimalsOf(word(decimals), isAdapter ? unit : 1n) ?? null;
  // an unlisted adapter's balance was read from the adapter itself, in its 18-decimal units
  const read = word(balance);
  const held = read === undefined || pricing.token ? read : read / unit;

  const caps = pricing.caps;
  const maxFeePerGas = caps?.maxFeePerGas;
  const convertedBase = toCurrency(baseFee);
  const basePerGas = maxFeePerGas === undefined ? convertedBase : min(convertedBase, maxFeePerGas);
  const tipCap = caps ? caps.maxPriorityFeePerGas : toCurrency(input.tipQuote ?? 0n);
  const tipPerGas = maxFeePerGas === undefined ? tipCap : min(tipCap, maxFeePerGas - basePerGas);
  // with signed caps, the most a step can debit (18-decimal units)
  const maxDebit = caps ? caps.gas * caps.maxFeePerGas : undefined;
  const debitOf = (used: bigint) => {
    const stepGas = used + intrinsicGas;
    let tip = roundUp(stepGas * tipPerGas, unit);
    let base = roundUp(stepGas * basePerGas, unit);
    if (maxDebit === undefined) return (tip + base) / unit;
    tip = min(tip, maxDebit);
    base = min(base, maxDebit - tip);
    // The currency debits the whole maximum in its units, then refunds what is left (rounded down).
    return maxDebit / unit - (maxDebit - tip - base) / unit;
  };
  const currency = pricing.token?.symbol ?? tokenAddress;
  return {
    token: tokenAddress,
    currency,
    decimals: tokenDecimals,
    balance: held,
    debitOf,
    preDebitOf: (used) =>
      caps
        ? preDebitOf({ gas: caps.gas, maxFeePerGas: caps.maxFeePerGas, unit })
        : preDebitOf({ gas: used + intrinsicGas, maxFeePerGas: basePerGas, unit }),
    price(gasUsed) {
      const paid = sum(gasUsed.map(debitOf));
      const charged = sum(gasUsed) + BigInt(gasUsed.length) * intrinsicGas;
      return {
        fee: {
          currency,
          token: tokenAddress,
          decimals: tokenDecimals,
          feeCurrency: pricing.feeCurrency,
          gasUsed: charged.toString(),
          baseFeePerGas: baseFee.toString(),
          cost: paid.toString(),
          formatted: tokenDecimals === null ? paid.toString() : formatAmount(paid, tokenDecimals),
          currencyFee: {
            intrinsicGas: intrinsicGas.toString(),
            rate: { numerator: numerator.toString(), denominator: denominator.toString() },
            baseFeePerGas: basePerGas.toString(),
            tipPerGas: tipPerGas.toString(),
          },
        },
        debit: { token: tokenAddress, amount: paid },
      };
    },
  };
}

/** Prices the gas of the steps that ran (`gasUsed`, each a transaction of its own): {@link feeModel}'s `price`. */
export function priceFee(input: {
  pricing: FeePricing;
  reads: readonly SimCall[];
  gasUsed: readonly bigint[];
  baseFee: bigint;
  tipQuote: bigint | undefined;
}): PricedFee {
  return feeModel(input).price(input.gasUsed);
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** The token's decimals from the currency's own `decimals()` and its unit (10^(18 - token decimals) for an adapter). */
function decimalsOf(currencyDecimals: bigint | undefined, unit: bigint): number | undefined {
  if (currencyDecimals === undefined || currencyDecimals > 77n) return undefined;
  let digits = 0;
  for (let rest = unit; rest > 1n; rest /= 10n) digits += 1;
  const decimals = Number(currencyDecimals) - digits;
  return decimals >= 0 ? decimals : undefined;
}

function roundUp(amount: bigint, unit: bigint): bigint {
  return toTokenUnits(amount, unit) * unit;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
