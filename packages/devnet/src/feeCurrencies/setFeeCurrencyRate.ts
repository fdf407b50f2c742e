import { type Address, encodeFunctionData, isAddress } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { exchangeRateOracleStandInAbi } from "../contracts.generated.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_FEE_CURRENCIES, DEVNET_FEE_ORACLE_ADDRESS, FEE_RATE_DENOMINATOR } from "./addresses.js";

/** Parameters of {@link setFeeCurrencyRate}. */
export interface SetFeeCurrencyRateParameters {
  /** A devnet fee currency's symbol (`"USDm"`, `"USDC"`, …) or a `feeCurrency` address. */
  readonly currency: keyof typeof DEVNET_FEE_CURRENCIES | Address;
  /** Currency amount = CELO amount x numerator / denominator; (0, 0) makes the rate invalid. */
  readonly numerator: bigint;
  /** Default 10^24. */
  readonly denominator?: bigint;
}

/**
 * Sets a fee currency's rate in the devnet's oracle (what `FeeCurrencyDirectory.getExchangeRate` answers), as the
 * oracle's owner. A test decides what a CELO fee costs in the currency, or makes the rate invalid.
 *
 * @example
 * await setFeeCurrencyRate(devnet, { currency: "USDm", numerator: 5n * 10n ** 23n }); // 1 CELO = 0.5 USDm
 */
export async function setFeeCurrencyRate(
  devnet: { readonly rpcUrl: string },
  parameters: SetFeeCurrencyRateParameters,
): Promise<void> {
  const known = DEVNET_FEE_CURRENCIES[parameters.currency as keyof typeof DEVNET_FEE_CURRENCIES];
  const feeCurrency = known?.feeCurrency ?? parameters.currency;
  if (!isAddress(feeCurrency))
    throw new Error(
      `setFeeCurrencyRate: currency ${String(parameters.currency)} is neither a symbol nor an address`,
    );
  const data = encodeFunctionData({
    abi: exchangeRateOracleStandInAbi,
    functionName: "setExchangeRate",
    args: [feeCurrency, parameters.numerator, parameters.denominator ?? FEE_RATE_DENOMINATOR],
  });
  await sendImpersonated(
    devnet.rpcUrl,
    { to: DEVNET_FEE_ORACLE_ADDRESS, data, gas: 200_000n },
    "setting a fee-currency rate",
    DEVNET_ROLES.deployer.address,
  );
}
