// The committed prebuilt chain state must be what the current code and artifacts build, and the constants and
// ABIs the protocol modules export must agree with the published packages.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AaveV3Celo } from "@bgd-labs/aave-address-book";
import { type Abi, type AbiFunction, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { AAVE_ADDRESSES, AAVE_RESERVES, DEVNET_TOKENS } from "../src/index.js";
import { PREBUILT_STATE_INPUTS_FILE } from "../src/prebuiltState.js";
import { prebuiltStateInputsHash } from "../src/prebuiltStateInputs.js";
import { aaveOracleAbi, aaveProtocolDataProviderAbi, aaveV3PoolAbi } from "../src/protocols/aave.js";
import { AAVE_ARTIFACTS } from "../src/protocols/aaveDeployment.js";
import {
  uniswapNonfungiblePositionManagerAbi,
  uniswapQuoterV2Abi,
  uniswapSwapRouter02Abi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from "../src/protocols/uniswap.js";
import { UNISWAP_ARTIFACTS } from "../src/protocols/uniswapDeployment.js";
import {
  permit2Abi,
  uniswapV4PoolManagerAbi,
  uniswapV4PositionManagerAbi,
  uniswapV4QuoterAbi,
  uniswapV4StateViewAbi,
  universalRouterAbi,
} from "../src/protocols/uniswapV4.js";
import { permit2RuntimeCode, UNISWAP_V4_ARTIFACTS } from "../src/protocols/uniswapV4Deployment.js";

const require = createRequire(import.meta.url);

describe("prebuilt chain state", () => {
  it("is current (rebuild: pnpm --filter @preflow/devnet build-state)", () => {
    const recorded = JSON.parse(readFileSync(PREBUILT_STATE_INPUTS_FILE, "utf8")) as { inputsHash: string };
    expect(
      prebuiltStateInputsHash(),
      "the prebuilt state is stale: run pnpm --filter @preflow/devnet build-state",
    ).toBe(recorded.inputsHash);
  });
});

describe("protocol constants and ABIs", () => {
  const selectors = (abi: Abi) =>
    abi.filter((item): item is AbiFunction => item.type === "function").map((f) => toFunctionSelector(f));
  const artifactAbi = (specifier: string) => (require(specifier) as { abi: Abi }).abi;

  it.each([
    ["UniswapV3Factory", uniswapV3FactoryAbi, UNISWAP_ARTIFACTS.factory],
    ["UniswapV3Pool", uniswapV3PoolAbi, UNISWAP_ARTIFACTS.pool],
    ["QuoterV2", uniswapQuoterV2Abi, UNISWAP_ARTIFACTS.quoterV2],
    ["SwapRouter02", uniswapSwapRouter02Abi, UNISWAP_ARTIFACTS.swapRouter02],
    ["NonfungiblePositionManager", uniswapNonfungiblePositionManagerAbi, UNISWAP_ARTIFACTS.positionManager],
    ["PoolManager", uniswapV4PoolManagerAbi, UNISWAP_V4_ARTIFACTS.poolManager],
    ["PositionManager", uniswapV4PositionManagerAbi, UNISWAP_V4_ARTIFACTS.positionManager],
    ["V4Quoter", uniswapV4QuoterAbi, UNISWAP_V4_ARTIFACTS.v4Quoter],
    ["StateView", uniswapV4StateViewAbi, UNISWAP_V4_ARTIFACTS.stateView],
    ["UniversalRouter", universalRouterAbi, UNISWAP_V4_ARTIFACTS.universalRouter],
    ["Aave Pool", aaveV3PoolAbi, AAVE_ARTIFACTS.pool],
    ["AaveOracle", aaveOracleAbi, AAVE_ARTIFACTS.oracle],
    ["AaveProtocolDataProvider", aaveProtocolDataProviderAbi, AAVE_ARTIFACTS.dataProvider],
  ] as const)("%s: every exported function is in the published artifact", (_, abi, specifier) => {
    const published = new Set(selectors(artifactAbi(specifier)));
    for (const selector of selectors(abi as Abi)) expect(published).toContain(selector);
  });

  it("Permit2: every exported function's selector is dispatched by the runtime code the devnet places", () => {
    const code = permit2RuntimeCode().toLowerCase();
    for (const selector of selectors(permit2Abi)) expect(code).toContain(`63${selector.slice(2)}`); // PUSH4
  });

  it("Aave addresses and reserve ids are the address book's (AaveV3Celo)", () => {
    expect(AAVE_ADDRESSES.poolAddressesProvider).toBe(AaveV3Celo.POOL_ADDRESSES_PROVIDER);
    expect(AAVE_ADDRESSES.pool).toBe(AaveV3Celo.POOL);
    expect(AAVE_ADDRESSES.poolConfigurator).toBe(AaveV3Celo.POOL_CONFIGURATOR);
    expect(AAVE_ADDRESSES.aclManager).toBe(AaveV3Celo.ACL_MANAGER);
    expect(AAVE_ADDRESSES.oracle).toBe(AaveV3Celo.ORACLE);
    expect(AAVE_ADDRESSES.protocolDataProvider).toBe(AaveV3Celo.AAVE_PROTOCOL_DATA_PROVIDER);
    expect(AAVE_ADDRESSES.collector).toBe(AaveV3Celo.COLLECTOR);
    expect(AAVE_ADDRESSES.defaultATokenImpl).toBe(AaveV3Celo.DEFAULT_A_TOKEN_IMPL);
    expect(AAVE_ADDRESSES.defaultVariableDebtTokenImpl).toBe(AaveV3Celo.DEFAULT_VARIABLE_DEBT_TOKEN_IMPL);
    for (const reserve of Object.values(AAVE_RESERVES)) {
      const book = AaveV3Celo.ASSETS[reserve.symbol];
      expect(book.id).toBe(reserve.id);
      expect(book.UNDERLYING).toBe(DEVNET_TOKENS[reserve.symbol].address);
      expect(book.decimals).toBe(DEVNET_TOKENS[reserve.symbol].decimals);
      expect(book.A_TOKEN).toBe(reserve.aToken);
      expect(book.V_TOKEN).toBe(reserve.variableDebtToken);
      expect(book.ORACLE).toBe(reserve.priceFeed);
      expect(book.INTEREST_RATE_STRATEGY).toBe(AAVE_ADDRESSES.interestRateStrategy);
    }
  });
});
