// Uniswap v3 on the devnet: the published bytecode (@uniswap/v3-core 1.0.1, @uniswap/v3-periphery 1.4.4,
// @uniswap/swap-router-contracts 1.3.1) at the Celo mainnet addresses, with seeded pools (prebuilt chain state),
// and helpers for tests.
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { DevnetClient } from "../connectDevnet.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { type DevnetTokenSymbol, findDevnetToken } from "../tokens.js";

/** Uniswap v3 contracts at their Celo mainnet addresses. SwapRouter02's WETH9 is CELO's ERC-20; it has no v2 factory. */
export const UNISWAP_ADDRESSES = {
  factory: "0xAfE208a311B21f13EF87E33A90049fC17A7acDEc",
  nonfungiblePositionManager: "0x3d79EdAaBC0EaB6F08ED885C05Fc0B014290D95A",
  quoterV2: "0x82825d0554fA07f7FC52Ab63c961F330fdEFa8E8",
  swapRouter02: "0x5615CDAb10dc425a742d643d949a7F474C01abc4",
} as const satisfies Record<string, Address>;

/** keccak256 of UniswapV3Pool's creation code (periphery's `POOL_INIT_CODE_HASH`). */
export const UNISWAP_POOL_INIT_CODE_HASH =
  "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

/** The parts of UniswapV3Factory's ABI the devnet and its tests use. */
export const uniswapV3FactoryAbi = parseAbi([
  "function owner() view returns (address)",
  "function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)",
  "function feeAmountTickSpacing(uint24 fee) view returns (int24)",
  "function enableFeeAmount(uint24 fee, int24 tickSpacing)",
]);

/** The parts of UniswapV3Pool's ABI the devnet and its tests use. */
export const uniswapV3PoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
  "function liquidity() view returns (uint128)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function fee() view returns (uint24)",
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
]);

/** QuoterV2's quote functions (call them with `simulateContract` / `eth_call`: they revert internally). */
export const uniswapQuoterV2Abi = parseAbi([
  "function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
  "function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)",
  "function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
  "function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)",
]);

/** SwapRouter02's v3 swap functions and its multicalls (the deadline lives in `multicall(uint256, bytes[])`). */
export const uniswapSwapRouter02Abi = parseAbi([
  "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
  "function exactInput((bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)",
  "function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)",
  "function exactOutput((bytes path, address recipient, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)",
  "function multicall(uint256 deadline, bytes[] data) payable returns (bytes[] results)",
  "function multicall(bytes[] data) payable returns (bytes[] results)",
  "function factory() view returns (address)",
  "function WETH9() view returns (address)",
]);

/** NonfungiblePositionManager's pool creation, minting and position reads. */
export const uniswapNonfungiblePositionManagerAbi = parseAbi([
  "function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)",
  "function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline) params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  "function balanceOf(address owner) view returns (uint256)",
  "function factory() view returns (address)",
  "function WETH9() view returns (address)",
]);

/** A seeded pool: `price` is whole `quote` per whole `base`; liquidity sits within ±`tickRange` ticks of it. */
export interface UniswapPoolSeed {
  readonly base: DevnetTokenSymbol;
  readonly quote: DevnetTokenSymbol;
  readonly fee: 100 | 500 | 3000 | 10000;
  readonly price: string;
  /** Whole `base` tokens provided (and the matching value of `quote`). */
  readonly baseAmount: string;
  readonly tickRange: number;
}

/** The pools of the prebuilt state, at realistic prices (changing them means rebuilding the state). */
export const UNISWAP_POOL_SEEDS = [
  { base: "USDm", quote: "USDC", fee: 100, price: "1", baseAmount: "2000000", tickRange: 500 },
  { base: "USDC", quote: "USDT", fee: 100, price: "1", baseAmount: "2000000", tickRange: 500 },
  { base: "CELO", quote: "USDm", fee: 3000, price: "0.3", baseAmount: "10000000", tickRange: 6000 },
  { base: "EURm", quote: "USDm", fee: 500, price: "1.08", baseAmount: "1000000", tickRange: 1000 },
] as const satisfies readonly UniswapPoolSeed[];

