// Multicall3 reads of the Aave v3 market and their strict decoders: a result of the wrong length, a revert or
// no contract is an AaveReadError naming the function, never a silently wrong number.
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, zeroAddress } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { AaveReadError, AaveReserveUnavailableError, type LendingOperation } from "../../errors/lending.js";
import { type ReadCall, type ReadResult, readBatch } from "../../rpc/readBatch.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { aaveV3DataProviderAbi, aaveV3OracleAbi, aaveV3PoolAbi } from "./abis.js";
import { AAVE_V3_ADDRESSES } from "./addresses.js";

const POOL = "Aave v3 Pool";
const ORACLE = "AaveOracle";
const DATA_PROVIDER = "AaveProtocolDataProvider";

/** What `Pool.getUserAccountData` reports: USD amounts with 8 decimals, bps, health factor in WAD. @internal */
export interface UserAccountData {
  totalCollateralBase: bigint;
  totalDebtBase: bigint;
  availableBorrowsBase: bigint;
  /** Weighted average liquidation threshold of the collateral, basis points. */
  currentLiquidationThreshold: bigint;
  /** Weighted average LTV of the collateral, basis points. */
  ltv: bigint;
  /** WAD (1e18 = 1.0); `2^256 - 1` without debt. */
  healthFactor: bigint;
}

/** The parts of `Pool.getReserveData` preflow uses, with the configuration bitmap decoded. @internal */
export interface ReserveData {
  aToken: Address;
  variableDebtToken: Address;
  /** Basis points. */
  ltv: number;
  /** Basis points. */
  liquidationThreshold: number;
  decimals: number;
  active: boolean;
  frozen: boolean;
  borrowingEnabled: boolean;
  paused: boolean;
  /** Variable borrow rate, ray (1e27 = 100 % a year). */
  variableBorrowRate: bigint;
}

/** What `AaveProtocolDataProvider.getUserReserveData` reports that preflow uses. @internal */
export interface UserReserveData {
  /** aToken balance (supplied, with interest), base units. */
  supplied: bigint;
  /** Variable debt (with interest), base units. */
  variableDebt: bigint;
  usedAsCollateral: boolean;
}

/** `Pool.getUserAccountData(user)`. @internal */
export function userAccountDataRead(user: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.pool,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getUserAccountData", args: [user] }),
  };
}

/** `Pool.getReserveData(asset)`. @internal */
export function reserveDataRead(asset: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.pool,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getReserveData", args: [asset] }),
  };
}

/** `Pool.getReservesList()`. @internal */
export function reservesListRead(): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.pool,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getReservesList" }),
  };
}

/** `AaveProtocolDataProvider.getUserReserveData(asset, user)`. @internal */
export function userReserveDataRead(asset: Address, user: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.protocolDataProvider,
    callData: encodeFunctionData({
      abi: aaveV3DataProviderAbi,
      functionName: "getUserReserveData",
      args: [asset, user],
    }),
  };
}

/** `AaveOracle.getAssetPrice(asset)`. @internal */
export function assetPriceRead(asset: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.oracle,
    callData: encodeFunctionData({ abi: aaveV3OracleAbi, functionName: "getAssetPrice", args: [asset] }),
  };
}

/**
 * The return data of a read whose outputs are all static, checked to be exactly `words` 32-byte words and, for
 * `narrow` words, to fit their type (address, uint128, bool...). Throws {@link AaveReadError}.
 */
function expectWords(
  result: ReadResult | undefined,
  contract: string,
  functionName: string,
  words: number,
  narrow: Readonly<Record<number, number>> = {},
): Hex {
  const fail = (reason: string): never => {
    throw new AaveReadError({ contract, functionName, reason });
  };
  if (!result?.success || !result.returnData)
    return fail("the call reverted or returned nothing (no contract there?)");
  const data = result.returnData;
  const bytes = (data.length - 2) / 2;
  if (!/^0x[0-9a-fA-F]*$/.test(data) || bytes !== words * 32) {
    return fail(`returned ${bytes} bytes where ${words * 32} were expected`);
  }
  for (const [index, bits] of Object.entries(narrow)) {
    const word = BigInt(`0x${data.slice(2 + Number(index) * 64, 2 + (Number(index) + 1) * 64)}`);
    if (word >> BigInt(bits) !== 0n) fail(`word ${index} does not fit in ${bits} bits`);
  }
  return data;
}

/** Decodes {@link userAccountDataRead}. @internal */
export function decodeUserAccountData(result: ReadResult | undefined): UserAccountData {
  const data = expectWords(result, POOL, "getUserAccountData", 6, { 3: 16, 4: 16 });
  const [
    totalCollateralBase,
    totalDebtBase,
    availableBorrowsBase,
    currentLiquidationThreshold,
    ltv,
    healthFactor,
  ] = decodeFunctionResult({ abi: aaveV3PoolAbi, functionName: "getUserAccountData", data });
  return {
    totalCollateralBase,
    totalDebtBase,
    availableBorrowsBase,
    currentLiquidationThreshold,
    ltv,
    healthFactor,
  };
}

const bit = (data: bigint, index: number): boolean => ((data >> BigInt(index)) & 1n) === 1n;
const bits = (data: bigint, from: number, width: number): number =>
  Number((data >> BigInt(from)) & ((1n << BigInt(width)) - 1n));

/**
 * Decodes {@link reserveDataRead} (the configuration bitmap of Aave's `ReserveConfiguration`: LTV bits 0–15,
 * liquidation threshold 16–31, decimals 48–55, active 56, frozen 57, borrowing 58, paused 60). A reserve that is
 * not listed decodes with the zero aToken address. @internal
 */
