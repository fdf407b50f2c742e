import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { feeCurrencyDirectoryStandInAbi } from "../contracts.generated.js";
import { RpcError, refuse, type Upstream } from "./upstream.js";

/** What the node knows of a registered fee currency for the block being built. */
export interface FeeCurrencyInfo {
  readonly address: Address;
  /** Added to the transaction's intrinsic gas (Celo caps it at 2^64 - 1). */
  readonly intrinsicGas: bigint;
  /** Currency amount = CELO amount x numerator / denominator. */
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const MAX_INTRINSIC_GAS = 2n ** 64n - 1n;

async function read<T>(
  upstream: Upstream,
  directory: Address,
  functionName: "getCurrencies" | "getCurrencyConfig" | "getExchangeRate",
  args: readonly unknown[],
  block: string,
): Promise<T> {
  const data = encodeFunctionData({
    abi: feeCurrencyDirectoryStandInAbi,
    functionName,
    args,
  } as Parameters<typeof encodeFunctionData>[0]);
  const result = await upstream<Hex>("eth_call", [{ to: directory, data }, block]);
  return decodeFunctionResult({
    abi: feeCurrencyDirectoryStandInAbi,
    functionName,
    data: result,
  } as Parameters<typeof decodeFunctionResult>[0]) as T;
}

/**
 * Reads `currency`'s registration from the FeeCurrencyDirectory at `directory` as Celo's node does before a block:
 * listed by `getCurrencies()`, an intrinsic gas from `getCurrencyConfig` and a non-zero rate from
 * `getExchangeRate`. A currency that is not listed, or whose config or rate read reverts or is zero, is refused
 * with "unregistered fee-currency address" (op-geth treats it as unregistered for that block).
 *
 * @example
 * const usdm = await readFeeCurrency(upstream, FEE_CURRENCY_DIRECTORY_ADDRESS, USDm);
 */
export async function readFeeCurrency(
  upstream: Upstream,
  directory: Address,
  currency: Address,
  block = "latest",
): Promise<FeeCurrencyInfo> {
  const unregistered = (): never => refuse(`unregistered fee-currency address: ${currency}`);
  let listed: readonly Address[];
  try {
    listed = await read<readonly Address[]>(upstream, directory, "getCurrencies", [], block);
  } catch (error) {
    if (error instanceof RpcError) return unregistered();
    throw error;
  }
  if (!listed.some((a) => a.toLowerCase() === currency.toLowerCase())) return unregistered();
  try {
    const [config, rate] = await Promise.all([
      read<{ oracle: Address; intrinsicGas: bigint }>(
        upstream,
        directory,
        "getCurrencyConfig",
        [currency],
        block,
      ),
      read<readonly [bigint, bigint]>(upstream, directory, "getExchangeRate", [currency], block),
    ]);
    if (config.intrinsicGas === 0n || config.intrinsicGas > MAX_INTRINSIC_GAS) return unregistered();
    if (rate[0] === 0n || rate[1] === 0n) return unregistered();
    return { address: currency, intrinsicGas: config.intrinsicGas, numerator: rate[0], denominator: rate[1] };
  } catch (error) {
    if (error instanceof RpcError) return unregistered();
    throw error;
  }
}

/** A CELO amount in the currency at its rate (op-geth's `ConvertCeloToCurrency`, rounded down). */
export function celoToCurrency(amount: bigint, currency: FeeCurrencyInfo): bigint {
  return (amount * currency.numerator) / currency.denominator;
}

const adapterAbi = [
  {
    type: "function",
    name: "getAdaptedToken",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "address" }],
  },
  {
    type: "function",
    name: "adaptedToken",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "address" }],
  },
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

/**
 * One unit of the token a fee currency moves, in the currency's 18-decimal amounts: 10^(18 - decimals) for an
 * adapter (`getAdaptedToken()`, or `adaptedToken()` on older ones), 1 for a token that is its own fee currency.
 *
 * @example
 * await adaptedUnit(upstream, USDC_ADAPTER); // 10n ** 12n
 */
export async function adaptedUnit(upstream: Upstream, currency: Address): Promise<bigint> {
  for (const functionName of ["getAdaptedToken", "adaptedToken"] as const) {
    try {
      const result = await upstream<Hex>("eth_call", [
        { to: currency, data: encodeFunctionData({ abi: adapterAbi, functionName }) },
        "latest",
      ]);
      if (result.length !== 66) continue;
      const token = decodeFunctionResult({ abi: adapterAbi, functionName, data: result });
      const decimals = decodeFunctionResult({
        abi: adapterAbi,
        functionName: "decimals",
        data: await upstream<Hex>("eth_call", [
          { to: token, data: encodeFunctionData({ abi: adapterAbi, functionName: "decimals" }) },
          "latest",
        ]),
      });
      return decimals < 18 ? 10n ** BigInt(18 - decimals) : 1n;
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
    }
  }
  return 1n;
}
