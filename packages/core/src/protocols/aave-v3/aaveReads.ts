// Multicall3 reads of the Aave v3 market, each carrying its ABI so that `readBatch` decodes it strictly, and what
// preflow takes from their values: a result of the wrong shape, a revert or no contract is an AaveReadError naming
// the function, never a silently wrong number.
import { type Address, type ContractFunctionReturnType, encodeFunctionData, zeroAddress } from "viem";
import type { SdkBaseClient } from "../../clients/types.js";
import { RpcError } from "../../errors/rpc.js";
import { type FlowFeePlan, type ReadWithFeePlanResult, readWithFeePlan } from "../../fees/flowFee.js";
import type { ReadCall, ReadResult } from "../../rpc/readBatch.js";
import type { TokenInfo } from "../../tokens/registry.js";
import { aaveV3DataProviderAbi, aaveV3OracleAbi, aaveV3PoolAbi } from "./abis.js";
import { AAVE_V3_ADDRESSES, AAVE_V3_POOL_LABEL } from "./addresses.js";
import { AaveReadError, AaveReserveUnavailableError, type LendingOperation } from "./lendingErrors.js";

const POOL = AAVE_V3_POOL_LABEL;
const ORACLE = "AaveOracle";
const DATA_PROVIDER = "AaveProtocolDataProvider";
/**
 * The Aave contracts preflow reads: where each is, its label in an {@link AaveReadError}, and its ABI. A plain
 * literal (no work at import time, dropped by bundlers where unused).
 */
const AAVE_READ_CONTRACTS = [
  { address: AAVE_V3_ADDRESSES.pool, label: POOL, abi: aaveV3PoolAbi },
  { address: AAVE_V3_ADDRESSES.oracle, label: ORACLE, abi: aaveV3OracleAbi },
  { address: AAVE_V3_ADDRESSES.protocolDataProvider, label: DATA_PROVIDER, abi: aaveV3DataProviderAbi },
] as const;

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
    abi: aaveV3PoolAbi,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getUserAccountData", args: [user] }),
  };
}

/** `Pool.getReserveData(asset)`. @internal */
export function reserveDataRead(asset: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.pool,
    abi: aaveV3PoolAbi,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getReserveData", args: [asset] }),
  };
}

/** `Pool.getReservesList()`. @internal */
export function reservesListRead(): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.pool,
    abi: aaveV3PoolAbi,
    callData: encodeFunctionData({ abi: aaveV3PoolAbi, functionName: "getReservesList" }),
  };
}

/** `AaveProtocolDataProvider.getUserReserveData(asset, user)`. @internal */
export function userReserveDataRead(asset: Address, user: Address): ReadCall {
  return {
    target: AAVE_V3_ADDRESSES.protocolDataProvider,
    abi: aaveV3DataProviderAbi,
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
    abi: aaveV3OracleAbi,
    callData: encodeFunctionData({ abi: aaveV3OracleAbi, functionName: "getAssetPrice", args: [asset] }),
  };
}

type PoolValue<functionName extends "getUserAccountData" | "getReserveData" | "getReservesList"> =
  ContractFunctionReturnType<typeof aaveV3PoolAbi, "view", functionName>;

/**
 * The value `readBatch` decoded strictly (every Aave read carries its `abi`, so a wrong shape already threw and
 * {@link readAave} made it an {@link AaveReadError}); a revert or no contract is an {@link AaveReadError}.
 */
function decodedValue<value>(result: ReadResult | undefined, contract: string, functionName: string): value {
  if (!result?.success || result.value === undefined) {
    throw new AaveReadError({
      contract,
      functionName,
      reason: "the call reverted or returned nothing (no contract there?)",
    });
  }
  return result.value as value;
}

