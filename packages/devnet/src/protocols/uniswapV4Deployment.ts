// Build-time: Uniswap v4 from the published npm artifacts at the Celo mainnet addresses, and the seeded pools.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Hex,
  maxUint256,
  parseAbi,
  parseUnits,
  stringToHex,
  zeroAddress,
  zeroHash,
} from "viem";
import { DEVNET_ROLES } from "../accounts.js";
import { fundAccount } from "../fund.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { CELO_TOKEN_ADDRESS, DEVNET_TOKENS } from "../tokens.js";
import { type ContractArtifact, deployAt } from "./deployAt.js";
import { SEED_LIQUIDITY_PROVIDER } from "./seedLiquidityProvider.js";
import { UNISWAP_ADDRESSES, UNISWAP_POOL_INIT_CODE_HASH } from "./uniswap.js";
import { sqrtPriceX96Of } from "./uniswapSqrtPrice.js";
import {
  permit2Abi,
  UNISWAP_V4_ACTIONS,
  UNISWAP_V4_ADDRESSES,
  UNISWAP_V4_POOL_SEEDS,
  type UniswapV4PoolKey,
  type UniswapV4PoolSeed,
  uniswapV4PoolId,
  uniswapV4PoolKey,
  uniswapV4PositionManagerAbi,
  uniswapV4StateViewAbi,
} from "./uniswapV4.js";

const require = createRequire(import.meta.url);

/**
 * The npm artifacts the Uniswap v4 deployment uses (their creation code is an input of the prebuilt state). Permit2's
 * runtime code is the one v4-periphery's `DeployPermit2` helper etches (its bytecode holds it).
 */
export const UNISWAP_V4_ARTIFACTS = {
  poolManager: "@uniswap/v4-core/out/PoolManager.sol/PoolManager.json",
  positionDescriptor: "@uniswap/v4-periphery/foundry-out/PositionDescriptor.sol/PositionDescriptor.json",
  positionManager: "@uniswap/v4-periphery/foundry-out/PositionManager.sol/PositionManager.json",
  v4Quoter: "@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json",
  stateView: "@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json",
  deployPermit2: "@uniswap/v4-periphery/foundry-out/DeployPermit2.sol/DeployPermit2.json",
  universalRouter: "@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json",
} as const;

/** The source of `DeployPermit2` (shipped in v4-periphery's `lib/permit2`): its `hex"…"` literal is Permit2's runtime code. */
const PERMIT2_SOURCE = "@uniswap/v4-periphery/lib/permit2/test/utils/DeployPermit2.sol";

/** The `unsubscribeGasLimit` Uniswap's own PositionManager deployments use (v4-periphery `broadcast/DeployPosm`). */
const UNSUBSCRIBE_GAS_LIMIT = 300_000n;

const erc20ApproveAbi = parseAbi(["function approve(address spender, uint256 value) returns (bool)"]);
const Q96 = 2n ** 96n;

/** A hardhat or foundry artifact as {@link ContractArtifact} (foundry nests the creation code in `bytecode.object`). */
export function loadCreationArtifact(specifier: string): ContractArtifact {
  const artifact = require(specifier) as { abi: Abi; bytecode: Hex | { object: Hex } };
  const bytecode = typeof artifact.bytecode === "string" ? artifact.bytecode : artifact.bytecode.object;
  return { abi: artifact.abi, bytecode };
}

/** Permit2's runtime code as v4-periphery's `DeployPermit2` etches it at the canonical address. */
export function permit2RuntimeCode(): Hex {
  const source = readFileSync(require.resolve(PERMIT2_SOURCE), "utf8");
  const match = /hex"([0-9a-fA-F]+)"/.exec(source);
  if (!match) throw new Error(`devnet: no Permit2 bytecode in ${PERMIT2_SOURCE}`);
  return `0x${match[1]}`;
}

/**
 * Places Permit2 (runtime code, as Uniswap's own test helper does: its EIP-712 domain is recomputed for chain
 * 42220), then runs the constructors of PoolManager (owner: the deployer), PositionDescriptor (CELO's ERC-20 as
 * wrapped native, label "CELO"), PositionManager, V4Quoter, StateView and UniversalRouter at their Celo mainnet
 * addresses, then creates and seeds {@link UNISWAP_V4_POOL_SEEDS} through the PositionManager.
 */
