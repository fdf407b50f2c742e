import { type Address, encodeFunctionData, getAddress, isAddress } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import {
  devnetTokenAbi,
  devnetTokenRuntimeCode,
  feeCurrencyDirectoryStandInAbi,
} from "../contracts.generated.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import {
  DEVNET_FEE_ORACLE_ADDRESS,
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_INTRINSIC_GAS,
  FEE_RATE_DENOMINATOR,
} from "./addresses.js";
import { setFeeCurrencyRate } from "./setFeeCurrencyRate.js";

/** Parameters of {@link addFeeCurrency}. */
export interface AddFeeCurrencyParameters {
  /** Where to place a new 18-decimal token (DevnetToken: open mint, `debitGasFees`/`creditGasFees` for the VM). */
  readonly address: Address;
  readonly name: string;
  readonly symbol: string;
  /** Currency amount = CELO amount x numerator / 10^24 (default 0.3 x 10^24: 1 CELO = 0.3 of the token). */
  readonly numerator?: bigint;
  /** Default FEE_CURRENCY_INTRINSIC_GAS (50,000). */
  readonly intrinsicGas?: bigint;
}

/**
 * Adds a fee currency to the running devnet, as a governance proposal adds one to Celo's FeeCurrencyDirectory: a
 * new ERC-20 (DevnetToken, 18 decimals, its own fee currency) at `address`, its rate in the devnet's oracle and its
 * registration in the directory (`setCurrencyConfig`, as the directory's owner). Nothing else changes: the
 * devnet's fee-currency node and preflow read the directory. Tokens are then minted with `fundAccount`'s
 * open-mint path (`mint(to, value)` from any sender) or `devnetTokenAbi`.
 *
 * @example
 * await addFeeCurrency(devnet, { address: "0x00000000000000000000000000000000de7a0b01", name: "Test Peso", symbol: "TPSO" });
 */
export async function addFeeCurrency(
  devnet: { readonly rpcUrl: string },
  parameters: AddFeeCurrencyParameters,
): Promise<Address> {
  if (!isAddress(parameters.address, { strict: false }))
    throw new Error(`addFeeCurrency: ${String(parameters.address)} is not an address`);
  const address = getAddress(parameters.address);
  const owner = DEVNET_ROLES.deployer.address;
  await rpcCall(devnet.rpcUrl, "anvil_setCode", [address, devnetTokenRuntimeCode]);
  await sendImpersonated(
    devnet.rpcUrl,
    {
      to: address,
      data: encodeFunctionData({
        abi: devnetTokenAbi,
        functionName: "initialize",
        args: [parameters.name, parameters.symbol, 18],
      }),
      gas: 300_000n,
    },
    `${parameters.symbol} initialization`,
    owner,
  );
  await setFeeCurrencyRate(devnet, {
    currency: address,
    numerator: parameters.numerator ?? 3n * 10n ** 23n,
    denominator: FEE_RATE_DENOMINATOR,
  });
  await sendImpersonated(
    devnet.rpcUrl,
    {
      to: FEE_CURRENCY_DIRECTORY_ADDRESS,
      data: encodeFunctionData({
        abi: feeCurrencyDirectoryStandInAbi,
        functionName: "setCurrencyConfig",
        args: [address, DEVNET_FEE_ORACLE_ADDRESS, parameters.intrinsicGas ?? FEE_CURRENCY_INTRINSIC_GAS],
      }),
      gas: 300_000n,
    },
    `${parameters.symbol} registration`,
    owner,
  );
  return address;
}
