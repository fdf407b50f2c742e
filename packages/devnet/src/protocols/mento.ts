// Mento v3 on the devnet: STAND-INS (contracts/MentoStandIn.sol; what differs from mainnet is listed at its top)
// for the Router, the FPMM factory and FPMM pools at the Celo mainnet addresses, seeded in the prebuilt state,
// and a helper for tests.
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseUnits,
  sliceHex,
} from "viem";
import type { DevnetClient } from "../connectDevnet.js";
import { mentoFPMMStandInAbi, mentoRouterStandInAbi } from "../contracts.generated.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS, type DevnetTokenSymbol, findDevnetToken } from "../tokens.js";
import { sortTokenAddresses } from "./uniswap.js";

/**
 * Mento v3 contracts on the devnet. Router and FPMMFactory are at their mainnet addresses (from public
 * deployment lists, not verified on chain here); the FactoryRegistry's mainnet address is not known, so the
 * stand-in sits at a devnet address.
 */
export const MENTO_ADDRESSES = {
  router: "0x4861840C2EfB2b98312B0aE34d86fD73E8f9B6f6",
  fpmmFactory: "0xa849b475FE5a4B5C9C3280152c7a1945b907613b",
  factoryRegistry: "0x00000000000000000000000000000000de7A3E60",
} as const satisfies Record<string, Address>;

/** The Router's ABI (mainnet's for the functions, errors it has; see contracts/MentoStandIn.sol). */
export const mentoRouterAbi = mentoRouterStandInAbi;
/** An FPMM pool's ABI (the stand-in's: mainnet's swap, quote and reserve reads, events and errors, plus `setRate`). */
export const mentoFpmmAbi = mentoFPMMStandInAbi;

/** A seeded FPMM pool: `rate` is whole `quote` per whole `base`; fees in basis points. */
export interface MentoPoolSeed {
  readonly base: DevnetTokenSymbol;
  readonly quote: DevnetTokenSymbol;
  readonly rate: string;
  readonly lpFeeBps: number;
  readonly protocolFeeBps: number;
  /** Whole `base` tokens in reserve (and the matching value of `quote`). */
  readonly baseReserve: string;
  /** The pool's mainnet address where known; otherwise the factory's precomputed address. */
  readonly address?: Address;
}

/** The FPMM pools of the prebuilt state (changing them means rebuilding the state). */
export const MENTO_POOL_SEEDS = [
  {
    base: "USDm",
    quote: "USDC",
    rate: "1",
    lpFeeBps: 3,
    protocolFeeBps: 2,
    baseReserve: "2000000",
    address: "0x462fe04b4FD719Cbd04C0310365D421D02AaA19E",
  },
  { base: "EURm", quote: "USDm", rate: "1.08", lpFeeBps: 3, protocolFeeBps: 2, baseReserve: "1000000" },
  { base: "CELO", quote: "USDm", rate: "0.3", lpFeeBps: 15, protocolFeeBps: 10, baseReserve: "5000000" },
] as const satisfies readonly MentoPoolSeed[];

/** The address of the devnet's FPMM pool for a pair (token order does not matter). */
export function mentoPoolAddress(tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = sortTokenAddresses(tokenA, tokenB);
  const seed = (MENTO_POOL_SEEDS as readonly MentoPoolSeed[]).find((s) => {
    const pair = sortTokenAddresses(DEVNET_TOKENS[s.base].address, DEVNET_TOKENS[s.quote].address);
    return pair[0] === token0 && pair[1] === token1;
  });
  if (seed?.address) return seed.address;
  // as MentoFPMMFactoryStandIn.getOrPrecomputeProxyAddress
  const hash = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "address" }],
      [MENTO_ADDRESSES.fpmmFactory, token0, token1],
    ),
  );
  return getAddress(sliceHex(hash, 12));
}

/** Parameters of {@link setMentoRate}. */
export interface SetMentoRateParameters {
  readonly tokenA: DevnetTokenSymbol | Address;
  readonly tokenB: DevnetTokenSymbol | Address;
  /** Whole `tokenB` per whole `tokenA`, a decimal string (`"1.002"`); fees apply on top. */
  readonly rate: string;
}

/**
 * Sets the oracle rate an FPMM pool prices at (the stand-in's `setRate`; on mainnet the rate comes from Mento's
 * oracles), e.g. to make Mento the better venue for a pair.
 *
 * @example
 * await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1.003" }); // 1 USDC buys 1.003 USDm before fees
 */
export async function setMentoRate(
  devnet: Pick<DevnetClient, "rpcUrl">,
  parameters: SetMentoRateParameters,
): Promise<void> {
  const tokenA = findDevnetToken(parameters.tokenA, "setMentoRate");
  const tokenB = findDevnetToken(parameters.tokenB, "setMentoRate");
  const scaled = parseUnits(parameters.rate, 18);
  if (scaled <= 0n) throw new Error("setMentoRate: rate must be positive");
  const [token0] = sortTokenAddresses(tokenA.address, tokenB.address);
  // the pool stores whole token1 per whole token0
  const [numerator, denominator] =
    token0 === getAddress(tokenA.address) ? [scaled, 10n ** 18n] : [10n ** 18n, scaled];
  await sendImpersonated(
    devnet.rpcUrl,
    {
      to: mentoPoolAddress(tokenA.address, tokenB.address),
      data: encodeFunctionData({
        abi: mentoFpmmAbi,
        functionName: "setRate",
        args: [numerator, denominator],
      }),
    },
    `setting the ${tokenA.symbol}/${tokenB.symbol} Mento rate`,
  );
}
