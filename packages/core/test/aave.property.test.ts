// Properties of client.aave's pure parts, without a network: the health-factor estimates against a model of Aave
// v3's own arithmetic (GenericLogic.calculateUserAccountData: per-asset values floored, the average liquidation
// threshold floored, percentMul and wadDiv rounding half up), the floor parser and the strict read decoders.
import fc from "fast-check";
import { encodeAbiParameters, type Hex, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import {
  AaveReadError,
  decodeFunctionResultStrict,
  formatAmount,
  InvalidArgumentError,
} from "../src/index.js";
import {
  assetPriceOf,
  reserveDataOf,
  reservesListOf,
  toAaveReadError,
  userAccountDataOf,
  userReserveDataOf,
} from "../src/protocols/aave-v3/aaveReads.js";
import { aaveV3DataProviderAbi, aaveV3OracleAbi, aaveV3PoolAbi } from "../src/protocols/aave-v3/abis.js";
import { AAVE_V3_ADDRESSES } from "../src/protocols/aave-v3/addresses.js";
import {
  estimateHealthFactor,
  parseHealthFactorFloor,
  toBaseCurrency,
  WAD,
} from "../src/protocols/aave-v3/healthFactor.js";

const percentMul = (value: bigint, percentage: bigint) => (value * percentage + 5_000n) / 10_000n;
const wadDiv = (a: bigint, b: bigint) => (a * WAD + b / 2n) / b;

interface Asset {
  balance: bigint; // token base units
  price: bigint; // USD, 8 decimals
  decimals: number;
  threshold: bigint; // bps
}

/** Aave's account data for collateral `assets` and a debt already in base currency. */
function accountData(assets: readonly Asset[], debt: bigint) {
  let collateral = 0n;
  let weighted = 0n;
  for (const asset of assets) {
    const value = (asset.balance * asset.price) / 10n ** BigInt(asset.decimals);
    collateral += value;
    weighted += value * asset.threshold;
  }
  const threshold = collateral === 0n ? 0n : weighted / collateral;
  const healthFactor = debt === 0n ? maxUint256 : wadDiv(percentMul(collateral, threshold), debt);
  return { collateral, threshold, healthFactor };
}

const asset = fc.record({
  balance: fc.bigInt({ min: 0n, max: 10n ** 30n }),
  price: fc.bigInt({ min: 1n, max: 10n ** 13n }), // up to 100,000 USD
  decimals: fc.constantFrom(6, 8, 18),
  threshold: fc.bigInt({ min: 0n, max: 9_500n }),
});
const debt = fc.bigInt({ min: 1n, max: 10n ** 16n });

/** The largest gap the documentation allows: (2 × C / 10 000 + 1) / D, in WAD, plus the divisions' rounding. */
const allowedGap = (collateral: bigint, debtBase: bigint) =>
  ((2n * collateral + 10_000n) * WAD) / (10_000n * debtBase) + 2n;

describe("health-factor estimates against Aave's arithmetic", () => {
  it("a withdrawal: never above the chain's health factor after it, and within the documented gap", () => {
    fc.assert(
      fc.property(
        fc.array(asset, { minLength: 1, maxLength: 5 }),
        debt,
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (assets, debtBase, pick, fraction) => {
          const index = pick % assets.length;
          const from = assets[index]!;
          const amount = BigInt(Math.floor(Number(from.balance) * fraction));
          const withdrawn = amount > from.balance ? from.balance : amount;
          const before = accountData(assets, debtBase);
          const after = accountData(
            assets.map((entry, i) =>
              i === index ? { ...entry, balance: entry.balance - withdrawn } : entry,
            ),
            debtBase,
          );
          const estimate = estimateHealthFactor({
            collateralBase: before.collateral,
            debtBase,
            liquidationThreshold: before.threshold,
            collateralDecreaseBase: toBaseCurrency(withdrawn, from.price, from.decimals, "up"),
            collateralDecreaseThreshold: from.threshold,
          })!;
          expect(estimate).toBeGreaterThanOrEqual(0n);
          expect(estimate).toBeLessThanOrEqual(after.healthFactor);
          expect(after.healthFactor - estimate).toBeLessThanOrEqual(allowedGap(before.collateral, debtBase));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("a borrow: never above the chain's health factor after it, and within the documented gap", () => {
    fc.assert(
      fc.property(
        fc.array(asset, { minLength: 1, maxLength: 5 }),
        debt,
        asset,
        (assets, debtBase, borrowed) => {
          const before = accountData(assets, debtBase);
          const added = toBaseCurrency(borrowed.balance, borrowed.price, borrowed.decimals, "up");
          // On chain the new debt is floored per asset: at most what the estimate adds.
          const chainAdded = (borrowed.balance * borrowed.price) / 10n ** BigInt(borrowed.decimals);
          const chain = wadDiv(percentMul(before.collateral, before.threshold), debtBase + chainAdded);
          const estimate = estimateHealthFactor({
            collateralBase: before.collateral,
            debtBase,
            liquidationThreshold: before.threshold,
            debtIncreaseBase: added,
          })!;
          expect(estimate).toBeLessThanOrEqual(chain);
          // Plus the amount's value rounded up by at most one base unit: at most chain / D of the health factor.
          const roundingGap = chain / (debtBase + chainAdded) + 1n;
          expect(chain - estimate).toBeLessThanOrEqual(
            allowedGap(before.collateral, debtBase + chainAdded) + roundingGap,
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("is monotonic: more collateral withdrawn or more borrowed never raises it", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10_000n }), // a collateral's threshold (callers skip non-collateral)
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        (collateralBase, liquidationThreshold, debtBase, threshold, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const base = { collateralBase, debtBase, liquidationThreshold };
          const withdraw = (amount: bigint) =>
            estimateHealthFactor({
              ...base,
              collateralDecreaseBase: amount,
              collateralDecreaseThreshold: threshold,
            })!;
          const borrow = (amount: bigint) => estimateHealthFactor({ ...base, debtIncreaseBase: amount })!;
          expect(withdraw(large)).toBeLessThanOrEqual(withdraw(small));
          expect(borrow(large)).toBeLessThanOrEqual(borrow(small));
        },
      ),
    );
  });

  it("is null without debt after the change, whatever else", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (collateralBase, liquidationThreshold) => {
          expect(estimateHealthFactor({ collateralBase, debtBase: 0n, liquidationThreshold })).toBeNull();
        },
      ),
    );
  });

  it("toBaseCurrency rounds up by at most one unit over rounding down", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom(0, 6, 18),
        (amount, price, decimals) => {
          const down = toBaseCurrency(amount, price, decimals, "down");
          const up = toBaseCurrency(amount, price, decimals, "up");
          expect(up - down).toBeGreaterThanOrEqual(0n);
          expect(up - down).toBeLessThanOrEqual(1n);
          expect(down * 10n ** BigInt(decimals)).toBeLessThanOrEqual(amount * price);
          expect(up * 10n ** BigInt(decimals)).toBeGreaterThanOrEqual(amount * price);
        },
      ),
    );
  });
});

describe("healthFactorFloor parsing", () => {
  it("returns a WAD in [1, 100] or throws InvalidArgumentError, for anything", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.anything()), (value) => {
        try {
          const wad = parseHealthFactorFloor(value, "healthFactorFloor", WAD);
          expect(wad).toBeGreaterThanOrEqual(WAD);
          expect(wad).toBeLessThanOrEqual(100n * WAD);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidArgumentError);
          expect((error as InvalidArgumentError).details.field).toBe("healthFactorFloor");
        }
      }),
    );
  });

  it("round-trips every decimal floor in range exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: WAD, max: 100n * WAD }), (wad) => {
        expect(parseHealthFactorFloor(formatAmount(wad, 18), "f", 0n)).toBe(wad);
      }),
    );
    expect(parseHealthFactorFloor(1.25, "f", 0n)).toBe((WAD * 5n) / 4n);
    expect(parseHealthFactorFloor(undefined, "f", 7n)).toBe(7n);
    for (const bad of [
      "0.99",
      "1e0",
      " 1.1",
      "1.",
      "",
      "101",
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e-7,
      null,
      {},
    ]) {
      expect(() => parseHealthFactorFloor(bad, "f", WAD), String(bad)).toThrow(InvalidArgumentError);
    }
  });
});

