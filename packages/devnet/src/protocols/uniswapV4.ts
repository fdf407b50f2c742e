// Uniswap v4 on the devnet: the published bytecode (@uniswap/v4-core 1.0.2, @uniswap/v4-periphery 1.0.3,
// @uniswap/universal-router 2.1.0, Permit2 as v4-periphery ships it) at the Celo mainnet addresses, with seeded pools
// (prebuilt chain state), their pool keys, and the ABIs and codes tests and the SDK need.
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { DevnetClient } from "../connectDevnet.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS, type DevnetTokenSymbol, findDevnetToken } from "../tokens.js";

/**
 * Uniswap v4 contracts at their Celo mainnet addresses (Celo's "Uniswap contracts" page). The PositionManager's and
 * UniversalRouter's wrapped native token is CELO's ERC-20 (`0x471E…a438`), which has no `deposit`/`withdraw`: the
 * router's `WRAP_ETH`/`UNWRAP_WETH` commands revert. The router has no v2 factory and no Across spoke pool; its v3
 * factory is the devnet's Uniswap v3 factory. `positionDescriptor` is PositionDescriptor itself (mainnet puts a proxy
 * there; the devnet places the implementation at that address).
 */
export const UNISWAP_V4_ADDRESSES = {
  poolManager: "0x288dc841A52FCA2707c6947B3A777c5E56cd87BC",
  positionManager: "0xf7965f3981e4D5BC383BfBCb61501763e9068CA9",
  positionDescriptor: "0x5727E22b25fEEe05E8dFa83C752B86F19D102D8A",
  v4Quoter: "0x28566da1093609182dFf2cB2A91CFD72e61d66cd",
  stateView: "0xbc21f8720BABf4b20d195eE5C6e99c52b76F2bfb",
  universalRouter: "0xcb695bc5D3Aa22cAD1E6DF07801b061a05A0233A",
  permit2: "0x000000000022D473030F116dDEE9F6B43aC78BA3",
} as const satisfies Record<string, Address>;

/** A v4 pool's key: `currency0 < currency1` (address 0 is the native asset), fee in hundredths of a bip. */
export interface UniswapV4PoolKey {
  readonly currency0: Address;
  readonly currency1: Address;
  readonly fee: number;
  readonly tickSpacing: number;
  readonly hooks: Address;
}

/** A seeded pool: `price` is whole `quote` per whole `base`; liquidity sits within ±`tickRange` ticks of it. */
export interface UniswapV4PoolSeed {
  readonly base: DevnetTokenSymbol;
  readonly quote: DevnetTokenSymbol;
  readonly fee: number;
  readonly tickSpacing: number;
  readonly price: string;
  /** Whole `base` tokens provided (and the matching value of `quote`). */
  readonly baseAmount: string;
  readonly tickRange: number;
}

/**
 * The v4 pools of the prebuilt state (no hooks; ERC-20 CELO, not the native asset), at the prices of the v3 pools
 * (changing them means rebuilding the state). They are half as deep as the v3 pools of the same pair.
 */
export const UNISWAP_V4_POOL_SEEDS = [
  {
    base: "USDC",
    quote: "USDm",
    fee: 100,
    tickSpacing: 1,
    price: "1",
    baseAmount: "1000000",
    tickRange: 500,
  },
  {
    base: "USDT",
    quote: "USDm",
    fee: 100,
    tickSpacing: 1,
    price: "1",
    baseAmount: "1000000",
    tickRange: 500,
  },
  {
    base: "CELO",
    quote: "USDm",
    fee: 3000,
    tickSpacing: 60,
    price: "0.3",
    baseAmount: "5000000",
    tickRange: 6000,
  },
] as const satisfies readonly UniswapV4PoolSeed[];

/** A seeded v4 pool: its name (`"base/quote"`), key and id (`keccak256(abi.encode(key))`). */
export interface UniswapV4SeededPool {
  readonly name: string;
  readonly base: DevnetTokenSymbol;
  readonly quote: DevnetTokenSymbol;
  readonly key: UniswapV4PoolKey;
  readonly id: Hex;
}

/** The two currencies in v4's order (`currency0 < currency1`). */
export function sortCurrencies(currencyA: Address, currencyB: Address): readonly [Address, Address] {
  return BigInt(currencyA) < BigInt(currencyB)
    ? [getAddress(currencyA), getAddress(currencyB)]
    : [getAddress(currencyB), getAddress(currencyA)];
}

