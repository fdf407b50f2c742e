// Build-time: Uniswap v3 from the published npm artifacts at the Celo mainnet addresses, and the seeded pools.
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseAbi,
  parseUnits,
  stringToHex,
  zeroAddress,
} from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { fundAccount } from "../fund.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { CELO_TOKEN_ADDRESS, DEVNET_TOKENS } from "../tokens.js";
import { deployAt, deployByCreate, linkLibraries, loadArtifact } from "./deployAt.js";
import { SEED_LIQUIDITY_PROVIDER } from "./seedLiquidityProvider.js";
import {
  sortTokenAddresses,
  UNISWAP_ADDRESSES,
  UNISWAP_POOL_SEEDS,
  type UniswapPoolSeed,
  uniswapNonfungiblePositionManagerAbi,
  uniswapPoolAddress,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from "./uniswap.js";
import { sqrtPriceX96Of } from "./uniswapSqrtPrice.js";

/** The npm artifacts the Uniswap deployment uses (their bytecode is an input of the prebuilt state). */
export const UNISWAP_ARTIFACTS = {
  factory: "@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json",
  pool: "@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json",
  nftDescriptorLibrary:
    "@uniswap/v3-periphery/artifacts/contracts/libraries/NFTDescriptor.sol/NFTDescriptor.json",
  positionDescriptor:
    "@uniswap/v3-periphery/artifacts/contracts/NonfungibleTokenPositionDescriptor.sol/NonfungibleTokenPositionDescriptor.json",
  positionManager:
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
  quoterV2: "@uniswap/swap-router-contracts/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json",
  swapRouter02: "@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json",
} as const;

const erc20ApproveAbi = parseAbi(["function approve(address spender, uint256 value) returns (bool)"]);
const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };

/**
 * Deploys UniswapV3Factory (constructor run at its mainnet address, then `enableFeeAmount(100, 1)` as on mainnet),
 * the position descriptor (scratch address), NonfungiblePositionManager, QuoterV2 and SwapRouter02 (at their
 * mainnet addresses, CELO's ERC-20 as WETH9, no v2 factory), then creates and seeds {@link UNISWAP_POOL_SEEDS}.
 */
export async function deployUniswap(rpcUrl: string): Promise<void> {
  const weth9 = CELO_TOKEN_ADDRESS;
  await deployAt(
    rpcUrl,
    UNISWAP_ADDRESSES.factory,
    { artifact: loadArtifact(UNISWAP_ARTIFACTS.factory) },
    "UniswapV3Factory",
  );
  await callAsDeployer(
    rpcUrl,
    UNISWAP_ADDRESSES.factory,
    encodeFunctionData({ abi: uniswapV3FactoryAbi, functionName: "enableFeeAmount", args: [100, 1] }),
    "enableFeeAmount(100, 1)",
  );
  const library = await deployByCreate(
    rpcUrl,
    { artifact: loadArtifact(UNISWAP_ARTIFACTS.nftDescriptorLibrary) },
    "NFTDescriptor",
  );
  const descriptorArtifact = loadArtifact(UNISWAP_ARTIFACTS.positionDescriptor);
  const descriptor = await deployByCreate(
    rpcUrl,
    {
      artifact: descriptorArtifact,
      bytecode: linkLibraries(descriptorArtifact, { NFTDescriptor: library }),
      args: [weth9, stringToHex("CELO", { size: 32 })],
    },
    "NonfungibleTokenPositionDescriptor",
  );
  await deployAt(
    rpcUrl,
    UNISWAP_ADDRESSES.nonfungiblePositionManager,
    {
      artifact: loadArtifact(UNISWAP_ARTIFACTS.positionManager),
      args: [UNISWAP_ADDRESSES.factory, weth9, descriptor],
    },
    "NonfungiblePositionManager",
  );
  await deployAt(
    rpcUrl,
    UNISWAP_ADDRESSES.quoterV2,
    { artifact: loadArtifact(UNISWAP_ARTIFACTS.quoterV2), args: [UNISWAP_ADDRESSES.factory, weth9] },
    "QuoterV2",
  );
  await deployAt(
    rpcUrl,
    UNISWAP_ADDRESSES.swapRouter02,
    {
      artifact: loadArtifact(UNISWAP_ARTIFACTS.swapRouter02),
      args: [zeroAddress, UNISWAP_ADDRESSES.factory, UNISWAP_ADDRESSES.nonfungiblePositionManager, weth9],
    },
    "SwapRouter02",
  );
  for (const seed of UNISWAP_POOL_SEEDS) await seedPool(rpcUrl, seed);
}