// The path of every Aave read: `readBatch` decodes its answer with the read's ABI through the shared strict decoder
// (`decodeFunctionResultStrict`'s own properties are in faults.strictDecoding.test.ts), then aaveReads takes what
// preflow uses from the value. Here: the Aave ABIs through that decoder, and the value functions on what it yields.
const rpcUrl = "http://127.0.0.1:1";
type AaveRead = [
  abi: typeof aaveV3PoolAbi | typeof aaveV3OracleAbi | typeof aaveV3DataProviderAbi,
  target: Hex,
  take: (result: { success: boolean; returnData: Hex; value: unknown }) => unknown,
];
const reads: Record<string, AaveRead> = {
  getUserAccountData: [aaveV3PoolAbi, AAVE_V3_ADDRESSES.pool, userAccountDataOf],
  getReserveData: [aaveV3PoolAbi, AAVE_V3_ADDRESSES.pool, reserveDataOf],
  getReservesList: [aaveV3PoolAbi, AAVE_V3_ADDRESSES.pool, reservesListOf],
  getUserReserveData: [aaveV3DataProviderAbi, AAVE_V3_ADDRESSES.protocolDataProvider, userReserveDataOf],
  getAssetPrice: [aaveV3OracleAbi, AAVE_V3_ADDRESSES.oracle, assetPriceOf],
};

