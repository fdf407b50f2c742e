// Build-time: the Mento v3 stand-ins (contracts/MentoStandIn.sol) and their seeded pools.
import { encodeFunctionData, getAddress, parseUnits } from "viem";
import {
  mentoFactoryRegistryStandInAbi,
  mentoFactoryRegistryStandInRuntimeCode,
  mentoFPMMFactoryStandInAbi,
  mentoFPMMFactoryStandInRuntimeCode,
  mentoFPMMStandInRuntimeCode,
  mentoRouterStandInRuntimeCode,
} from "../contracts.generated.js";
import { fundAccount } from "../fund.js";
import { rpcCall } from "../rpc.js";
import { sendImpersonated } from "../sendImpersonated.js";
import { DEVNET_TOKENS } from "../tokens.js";
import {
  MENTO_ADDRESSES,
  MENTO_POOL_SEEDS,
  mentoFpmmAbi,
  mentoPoolAddress,
  mentoRouterAbi,
} from "./mento.js";
import { SEED_LIQUIDITY_PROVIDER } from "./seedLiquidityProvider.js";
import { sortTokenAddresses } from "./uniswap.js";

/**
 * Places the Router, the FPMM factory and registry stand-ins, then each pool of {@link MENTO_POOL_SEEDS}:
 * initialized with its tokens, fees and rate, registered with the factory, and given reserves.
 */
export async function deployMento(rpcUrl: string): Promise<void> {
  const { router, fpmmFactory, factoryRegistry } = MENTO_ADDRESSES;
  await rpcCall(rpcUrl, "anvil_setCode", [factoryRegistry, mentoFactoryRegistryStandInRuntimeCode]);
  await rpcCall(rpcUrl, "anvil_setCode", [fpmmFactory, mentoFPMMFactoryStandInRuntimeCode]);
  await rpcCall(rpcUrl, "anvil_setCode", [router, mentoRouterStandInRuntimeCode]);
  const send = (to: `0x${string}`, data: `0x${string}`, what: string) =>
    sendImpersonated(rpcUrl, { to, data }, what, SEED_LIQUIDITY_PROVIDER);
  await send(
    factoryRegistry,
    encodeFunctionData({ abi: mentoFactoryRegistryStandInAbi, functionName: "approve", args: [fpmmFactory] }),
    "approving the FPMM factory",
  );
  await send(
    router,
    encodeFunctionData({
      abi: mentoRouterAbi,
      functionName: "initialize",
      args: [factoryRegistry, fpmmFactory],
    }),
    "initializing the Mento router",
  );
  for (const seed of MENTO_POOL_SEEDS) {
    const base = DEVNET_TOKENS[seed.base];
    const quote = DEVNET_TOKENS[seed.quote];
    const [token0, token1] = sortTokenAddresses(base.address, quote.address);
    const pool = mentoPoolAddress(token0, token1);
    const scaled = parseUnits(seed.rate, 18);
    const [numerator, denominator] =
      token0 === getAddress(base.address) ? [scaled, 10n ** 18n] : [10n ** 18n, scaled];
    await rpcCall(rpcUrl, "anvil_setCode", [pool, mentoFPMMStandInRuntimeCode]);
    await send(
      pool,
      encodeFunctionData({
        abi: mentoFpmmAbi,
        functionName: "initialize",
        args: [token0, token1, BigInt(seed.lpFeeBps), BigInt(seed.protocolFeeBps), numerator, denominator],
      }),
      `initializing the ${seed.base}/${seed.quote} FPMM`,
    );
    await send(
      fpmmFactory,
      encodeFunctionData({
        abi: mentoFPMMFactoryStandInAbi,
        functionName: "register",
        args: [token0, token1, pool],
      }),
      `registering the ${seed.base}/${seed.quote} FPMM`,
    );
    const baseReserve = parseUnits(seed.baseReserve, base.decimals);
    const quoteReserve =
      (baseReserve * scaled * 10n ** BigInt(quote.decimals)) / (10n ** 18n * 10n ** BigInt(base.decimals));
    // reserves go straight to the pool (CELO: native balance, as its ERC-20 balance is the native one)
    await fundAccount(rpcUrl, pool, base.address, baseReserve);
    await fundAccount(rpcUrl, pool, quote.address, quoteReserve);
    await send(
      pool,
      encodeFunctionData({ abi: mentoFpmmAbi, functionName: "mint", args: [SEED_LIQUIDITY_PROVIDER] }),
      `booking the ${seed.base}/${seed.quote} FPMM reserves`,
    );
  }
}