export function decodeReserveData(result: ReadResult | undefined): ReserveData {
  // liquidityIndex..currentStableBorrowRate, accruedToTreasury, unbacked, isolationModeTotalDebt: uint128;
  // lastUpdateTimestamp uint40; id uint16; four addresses.
  const data = expectWords(result, POOL, "getReserveData", 15, {
    1: 128,
    2: 128,
    3: 128,
    4: 128,
    5: 128,
    6: 40,
    7: 16,
    8: 160,
    9: 160,
    10: 160,
    11: 160,
    12: 128,
    13: 128,
    14: 128,
  });
  const reserve = decodeFunctionResult({ abi: aaveV3PoolAbi, functionName: "getReserveData", data });
  const config = reserve.configuration.data;
  return {
    aToken: reserve.aTokenAddress,
    variableDebtToken: reserve.variableDebtTokenAddress,
    ltv: bits(config, 0, 16),
    liquidationThreshold: bits(config, 16, 16),
    decimals: bits(config, 48, 8),
    active: bit(config, 56),
    frozen: bit(config, 57),
    borrowingEnabled: bit(config, 58),
    paused: bit(config, 60),
    variableBorrowRate: reserve.currentVariableBorrowRate,
  };
}

/** Decodes {@link reservesListRead}: the underlying addresses of every listed reserve. @internal */
export function decodeReservesList(result: ReadResult | undefined): readonly Address[] {
  const fail = (reason: string): never => {
    throw new AaveReadError({ contract: POOL, functionName: "getReservesList", reason });
  };
  if (!result?.success || !result.returnData)
    return fail("the call reverted or returned nothing (no contract there?)");
  const data = result.returnData;
  const bytes = (data.length - 2) / 2;
  if (bytes < 64 || bytes % 32 !== 0) return fail(`returned ${bytes} bytes, not an ABI-encoded address[]`);
  const offset = BigInt(`0x${data.slice(2, 66)}`);
  const length = BigInt(`0x${data.slice(66, 130)}`);
  if (offset !== 32n || BigInt(bytes) !== 64n + 32n * length) {
    return fail(`returned ${bytes} bytes that do not encode one address[] exactly`);
  }
  for (let index = 0; index < Number(length); index++) {
    if (BigInt(`0x${data.slice(130 + index * 64, 130 + (index + 1) * 64)}`) >> 160n !== 0n) {
      fail(`entry ${index} is not an address`);
    }
  }
  return decodeFunctionResult({ abi: aaveV3PoolAbi, functionName: "getReservesList", data });
}

/** Decodes {@link userReserveDataRead}. @internal */
export function decodeUserReserveData(result: ReadResult | undefined): UserReserveData {
  const data = expectWords(result, DATA_PROVIDER, "getUserReserveData", 9, { 7: 40, 8: 1 });
  const decoded = decodeFunctionResult({
    abi: aaveV3DataProviderAbi,
    functionName: "getUserReserveData",
    data,
  });
  return { supplied: decoded[0], variableDebt: decoded[2], usedAsCollateral: decoded[8] };
}

/** Decodes {@link assetPriceRead}; a zero price (no feed) is an {@link AaveReadError}. @internal */
export function decodeAssetPrice(result: ReadResult | undefined): bigint {
  const data = expectWords(result, ORACLE, "getAssetPrice", 1);
  const price = decodeFunctionResult({ abi: aaveV3OracleAbi, functionName: "getAssetPrice", data });
  if (price === 0n) {
    throw new AaveReadError({
      contract: ORACLE,
      functionName: "getAssetPrice",
      reason: "the price is 0 (no feed)",
    });
  }
  return price;
}

/**
 * Checks that a reserve read on chain can take `operation`, and that its decimals are the registry's (else the
 * endpoint is not Celo mainnet's market). Withdraw and repay work on frozen reserves; supply and borrow do not.
 * @throws {AaveReserveUnavailableError} @throws {AaveReadError} @internal
 */
export function expectReserveUsable(
  reserve: ReserveData,
  token: TokenInfo,
  operation: LendingOperation,
): void {
  const unavailable = (
    state: ConstructorParameters<typeof AaveReserveUnavailableError>[0]["state"],
  ): never => {
    throw new AaveReserveUnavailableError({ operation, token: token.symbol, state });
  };
  if (reserve.aToken === zeroAddress) unavailable("not listed");
  if (reserve.decimals !== token.decimals) {
    throw new AaveReadError({
      contract: POOL,
      functionName: "getReserveData",
      reason: `the ${token.symbol} reserve has ${reserve.decimals} decimals where the token has ${token.decimals}`,
    });
  }
  if (!reserve.active) unavailable("inactive");
  if (reserve.paused) unavailable("paused");
  if (reserve.frozen && (operation === "supply" || operation === "borrow")) unavailable("frozen");
  if (operation === "borrow" && !reserve.borrowingEnabled) unavailable("borrowing disabled");
}

/**
 * Runs `reads` (and the block number) in ONE HTTP request through the client's Multicall3 batch. `signal`: the
 * shared read layer's abort (`RequestAbortedError`; nothing is sent when it is already aborted). @internal
 */
export async function readAave(
  client: SdkBaseClient,
  reads: readonly ReadCall[],
  signal: AbortSignal | undefined,
): Promise<{ results: ReadResult[]; blockNumber: bigint }> {
  const { reads: results, blockNumber } = await readBatch(client, { reads, blockNumber: true, signal });
  return { results, blockNumber: blockNumber as bigint };
}
