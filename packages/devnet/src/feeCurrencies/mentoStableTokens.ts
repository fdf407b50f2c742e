// Celo's Mento `StableToken` (core contracts v11, solc 0.5.13, from @celo/celo-devchain 7.0.0) at the Mento
// stables' mainnet addresses, behind Celo's `Proxy` as on mainnet. Its `debitGasFees` / `creditGasFees` are what
// the fee-currency node front calls; its transfers read the Freezer through the Celo Registry.
// Differences from mainnet: mainnet's USDm/EURm/BRLm run Mento's later StableTokenV2 (ERC-20 permit, minters set
// in storage); v11's StableToken is the published bytecode with the fee-currency functions. Inflation is off (rate
// 1, an update period of 2^128 s). Minting is allowed to the address registered under the token's exchange id
// (`Exchange`, `ExchangeEUR`, `ExchangeBRL`): on the devnet that is DEVNET_STABLE_MINTER, which `devnet.fund`
// impersonates (mainnet's ids named Mento v1's Exchange contracts).
import { type Address, encodeFunctionData, getAddress, parseAbi } from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { CELO_CORE_ADDRESSES, registerCeloCoreContract } from "../protocols/celoCore.js";
import { deployAt, loadArtifact } from "../protocols/deployAt.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS } from "../tokens.js";

/** The Mento stables placed with Celo's StableToken code, and the Registry id of each one's minter. */
export const MENTO_STABLE_TOKENS = {
  USDm: { exchangeId: "Exchange" },
  EURm: { exchangeId: "ExchangeEUR" },
  BRLm: { exchangeId: "ExchangeBRL" },
} as const;

/** Who may mint the Mento stables on the devnet (registered under each stable's exchange id); no code. */
export const DEVNET_STABLE_MINTER: Address = getAddress("0x00000000000000000000000000000000de7a5747");

/** The npm artifacts of the stables (their creation code is part of the prebuilt state's inputs). */
export const MENTO_STABLE_ARTIFACTS = {
  StableToken: "@celo/celo-devchain/contracts/contracts-mento/StableToken.json",
  Proxy: "@celo/celo-devchain/contracts/contracts-mento/Proxy.json",
} as const;

const proxyAbi = parseAbi([
  "function _setAndInitializeImplementation(address implementation, bytes callbackData)",
]);

/** Devnet addresses of the stables' implementations. */
function implementationAddress(index: number): Address {
  return getAddress(`0x${(0xfee1_0000 + index).toString(16).padStart(40, "0")}`);
}

/**
 * Places the Mento stables (an implementation at a devnet address, Celo's `Proxy` at the mainnet address,
 * initialised through it) and registers their minter. Needs the Celo Registry and Freezer (deployCeloCore).
 */
export async function deployMentoStableTokens(rpcUrl: string): Promise<void> {
  const deployer = DEVNET_ROLES.deployer.address;
  const stableToken = loadArtifact(MENTO_STABLE_ARTIFACTS.StableToken);
  const proxy = loadArtifact(MENTO_STABLE_ARTIFACTS.Proxy);
  let index = 0;
  for (const [symbol, { exchangeId }] of Object.entries(MENTO_STABLE_TOKENS)) {
    const token = DEVNET_TOKENS[symbol as keyof typeof MENTO_STABLE_TOKENS];
    const implementation = implementationAddress(index++);
    await deployAt(
      rpcUrl,
      implementation,
      { artifact: stableToken, args: [false] },
      `the ${symbol} implementation`,
    );
    await deployAt(rpcUrl, token.address, { artifact: proxy }, `the ${symbol} proxy`);
    const initialize = encodeFunctionData({
      abi: stableToken.abi,
      functionName: "initialize",
      args: [
        token.name,
        token.symbol,
        token.decimals,
        CELO_CORE_ADDRESSES.Registry,
        10n ** 24n,
        2n ** 128n,
        [],
        [],
        exchangeId,
      ],
    });
    await sendImpersonated(
      rpcUrl,
      {
        to: token.address,
        data: encodeFunctionData({
          abi: proxyAbi,
          functionName: "_setAndInitializeImplementation",
          args: [implementation, initialize],
        }),
        gas: 10_000_000n,
      },
      `initialising ${symbol} through its proxy`,
      deployer,
    );
    await registerCeloCoreContract(rpcUrl, exchangeId, DEVNET_STABLE_MINTER);
  }
}