/**
 * What an Aave action gets from an answer `returnData` of read `name` (`success`: the call did not revert): the
 * strict decoder's `RpcError` goes through `toAaveReadError`, as `readAave` does with `readBatch`'s.
 */
function readAnswer(name: string, success: boolean, returnData: Hex): unknown {
  const [abi, target, take] = reads[name]!;
  let value: unknown;
  try {
    value = success
      ? decodeFunctionResultStrict({ abi, functionName: name as never, data: returnData, target, rpcUrl })
      : undefined;
  } catch (error) {
    throw toAaveReadError(error);
  }
  return take({ success, returnData, value });
}

describe("strict decoding of Aave reads", () => {
  const hex = fc
    .uint8Array({ maxLength: 700 })
    .map((bytes) => `0x${Buffer.from(bytes).toString("hex")}` as Hex);
  const lengths: Record<string, number> = {
    getUserAccountData: 192,
    getReserveData: 480,
    getUserReserveData: 288,
    getAssetPrice: 32,
  };

  it("never throw anything but AaveReadError naming the function on garbage, and refuse every wrong length", () => {
    fc.assert(
      fc.property(hex, fc.boolean(), (returnData, success) => {
        for (const name of Object.keys(reads)) {
          try {
            const value = readAnswer(name, success, returnData);
            expect(success, name).toBe(true);
            const size = (returnData.length - 2) / 2;
            if (name === "getReservesList") expect(size).toBe(64 + 32 * (value as readonly Hex[]).length);
            else expect(size, name).toBe(lengths[name]);
          } catch (error) {
            expect(error, name).toBeInstanceOf(AaveReadError);
            expect((error as AaveReadError).details.functionName, name).toBe(name);
          }
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("decode well-formed answers, and refuse one extra word or a non-boolean flag", () => {
    const accountData = encodeAbiParameters(
      Array.from({ length: 6 }, () => ({ type: "uint256" })),
      [1n, 2n, 3n, 7_800n, 7_500n, WAD],
    );
    expect(readAnswer("getUserAccountData", true, accountData)).toMatchObject({
      totalCollateralBase: 1n,
      currentLiquidationThreshold: 7_800n,
      healthFactor: WAD,
    });
    expect(() => readAnswer("getUserAccountData", true, `${accountData}${"00".repeat(32)}`)).toThrow(
      new AaveReadError({
        contract: "Aave v3 Pool",
        functionName: "getUserAccountData",
        reason:
          "returned 224 bytes, not the 192 bytes of the canonical ABI encoding of (uint256,uint256,uint256,uint256,uint256,uint256)",
      }),
    );
    expect(() => readAnswer("getUserAccountData", false, accountData)).toThrow(
      new AaveReadError({
        contract: "Aave v3 Pool",
        functionName: "getUserAccountData",
        reason: "the call reverted or returned nothing (no contract there?)",
      }),
    );
    const userReserve = (flag: bigint) =>
      encodeAbiParameters(
        Array.from({ length: 9 }, () => ({ type: "uint256" })),
        [5n, 0n, 6n, 0n, 0n, 0n, 0n, 0n, flag],
      );
    expect(readAnswer("getUserReserveData", true, userReserve(1n))).toEqual({
      supplied: 5n,
      variableDebt: 6n,
      usedAsCollateral: true,
    });
    expect(() => readAnswer("getUserReserveData", true, userReserve(2n))).toThrow(AaveReadError);
    const list = encodeAbiParameters(
      [{ type: "address[]" }],
      [["0x471EcE3750Da237f93B8E339c536989b8978a438"]],
    );
    expect(readAnswer("getReservesList", true, list)).toEqual(["0x471EcE3750Da237f93B8E339c536989b8978a438"]);
    expect(() => readAnswer("getReservesList", true, `${list}00` as Hex)).toThrow(AaveReadError);
    expect(() => readAnswer("getAssetPrice", true, encodeAbiParameters([{ type: "uint256" }], [0n]))).toThrow(
      /the price is 0/,
    );
  });
});