export async function deployUniswapV4(rpcUrl: string): Promise<void> {
  const a = UNISWAP_V4_ADDRESSES;
  await rpcCall(rpcUrl, "anvil_setCode", [a.permit2, permit2RuntimeCode()]);
  await deployAt(
    rpcUrl,
    a.poolManager,
    {
      artifact: loadCreationArtifact(UNISWAP_V4_ARTIFACTS.poolManager),
      args: [DEVNET_ROLES.deployer.address],
    },
    "PoolManager",
  );
  await deployAt(
    rpcUrl,
    a.positionDescriptor,
    {
      artifact: loadCreationArtifact(UNISWAP_V4_ARTIFACTS.positionDescriptor),
      args: [a.poolManager, CELO_TOKEN_ADDRESS, stringToHex("CELO", { size: 32 })],
    },
    "PositionDescriptor",
  );
  await deployAt(
    rpcUrl,
    a.positionManager,
    {
      artifact: loadCreationArtifact(UNISWAP_V4_ARTIFACTS.positionManager),
      args: [a.poolManager, a.permit2, UNSUBSCRIBE_GAS_LIMIT, a.positionDescriptor, CELO_TOKEN_ADDRESS],
    },
    "PositionManager",
  );
  for (const [name, address] of [
    ["v4Quoter", a.v4Quoter],
    ["stateView", a.stateView],
  ] as const) {
    await deployAt(
      rpcUrl,
      address,
      { artifact: loadCreationArtifact(UNISWAP_V4_ARTIFACTS[name]), args: [a.poolManager] },
      name === "v4Quoter" ? "V4Quoter" : "StateView",
    );
  }
  await deployAt(
    rpcUrl,
    a.universalRouter,
    {
      artifact: loadCreationArtifact(UNISWAP_V4_ARTIFACTS.universalRouter),
      args: [
        {
          permit2: a.permit2,
          weth9: CELO_TOKEN_ADDRESS,
          v2Factory: zeroAddress,
          v3Factory: UNISWAP_ADDRESSES.factory,
          pairInitCodeHash: zeroHash,
          poolInitCodeHash: UNISWAP_POOL_INIT_CODE_HASH,
          v4PoolManager: a.poolManager,
          v3NFTPositionManager: UNISWAP_ADDRESSES.nonfungiblePositionManager,
          v4PositionManager: a.positionManager,
          spokePool: zeroAddress,
        },
      ],
    },
    "UniversalRouter",
  );
  const lp = SEED_LIQUIDITY_PROVIDER;
  const approved = new Set<Address>();
  for (const seed of UNISWAP_V4_POOL_SEEDS) await seedPool(rpcUrl, seed, lp, approved);
}