/** The key of a hookless pool of two currencies (any order). */
export function uniswapV4PoolKey(
  currencyA: Address,
  currencyB: Address,
  fee: number,
  tickSpacing: number,
): UniswapV4PoolKey {
  const [currency0, currency1] = sortCurrencies(currencyA, currencyB);
  return { currency0, currency1, fee, tickSpacing, hooks: zeroAddress };
}

/** A pool's id, as the PoolManager and StateView take it: `keccak256(abi.encode(poolKey))`. */
export function uniswapV4PoolId(key: UniswapV4PoolKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

/**
 * The seeded v4 pools with their keys and ids: USDC/USDm and USDT/USDm at 0.01 % (tick spacing 1), CELO/USDm at
 * 0.3 % (tick spacing 60) at 0.30 USDm per CELO.
 *
 * @example
 * const pool = UNISWAP_V4_POOLS.find((p) => p.name === "USDC/USDm")!;
 * const zeroForOne = pool.key.currency0 === USDC; // selling USDC?
 */
export const UNISWAP_V4_POOLS: readonly UniswapV4SeededPool[] = UNISWAP_V4_POOL_SEEDS.map((seed) => {
  const key = uniswapV4PoolKey(
    DEVNET_TOKENS[seed.base].address,
    DEVNET_TOKENS[seed.quote].address,
    seed.fee,
    seed.tickSpacing,
  );
  return {
    name: `${seed.base}/${seed.quote}`,
    base: seed.base,
    quote: seed.quote,
    key,
    id: uniswapV4PoolId(key),
  };
});

/** UniversalRouter command bytes (`Commands.sol`); a command byte with `0x80` set may revert without failing. */
export const UNIVERSAL_ROUTER_COMMANDS = {
  V3_SWAP_EXACT_IN: 0x00,
  PERMIT2_PERMIT: 0x0a,
  V4_SWAP: 0x10,
} as const;

/**
 * v4-periphery's action bytes (`Actions.sol`) for `V4_SWAP` and `modifyLiquidities`. An exact-input single-pool swap
 * is `V4_SWAP` with input `abi.encode(bytes actions, bytes[] params)`, actions `[SWAP_EXACT_IN_SINGLE, SETTLE_ALL,
 * TAKE_ALL]` and params `[abi.encode(ExactInputSingleParams), abi.encode(currencyIn, maxAmount),
 * abi.encode(currencyOut, minAmount)]`.
 */
export const UNISWAP_V4_ACTIONS = {
  INCREASE_LIQUIDITY: 0x00,
  DECREASE_LIQUIDITY: 0x01,
  MINT_POSITION: 0x02,
  BURN_POSITION: 0x03,
  SWAP_EXACT_IN_SINGLE: 0x06,
  SWAP_EXACT_IN: 0x07,
  SWAP_EXACT_OUT_SINGLE: 0x08,
  SWAP_EXACT_OUT: 0x09,
  SETTLE: 0x0b,
  SETTLE_ALL: 0x0c,
  SETTLE_PAIR: 0x0d,
  TAKE: 0x0e,
  TAKE_ALL: 0x0f,
  TAKE_PAIR: 0x11,
} as const;

const POOL_KEY = "(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)";

/** The ABI parameters of `SWAP_EXACT_IN_SINGLE` (`IV4Router.ExactInputSingleParams`), for `encodeAbiParameters`. */
export const uniswapV4ExactInputSingleParameters = [
  {
    type: "tuple",
    components: [
      {
        name: "poolKey",
        type: "tuple",
        components: [
          { name: "currency0", type: "address" },
          { name: "currency1", type: "address" },
          { name: "fee", type: "uint24" },
          { name: "tickSpacing", type: "int24" },
          { name: "hooks", type: "address" },
        ],
      },
      { name: "zeroForOne", type: "bool" },
      { name: "amountIn", type: "uint128" },
      { name: "amountOutMinimum", type: "uint128" },
      { name: "hookData", type: "bytes" },
    ],
  },
] as const;

/** V4Quoter's quotes (call them with `eth_call` / `simulateContract`: they revert internally) and errors. */
export const uniswapV4QuoterAbi = parseAbi([
  `function quoteExactInputSingle((${POOL_KEY} poolKey, bool zeroForOne, uint128 exactAmount, bytes hookData) params) returns (uint256 amountOut, uint256 gasEstimate)`,
  `function quoteExactOutputSingle((${POOL_KEY} poolKey, bool zeroForOne, uint128 exactAmount, bytes hookData) params) returns (uint256 amountIn, uint256 gasEstimate)`,
  "function quoteExactInput((address exactCurrency, (address intermediateCurrency, uint24 fee, int24 tickSpacing, address hooks, bytes hookData)[] path, uint128 exactAmount) params) returns (uint256 amountOut, uint256 gasEstimate)",
  "function quoteExactOutput((address exactCurrency, (address intermediateCurrency, uint24 fee, int24 tickSpacing, address hooks, bytes hookData)[] path, uint128 exactAmount) params) returns (uint256 amountIn, uint256 gasEstimate)",
  "error NotEnoughLiquidity(bytes32 poolId)",
  "error UnexpectedRevertBytes(bytes revertData)",
  "error PoolNotInitialized()",
]);

/** StateView's pool reads (by pool id). */
export const uniswapV4StateViewAbi = parseAbi([
  "function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)",
  "function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)",
]);

/** The PoolManager's events and the errors a swap through it may revert with. */
export const uniswapV4PoolManagerAbi = parseAbi([
  "function owner() view returns (address)",
  `function initialize(${POOL_KEY} key, uint160 sqrtPriceX96) returns (int24 tick)`,
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  "error PoolNotInitialized()",
  "error CurrencyNotSettled()",
  "error SwapAmountCannotBeZero()",
  "error ManagerLocked()",
  "error PriceLimitAlreadyExceeded(uint160 sqrtPriceCurrentX96, uint160 sqrtPriceLimitX96)",
  "error PriceLimitOutOfBounds(uint160 sqrtPriceLimitX96)",
]);

/** PositionManager's pool creation, liquidity entry point and position reads. */
export const uniswapV4PositionManagerAbi = parseAbi([
  `function initializePool(${POOL_KEY} key, uint160 sqrtPriceX96) payable returns (int24)`,
  "function modifyLiquidities(bytes unlockData, uint256 deadline) payable",
  "function nextTokenId() view returns (uint256)",
  "function ownerOf(uint256 id) view returns (address owner)",
  "function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)",
  `function getPoolAndPositionInfo(uint256 tokenId) view returns (${POOL_KEY} poolKey, uint256 info)`,
  "error DeadlinePassed(uint256 deadline)",
  "error MaximumAmountExceeded(uint128 maximumAmount, uint128 amountRequested)",
  "error MinimumAmountInsufficient(uint128 minimumAmount, uint128 amountReceived)",
]);

/**
 * UniversalRouter's `execute` and the errors a v4 swap through it reverts with: `TransactionDeadlinePassed` (the
 * deadline argument), `V4TooLittleReceived` (`TAKE_ALL`'s minimum or the swap's `amountOutMinimum`),
 * `V4TooMuchRequested`, `ExecutionFailed` (a command that may not revert did), and Permit2's errors bubbled up.
 */
export const universalRouterAbi = parseAbi([
  "function execute(bytes commands, bytes[] inputs, uint256 deadline) payable",
  "function execute(bytes commands, bytes[] inputs) payable",
  "function poolManager() view returns (address)",
  "error TransactionDeadlinePassed()",
  "error ExecutionFailed(uint256 commandIndex, bytes message)",
  "error InvalidCommandType(uint256 commandType)",
  "error LengthMismatch()",
  "error V4TooLittleReceived(uint256 minAmountOutReceived, uint256 amountReceived)",
  "error V4TooMuchRequested(uint256 maxAmountInRequested, uint256 amountRequested)",
  "error DeltaNotNegative(address currency)",
  "error DeltaNotPositive(address currency)",
  "error UnsupportedAction(uint256 action)",
  "error InputLengthMismatch()",
  "error NotPoolManager()",
  "error ContractLocked()",
]);

/**
 * Permit2's allowance functions, events and errors. `transferFrom` by a spender reverts with `AllowanceExpired`
 * (after `expiration`) or `InsufficientAllowance` (amount above the allowance); a token that Permit2 may not pull
 * reverts with solmate's `TRANSFER_FROM_FAILED` string. `approve` with `expiration` 0 lasts only the current block.
 */
export const permit2Abi = parseAbi([
  "function approve(address token, address spender, uint160 amount, uint48 expiration)",
  "function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)",
  "error AllowanceExpired(uint256 deadline)",
  "error InsufficientAllowance(uint256 amount)",
  "error ExcessiveInvalidation()",
  "error InvalidNonce()",
  "error SignatureExpired(uint256 signatureDeadline)",
]);

/** Parameters of {@link moveUniswapV4Price}. */
export interface MoveUniswapV4PriceParameters {
  /** The seeded pool, by name (`"USDC/USDm"`, see {@link UNISWAP_V4_POOLS}). */
  readonly pool: string;
  /** The token sold into the pool (one of the pool's two): its price in the pool falls. A symbol or an address. */
  readonly tokenIn: DevnetTokenSymbol | Address;
  /** How much `tokenIn` the whale sells, in whole tokens (`"50000"`). */
  readonly amountIn: string;
}

/** What {@link moveUniswapV4Price} did to the pool (StateView's `getSlot0` before and after). */
export interface MoveUniswapV4PriceReturnType {
  readonly poolId: Hex;
  readonly sqrtPriceX96Before: bigint;
  readonly sqrtPriceX96After: bigint;
  readonly tickBefore: number;
  readonly tickAfter: number;
}

/**
 * Moves a seeded v4 pool's price with one big exact-input swap through the UniversalRouter (`V4_SWAP`, paid
 * through Permit2) by a fresh impersonated whale (funded with `devnet.fund`), as a market would between a quote and
 * its execution. Selling 25 % of a stable pool's depth moves it past any usual slippage tolerance.
 *
 * @example
 * await moveUniswapV4Price(devnet, { pool: "USDC/USDm", tokenIn: "USDC", amountIn: "250000" });
 */
export async function moveUniswapV4Price(
  devnet: Pick<DevnetClient, "rpcUrl" | "fund">,
  parameters: MoveUniswapV4PriceParameters,
): Promise<MoveUniswapV4PriceReturnType> {
  const seeded = UNISWAP_V4_POOLS.find((p) => p.name === parameters.pool);
  if (!seeded) {
    throw new Error(
      `moveUniswapV4Price: no seeded v4 pool ${parameters.pool} (${UNISWAP_V4_POOLS.map((p) => p.name).join(", ")})`,
    );
  }
  const tokenIn = findDevnetToken(parameters.tokenIn, "moveUniswapV4Price");
  const { key } = seeded;
  if (tokenIn.address !== key.currency0 && tokenIn.address !== key.currency1) {
    throw new Error(`moveUniswapV4Price: ${tokenIn.symbol} is not in the ${seeded.name} pool`);
  }
  const zeroForOne = tokenIn.address === key.currency0;
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const readSlot0 = () =>
    client.readContract({
      address: UNISWAP_V4_ADDRESSES.stateView,
      abi: uniswapV4StateViewAbi,
      functionName: "getSlot0",
      args: [seeded.id],
    });
  const before = await readSlot0();
  const amountIn = parseUnits(parameters.amountIn, tokenIn.decimals);
  const whale = privateKeyToAccount(generatePrivateKey()).address;
  await devnet.fund(whale, tokenIn.address, amountIn);
  const send = (to: Address, data: Hex, what: string) =>
    sendImpersonated(devnet.rpcUrl, { to, data, gas: 5_000_000n }, what, whale);
  await send(
    tokenIn.address,
    encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [UNISWAP_V4_ADDRESSES.permit2, maxUint256],
    }),
    "the whale's approval of Permit2",
  );
  await send(
    UNISWAP_V4_ADDRESSES.permit2,
    encodeFunctionData({
      abi: permit2Abi,
      functionName: "approve",
      args: [tokenIn.address, UNISWAP_V4_ADDRESSES.universalRouter, amountIn, 2 ** 48 - 1],
    }),
    "the whale's Permit2 allowance",
  );
  const [currencyIn, currencyOut] = zeroForOne
    ? [key.currency0, key.currency1]
    : [key.currency1, key.currency0];
  const actions = encodePacked(
    ["uint8", "uint8", "uint8"],
    [UNISWAP_V4_ACTIONS.SWAP_EXACT_IN_SINGLE, UNISWAP_V4_ACTIONS.SETTLE_ALL, UNISWAP_V4_ACTIONS.TAKE_ALL],
  );
  const params = [
    encodeAbiParameters(uniswapV4ExactInputSingleParameters, [
      { poolKey: key, zeroForOne, amountIn, amountOutMinimum: 0n, hookData: "0x" },
    ]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [currencyIn, amountIn]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [currencyOut, 0n]),
  ];
  const input = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actions, params]);
  await send(
    UNISWAP_V4_ADDRESSES.universalRouter,
    encodeFunctionData({
      abi: universalRouterAbi,
      functionName: "execute",
      args: [toHex(UNIVERSAL_ROUTER_COMMANDS.V4_SWAP, { size: 1 }), [input], maxUint256],
    }),
    "the whale's v4 swap",
  );
  const after = await readSlot0();
  return {
    poolId: seeded.id,
    sqrtPriceX96Before: before[0],
    sqrtPriceX96After: after[0],
    tickBefore: before[1],
    tickAfter: after[1],
  };
}
