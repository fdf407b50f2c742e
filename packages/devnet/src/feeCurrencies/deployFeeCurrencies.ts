// Build-time deployment of the devnet's fee currencies (scripts/build-state): the Mento stables (mentoStableTokens.ts),
// the FeeCurrencyDirectory stand-in at
// Celo's address, the rate oracle stand-in, Celo's own FeeCurrencyAdapter (bytecode from @celo/celo-devchain 7.0.0,
// core contracts v11) at USD₮'s adapter address, Circle's USDC with its own FiatTokenFeeAdapterV1 at USDC's
// (circleUsdc.ts), and every currency registered.
import { type Address, encodeFunctionData, parseAbi } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import {
  devnetTokenAbi,
  exchangeRateOracleStandInAbi,
  exchangeRateOracleStandInRuntimeCode,
  feeCurrencyDirectoryStandInAbi,
  feeCurrencyDirectoryStandInRuntimeCode,
} from "../contracts.generated.js";
import { deployAt, loadArtifact } from "../protocols/deployAt.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import {
  DEVNET_FEE_CURRENCIES,
  DEVNET_FEE_ORACLE_ADDRESS,
  type DevnetFeeCurrency,
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_INTRINSIC_GAS,
  FEE_RATE_DENOMINATOR,
} from "./addresses.js";
import { CIRCLE_USDC_ARTIFACTS, deployCircleUsdc } from "./circleUsdc.js";
import { deployMentoStableTokens, MENTO_STABLE_ARTIFACTS } from "./mentoStableTokens.js";

/** The npm artifacts of Celo's fee-currency contracts the devnet deploys. */
export const FEE_CURRENCY_ARTIFACTS = {
  FeeCurrencyAdapter: "@celo/celo-devchain/contracts/contracts-0.8/FeeCurrencyAdapter.json",
  ...MENTO_STABLE_ARTIFACTS,
  ...CIRCLE_USDC_ARTIFACTS,
} as const;

const feeCurrencyAdapterAbi = parseAbi([
  "function initialize(address adaptedToken, string name, string symbol, uint8 expectedDecimals)",
]);

const owner = DEVNET_ROLES.deployer.address;

async function send(rpcUrl: string, to: Address, data: `0x${string}`, what: string): Promise<void> {
  await sendImpersonated(rpcUrl, { to, data, gas: 1_000_000n }, what, owner);
}

/**
 * Places the Mento stables (Celo's StableToken), Circle's USDC and its adapter, the directory, the oracle and
 * Celo's adapter for USD₮, and registers every
 * currency. Needs the Celo Registry and Freezer (deployCeloCore) and the other tokens (deployTokens: initialized
 * by the deployer, who may then name the adapter as their fee caller).
 */
export async function deployFeeCurrencies(rpcUrl: string): Promise<void> {
  await deployMentoStableTokens(rpcUrl);
  await deployCircleUsdc(rpcUrl);
  await rpcCall(rpcUrl, "anvil_setCode", [
    FEE_CURRENCY_DIRECTORY_ADDRESS,
    feeCurrencyDirectoryStandInRuntimeCode,
  ]);
  await rpcCall(rpcUrl, "anvil_setCode", [DEVNET_FEE_ORACLE_ADDRESS, exchangeRateOracleStandInRuntimeCode]);
  const initialize = encodeFunctionData({ abi: feeCurrencyDirectoryStandInAbi, functionName: "initialize" });
  await send(rpcUrl, FEE_CURRENCY_DIRECTORY_ADDRESS, initialize, "FeeCurrencyDirectory initialization");
  await send(
    rpcUrl,
    DEVNET_FEE_ORACLE_ADDRESS,
    encodeFunctionData({ abi: exchangeRateOracleStandInAbi, functionName: "initialize" }),
    "fee oracle initialization",
  );
  const adapter = loadArtifact(FEE_CURRENCY_ARTIFACTS.FeeCurrencyAdapter);
  for (const currency of Object.values(DEVNET_FEE_CURRENCIES) as DevnetFeeCurrency[]) {
    // USDC's adapter is Circle's, placed with the token by deployCircleUsdc
    if (currency.feeCurrency !== currency.token && currency.symbol !== "USDC") {
      await deployAt(
        rpcUrl,
        currency.feeCurrency,
        { artifact: adapter, args: [true] },
        `${currency.symbol} adapter`,
      );
      await send(
        rpcUrl,
        currency.feeCurrency,
        encodeFunctionData({
          abi: feeCurrencyAdapterAbi,
          functionName: "initialize",
          args: [currency.token, `${currency.symbol} fee currency adapter`, currency.symbol, 18],
        }),
        `${currency.symbol} adapter initialization`,
      );
      await send(
        rpcUrl,
        currency.token,
        encodeFunctionData({
          abi: devnetTokenAbi,
          functionName: "updateFeeCaller",
          args: [currency.feeCurrency],
        }),
        `${currency.symbol}: the adapter as fee caller`,
      );
    }
    await send(
      rpcUrl,
      DEVNET_FEE_ORACLE_ADDRESS,
      encodeFunctionData({
        abi: exchangeRateOracleStandInAbi,
        functionName: "setExchangeRate",
        args: [currency.feeCurrency, currency.rateNumerator, FEE_RATE_DENOMINATOR],
      }),
      `${currency.symbol} rate`,
    );
    await send(
      rpcUrl,
      FEE_CURRENCY_DIRECTORY_ADDRESS,
      encodeFunctionData({
        abi: feeCurrencyDirectoryStandInAbi,
        functionName: "setCurrencyConfig",
        args: [currency.feeCurrency, DEVNET_FEE_ORACLE_ADDRESS, FEE_CURRENCY_INTRINSIC_GAS],
      }),
      `${currency.symbol} registration`,
    );
  }
}