/** The answer of {@link userAccountDataRead}. @internal */
export function userAccountDataOf(result: ReadResult | undefined): UserAccountData {
  const value = decodedValue<PoolValue<"getUserAccountData">>(result, POOL, "getUserAccountData");
  const [totalCollateralBase, totalDebtBase, availableBorrowsBase] = value;
  const [, , , currentLiquidationThreshold, ltv, healthFactor] = value;
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
 * The answer of {@link reserveDataRead}, with the configuration bitmap of Aave's `ReserveConfiguration` decoded
 * (LTV bits 0–15, liquidation threshold 16–31, decimals 48–55, active 56, frozen 57, borrowing 58, paused 60). A
 * reserve that is not listed has the zero aToken address. @internal
 */
export function reserveDataOf(result: ReadResult | undefined): ReserveData {
  const reserve = decodedValue<PoolValue<"getReserveData">>(result, POOL, "getReserveData");
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

/** The answer of {@link reservesListRead}: the underlying addresses of every listed reserve. @internal */
export function reservesListOf(result: ReadResult | undefined): readonly Address[] {
  return decodedValue<PoolValue<"getReservesList">>(result, POOL, "getReservesList");
}

/** The answer of {@link userReserveDataRead}. @internal */
export function userReserveDataOf(result: ReadResult | undefined): UserReserveData {
  const [supplied, , variableDebt, , , , , , usedAsCollateral] = decodedValue<
    ContractFunctionReturnType<typeof aaveV3DataProviderAbi, "view", "getUserReserveData">
  >(result, DATA_PROVIDER, "getUserReserveData");
  return { supplied, variableDebt, usedAsCollateral };
}

/** The answer of {@link assetPriceRead}; a zero price (no feed) is an {@link AaveReadError}. @internal */
export function assetPriceOf(result: ReadResult | undefined): bigint {
  const price = decodedValue<bigint>(result, ORACLE, "getAssetPrice");
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
 * Runs `reads`, the block number and the fee plan's reads and calls in ONE HTTP request ({@link readWithFeePlan});
 * a read that fails is an `AaveReadError` naming the contract. `signal`: the shared read layer's abort
 * (`RequestAbortedError`; nothing is sent when it is already aborted). @internal
 */
export async function readAave(
  client: SdkBaseClient,
  reads: readonly ReadCall[],
  signal: AbortSignal | undefined,
  fee?: FlowFeePlan | undefined,
): Promise<ReadWithFeePlanResult> {
  return readWithFeePlan(client, { reads, plan: fee, signal }).catch((error: unknown) => {
    throw toAaveReadError(error);
  });
}

/**
 * `readBatch` reports an answer that is not the canonical encoding of its function's outputs as an `RpcError`
 * whose `details.read` names the target and function: for an Aave read, that is an {@link AaveReadError} naming
 * the contract and function. Any other error is returned as it is. @internal
 */
export function toAaveReadError(error: unknown): unknown {
  if (!(error instanceof RpcError)) return error;
  const { read, reason } = error.details as {
    read?: { target: string; functionName: string };
    reason: string;
  };
  if (read === undefined) return error;
  const { target, functionName } = read;
  const known = AAVE_READ_CONTRACTS.find(
    (contract) => contract.address.toLowerCase() === target.toLowerCase(),
  );
  if (!known?.abi.some((item: { name?: string }) => item.name === functionName)) return error;
  const label = `${functionName} at ${target} `;
  return new AaveReadError({
    contract: known.label,
    functionName,
    reason: reason.startsWith(label) ? reason.slice(label.length) : reason,
  });
}

/**
 * What a health-factor check reads, in ONE request with the fee plan's reads: `from`'s account data, the reserve
 * (checked usable for `operation`) and its oracle price, and, for a withdrawal, first `from`'s position in the
 * reserve. @internal
 */
export async function readAaveAccountReserve<operation extends "borrow" | "withdraw">(
  client: SdkBaseClient,
  input: { from: Address; token: TokenInfo; operation: operation },
  signal: AbortSignal | undefined,
  fee: FlowFeePlan | undefined,
): Promise<{
  position: operation extends "withdraw" ? UserReserveData : undefined;
  account: UserAccountData;
  reserve: ReserveData;
  price: bigint;
  blockNumber: bigint;
  fee: { reads: ReadResult[]; calls: unknown[] };
}> {
  const { from, token, operation } = input;
  const withPosition = operation === "withdraw";
  const reads = [userAccountDataRead(from), reserveDataRead(token.address), assetPriceRead(token.address)];
  const read = await readAave(
    client,
    withPosition ? [userReserveDataRead(token.address, from), ...reads] : reads,
    signal,
    fee,
  );
  const results = withPosition ? read.reads.slice(1) : read.reads;
  const position = (
    withPosition ? userReserveDataOf(read.reads[0]) : undefined
  ) as operation extends "withdraw" ? UserReserveData : undefined;
  const account = userAccountDataOf(results[0]);
  const reserve = reserveDataOf(results[1]);
  const price = assetPriceOf(results[2]);
  expectReserveUsable(reserve, token, operation);
  return { position, account, reserve, price, blockNumber: read.blockNumber, fee: read.fee };
}