/** A pool's CREATE2 address under the mainnet factory (token order does not matter). */
export function uniswapPoolAddress(tokenA: Address, tokenB: Address, fee: number): Address {
  const [token0, token1] = sortTokenAddresses(tokenA, tokenB);
  const salt = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }],
      [token0, token1, fee],
    ),
  );
  return getContractAddress({
    opcode: "CREATE2",
    from: UNISWAP_ADDRESSES.factory,
    salt,
    bytecodeHash: UNISWAP_POOL_INIT_CODE_HASH,
  });
}

/** The two addresses in Uniswap's order (token0 < token1). */
export function sortTokenAddresses(tokenA: Address, tokenB: Address): readonly [Address, Address] {
  return BigInt(tokenA) < BigInt(tokenB)
    ? [getAddress(tokenA), getAddress(tokenB)]
    : [getAddress(tokenB), getAddress(tokenA)];
}

/** Parameters of {@link moveUniswapPrice}. */
export interface MoveUniswapPriceParameters {
  /** The token sold into the pool: its price in the pool falls. A symbol or an address. */
  readonly tokenIn: DevnetTokenSymbol | Address;
  /** The other token of the pool. */
  readonly tokenOut: DevnetTokenSymbol | Address;
  /** The pool's fee tier. */
  readonly fee: number;
  /** How much `tokenIn` the whale sells, in whole tokens (`"50000"`). */
  readonly amountIn: string;
}

/** What {@link moveUniswapPrice} did to the pool. */
export interface MoveUniswapPriceReturnType {
  readonly pool: Address;
  readonly sqrtPriceX96Before: bigint;
  readonly sqrtPriceX96After: bigint;
  readonly tickBefore: number;
  readonly tickAfter: number;
}

/**
 * Moves a pool's price with one big `exactInputSingle` through SwapRouter02 by a fresh impersonated whale (funded
 * with `devnet.fund`), as a market would between a quote and its execution. Selling 1% of a pool's depth moves
 * the seeded stable pools by about 0.2%; selling 25% moves them past any usual slippage tolerance.
 *
 * @example
 * await moveUniswapPrice(devnet, { tokenIn: "USDC", tokenOut: "USDm", fee: 100, amountIn: "500000" });
 */
export async function moveUniswapPrice(
  devnet: Pick<DevnetClient, "rpcUrl" | "fund">,
  parameters: MoveUniswapPriceParameters,
): Promise<MoveUniswapPriceReturnType> {
  const tokenIn = findDevnetToken(parameters.tokenIn, "moveUniswapPrice");
  const tokenOut = findDevnetToken(parameters.tokenOut, "moveUniswapPrice");
  const pool = uniswapPoolAddress(tokenIn.address, tokenOut.address, parameters.fee);
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const readSlot0 = () =>
    client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "slot0" });
  const before = await readSlot0();
  if (before[0] === 0n) {
    throw new Error(
      `moveUniswapPrice: no ${tokenIn.symbol}/${tokenOut.symbol} pool with fee ${parameters.fee}`,
    );
  }
  const amountIn = parseUnits(parameters.amountIn, tokenIn.decimals);
  const whale = privateKeyToAccount(generatePrivateKey()).address;
  await devnet.fund(whale, tokenIn.address, amountIn);
  const router = UNISWAP_ADDRESSES.swapRouter02;
  const approve = encodeFunctionData({
    abi: parseAbi(["function approve(address spender, uint256 value) returns (bool)"]),
    functionName: "approve",
    args: [router, maxUint256],
  });
  await sendImpersonated(
    devnet.rpcUrl,
    { to: tokenIn.address, data: approve },
    "the whale's approval",
    whale,
  );
  const swap = encodeFunctionData({
    abi: uniswapSwapRouter02Abi,
    functionName: "exactInputSingle",
    args: [
      {
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        fee: parameters.fee,
        recipient: whale,
        amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  await sendImpersonated(
    devnet.rpcUrl,
    { to: router, data: swap, gas: 5_000_000n },
    "the whale's swap",
    whale,
  );
  const after = await readSlot0();
  return {
    pool,
    sqrtPriceX96Before: before[0],
    sqrtPriceX96After: after[0],
    tickBefore: before[1],
    tickAfter: after[1],
  };
}
