// GoodDollar on the devnet: GoodDollar's own compiled contracts from `@gooddollar/goodprotocol` 2.2.1 (the G$
// token, IdentityV3, UBISchemeV2, NameService, behind goodprotocol's ERC1967Proxy at the Celo mainnet addresses
// of its `releases/deployment.json` production-celo entry) and STAND-INS for the Mento reserve it trades
// against (contracts/GoodDollarReserveStandIn.sol; what differs is listed at its top). Deployed into the
// prebuilt state by ./goodDollarDeployment.ts; the helper below is for tests.
//
// What differs from mainnet, besides the reserve stand-ins:
// - G$ on Celo is `SuperGoodDollar` (a Superfluid SuperToken); the devnet runs goodprotocol's `GoodDollar`
//   (the same ERC-20/ERC-677 token with the same fees, identity and minter roles, 18 decimals) because the
//   Superfluid host it needs is not published here. Transfers, approvals, mint and burn behave alike; streams
//   (`createFlow`) do not exist.
// - Identity is `IdentityV3` (3-year authentication period); the owner of the DAO's roles is the Avatar's
//   address (impersonated by the helpers), not the DAO's schemes.
// - UBISchemeV2 is initialised with 10 minimum active users (mainnet: its live count) and holds
//   {@link GOODDOLLAR_UBI_POOL} G$, so a claim pays pool / 30 / 10.
import { type Address, encodeFunctionData, parseAbi } from "viem";
import { goodDollarBrokerStandInAbi, goodDollarExchangeProviderStandInAbi } from "../contracts.generated.js";
import { sendImpersonated } from "../sendImpersonated.js";

/**
 * GoodDollar's contracts on the devnet at their Celo mainnet addresses (goodprotocol's production-celo list),
 * the reserve's exchange id, and the DAO's Avatar (the owner of the devnet's G$, Identity and UBIScheme).
 */
export const GOODDOLLAR_ADDRESSES = {
  goodDollar: "0x62B8B11039FcfE5aB0C56E502b1C372A3d2a9c7A",
  identity: "0xC361A6E67822a0EDc17D899227dd9FC50BD62F42",
  ubiScheme: "0x43d72Ff17701B2DA814620735C39C620Ce0ea4A1",
  nameService: "0x0F5dB7a64A6a64052693676CA898EC7F7A94FF4e",
  controller: "0x0be7C592374EE0bD0CcBFC76Be758a138BcaEc6E",
  avatar: "0x495d133B938596C9984d462F007B676bDc57eCEC",
  feeFormula: "0x1151867dA39003695eed28Fafa871079C91884C9",
  broker: "0x88de45906D4F5a57315c133620cfa484cB297541",
  exchangeProvider: "0x2fFBB49055d487DdBBb0C052Cd7c2a02A7971e41",
  reserve: "0x94A3240f484A04F5e3d524f528d02694c109463b",
  /** goodprotocol's compiled BancorFormula, which the exchange provider stand-in calls (a devnet address). */
  bancorFormula: "0x00000000000000000000000000000000600dBa4C",
} as const satisfies Record<string, Address>;

/** The G$/USDm exchange of the reserve (goodprotocol's `CUSDExchangeId`). */
export const GOODDOLLAR_CUSD_EXCHANGE_ID =
  "0xba77f5c7bb3317643c6d81d1ef3f9913561741d92095f88efa402faf2cbe9124" as const;

/** G$ (whole tokens) the UBIScheme holds in the prebuilt state: 30 days × 10 minimum active users × 10,000 G$. */
export const GOODDOLLAR_UBI_POOL = "3000000";

/**
 * The reserve's G$/USDm pool in the prebuilt state: a virtual G$ supply of 10 billion, 200,000 USDm in the
 * reserve, a reserve ratio of 20% (so G$ starts at 0.0001 USDm) and a 10% exit contribution on sales.
 */
export const GOODDOLLAR_RESERVE_SEED = {
  tokenSupply: "10000000000",
  reserveBalance: "200000",
  reserveRatio: 20_000_000,
  exitContribution: 10_000_000,
} as const;

/** goodprotocol's artifacts the devnet deploys (their creation code decides the prebuilt state). */
export const GOODDOLLAR_ARTIFACTS = {
  goodDollar: "@gooddollar/goodprotocol/artifacts/contracts/token/GoodDollar.sol/GoodDollar.json",
  identity: "@gooddollar/goodprotocol/artifacts/contracts/identity/IdentityV3.sol/IdentityV3.json",
  ubiScheme: "@gooddollar/goodprotocol/artifacts/contracts/ubi/UBISchemeV2.sol/UBISchemeV2.json",
  nameService: "@gooddollar/goodprotocol/artifacts/contracts/utils/NameService.sol/NameService.json",
  feeFormula:
    "@gooddollar/goodprotocol/artifacts/contracts/token/MultichainFeeFormula.sol/MultichainFeeFormula.json",
  proxy: "@gooddollar/goodprotocol/artifacts/contracts/utils/ProxyFactory1967.sol/ERC1967Proxy.json",
  bancorFormula: "@gooddollar/goodprotocol/artifacts/contracts/utils/BancorFormula.sol/BancorFormula.json",
} as const;

/** IdentityV3's whitelist functions (a literal ABI: the artifact is loaded only when the state is built). */
export const goodDollarIdentityAbi = parseAbi([
  "function addWhitelisted(address account)",
  "function isWhitelisted(address account) view returns (bool)",
  "function getWhitelistedRoot(address account) view returns (address)",
]);
/** The reserve Broker's ABI (the stand-in's: IBroker's quotes, swaps and `Swap` event). */
export const goodDollarBrokerAbi = goodDollarBrokerStandInAbi;
/** The exchange provider's ABI (the stand-in's: `getPoolExchange`, `currentPrice`, quotes). */
export const goodDollarExchangeProviderAbi = goodDollarExchangeProviderStandInAbi;

/**
 * Whitelists `address` in GoodDollar's Identity (IdentityV3 `addWhitelisted`, sent as the DAO's Avatar, which
 * holds the identity admin role on the devnet), so it may claim UBI. Throws when the address already has an
 * identity status (the contract's "already has status").
 *
 * @example
 * await whitelistGoodDollar(devnet, alice.address);
 * const flow = await client.goodDollar.prepareClaim(alice.address);
 */
export async function whitelistGoodDollar(
  devnet: { readonly rpcUrl: string },
  address: Address,
): Promise<void> {
  await sendImpersonated(
    devnet.rpcUrl,
    {
      to: GOODDOLLAR_ADDRESSES.identity,
      data: encodeFunctionData({
        abi: goodDollarIdentityAbi,
        functionName: "addWhitelisted",
        args: [address],
      }),
    },
    `whitelisting ${address} in GoodDollar's Identity`,
    GOODDOLLAR_ADDRESSES.avatar,
  );
}