async function seedPool(
  rpcUrl: string,
  seed: UniswapV4PoolSeed,
  lp: Address,
  approved: Set<Address>,
): Promise<void> {
  const base = DEVNET_TOKENS[seed.base];
  const quote = DEVNET_TOKENS[seed.quote];
  const key = uniswapV4PoolKey(base.address, quote.address, seed.fee, seed.tickSpacing);
  const baseAmount = parseUnits(seed.baseAmount, base.decimals);
  const priceScaled = parseUnits(seed.price, 18);
  const quoteAmount =
    (baseAmount * priceScaled * 10n ** BigInt(quote.decimals)) / (10n ** 18n * 10n ** BigInt(base.decimals));
  const baseIsZero = key.currency0 === base.address;
  const [amount0, amount1] = baseIsZero ? [baseAmount, quoteAmount] : [quoteAmount, baseAmount];
  for (const [token, amount] of [
    [base.address, baseAmount],
    [quote.address, quoteAmount],
  ] as const) {
    await fundAccount(rpcUrl, lp, token, amount);
    if (approved.has(token)) continue;
    approved.add(token);
    // the PositionManager pulls through Permit2: token → Permit2, then Permit2 → PositionManager
    await sendImpersonated(
      rpcUrl,
      {
        to: token,
        data: encodeFunctionData({
          abi: erc20ApproveAbi,
          functionName: "approve",
          args: [UNISWAP_V4_ADDRESSES.permit2, maxUint256],
        }),
      },
      `approving ${token} to Permit2`,
      lp,
    );
    await sendImpersonated(
      rpcUrl,
      {
        to: UNISWAP_V4_ADDRESSES.permit2,
        data: encodeFunctionData({
          abi: permit2Abi,
          functionName: "approve",
          args: [token, UNISWAP_V4_ADDRESSES.positionManager, 2n ** 160n - 1n, 2 ** 48 - 1],
        }),
      },
      `Permit2 allowance of ${token} for the position manager`,
      lp,
    );
  }
  const sqrtPriceX96 = sqrtPriceX96Of({
    baseIsCurrency0: baseIsZero,
    priceScaled,
    baseDecimals: base.decimals,
    quoteDecimals: quote.decimals,
  });
  const manager = UNISWAP_V4_ADDRESSES.positionManager;
  await sendImpersonated(
    rpcUrl,
    {
      to: manager,
      data: encodeFunctionData({
        abi: uniswapV4PositionManagerAbi,
        functionName: "initializePool",
        args: [key, sqrtPriceX96],
      }),
      gas: 5_000_000n,
    },
    `creating the ${seed.base}/${seed.quote} v4 pool`,
    lp,
  );
  const tick = await readTick(rpcUrl, key);
  const spacing = seed.tickSpacing;
  const tickLower = Math.floor((tick - seed.tickRange) / spacing) * spacing;
  const tickUpper = Math.ceil((tick + seed.tickRange) / spacing) * spacing;
  const liquidity = liquidityForAmounts(sqrtPriceX96, tickLower, tickUpper, amount0, amount1);
  const actions = encodePacked(
    ["uint8", "uint8"],
    [UNISWAP_V4_ACTIONS.MINT_POSITION, UNISWAP_V4_ACTIONS.SETTLE_PAIR],
  );
  const mint = encodeAbiParameters(
    [
      {
        type: "tuple",
        components: [
          { type: "address" },
          { type: "address" },
          { type: "uint24" },
          { type: "int24" },
          { type: "address" },
        ],
      },
      { type: "int24" },
      { type: "int24" },
      { type: "uint256" },
      { type: "uint128" },
      { type: "uint128" },
      { type: "address" },
      { type: "bytes" },
    ],
    [
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
      tickLower,
      tickUpper,
      liquidity,
      amount0,
      amount1,
      lp,
      "0x",
    ],
  );
  const settle = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }],
    [key.currency0, key.currency1],
  );
  const unlockData = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actions, [mint, settle]]);
  await sendImpersonated(
    rpcUrl,
    {
      to: manager,
      data: encodeFunctionData({
        abi: uniswapV4PositionManagerAbi,
        functionName: "modifyLiquidities",
        args: [unlockData, maxUint256],
      }),
      gas: 5_000_000n,
    },
    `adding liquidity to the ${seed.base}/${seed.quote} v4 pool`,
    lp,
  );
}

async function readTick(rpcUrl: string, key: UniswapV4PoolKey): Promise<number> {
  const data = await rpcCall<Hex>(rpcUrl, "eth_call", [
    {
      to: UNISWAP_V4_ADDRESSES.stateView,
      data: encodeFunctionData({
        abi: uniswapV4StateViewAbi,
        functionName: "getSlot0",
        args: [uniswapV4PoolId(key)],
      }),
    },
    "latest",
  ]);
  return decodeFunctionResult({ abi: uniswapV4StateViewAbi, functionName: "getSlot0", data })[1];
}

/**
 * The liquidity that `amount0` and `amount1` buy in [tickLower, tickUpper] at `sqrtPriceX96`, less 0.1 % so that
 * the rounding of the range's prices (computed in floating point, exact to about 1e-15) never asks for more than the
 * amounts given as maxima.
 */
function liquidityForAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const sqrtAtTick = (tick: number) => BigInt(Math.round(1.0001 ** (tick / 2) * 2 ** 96));
  const sqrtA = sqrtAtTick(tickLower);
  const sqrtB = sqrtAtTick(tickUpper);
  const liquidity0 = (amount0 * ((sqrtPriceX96 * sqrtB) / Q96)) / (sqrtB - sqrtPriceX96);
  const liquidity1 = (amount1 * Q96) / (sqrtPriceX96 - sqrtA);
  const liquidity = liquidity0 < liquidity1 ? liquidity0 : liquidity1;
  return (liquidity * 999n) / 1000n;
}