async function seedPool(rpcUrl: string, seed: UniswapPoolSeed): Promise<void> {
  const base = DEVNET_TOKENS[seed.base];
  const quote = DEVNET_TOKENS[seed.quote];
  const [token0, token1] = sortTokenAddresses(base.address, quote.address);
  const baseAmount = parseUnits(seed.baseAmount, base.decimals);
  // quote amount = base amount × price, in quote's base units
  const priceScaled = parseUnits(seed.price, 18);
  const quoteAmount =
    (baseAmount * priceScaled * 10n ** BigInt(quote.decimals)) / (10n ** 18n * 10n ** BigInt(base.decimals));
  const lp = SEED_LIQUIDITY_PROVIDER;
  for (const [token, amount] of [
    [base.address, baseAmount],
    [quote.address, quoteAmount],
  ] as const) {
    await fundAccount(rpcUrl, lp, token, amount);
    await sendImpersonated(
      rpcUrl,
      {
        to: token,
        data: encodeFunctionData({
          abi: erc20ApproveAbi,
          functionName: "approve",
          args: [UNISWAP_ADDRESSES.nonfungiblePositionManager, maxUint256],
        }),
      },
      `approving ${token} to the position manager`,
      lp,
    );
  }
  const sqrtPriceX96 = sqrtPriceX96Of({
    baseIsCurrency0: token0 === base.address,
    priceScaled,
    baseDecimals: base.decimals,
    quoteDecimals: quote.decimals,
  });
  const manager = UNISWAP_ADDRESSES.nonfungiblePositionManager;
  await sendImpersonated(
    rpcUrl,
    {
      to: manager,
      data: encodeFunctionData({
        abi: uniswapNonfungiblePositionManagerAbi,
        functionName: "createAndInitializePoolIfNecessary",
        args: [token0, token1, seed.fee, sqrtPriceX96],
      }),
      gas: 10_000_000n,
    },
    `creating the ${seed.base}/${seed.quote} pool`,
    lp,
  );
  const pool = uniswapPoolAddress(token0, token1, seed.fee);
  const slot0 = await readSlot0(rpcUrl, pool);
  const spacing = TICK_SPACING[seed.fee]!;
  const tickLower = Math.floor((slot0.tick - seed.tickRange) / spacing) * spacing;
  const tickUpper = Math.ceil((slot0.tick + seed.tickRange) / spacing) * spacing;
  const [amount0, amount1] = token0 === base.address ? [baseAmount, quoteAmount] : [quoteAmount, baseAmount];
  await sendImpersonated(
    rpcUrl,
    {
      to: manager,
      data: encodeFunctionData({
        abi: uniswapNonfungiblePositionManagerAbi,
        functionName: "mint",
        args: [
          {
            token0,
            token1,
            fee: seed.fee,
            tickLower,
            tickUpper,
            amount0Desired: amount0,
            amount1Desired: amount1,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: lp,
            deadline: maxUint256,
          },
        ],
      }),
      gas: 10_000_000n,
    },
    `adding liquidity to the ${seed.base}/${seed.quote} pool`,
    lp,
  );
}

async function readSlot0(rpcUrl: string, pool: Address): Promise<{ tick: number }> {
  const data = await rpcCall<Hex>(rpcUrl, "eth_call", [
    { to: pool, data: encodeFunctionData({ abi: uniswapV3PoolAbi, functionName: "slot0" }) },
    "latest",
  ]);
  const slot0 = decodeFunctionResult({ abi: uniswapV3PoolAbi, functionName: "slot0", data });
  return { tick: slot0[1] };
}

async function callAsDeployer(rpcUrl: string, to: Address, data: Hex, what: string): Promise<void> {
  await sendImpersonated(rpcUrl, { to, data }, what, DEVNET_ROLES.deployer.address);
}
