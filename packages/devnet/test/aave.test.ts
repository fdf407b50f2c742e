// The Aave v3 market on the devnet (published v3.0.2 bytecode at the Celo mainnet addresses): supply, account
// data, borrow against USDC collateral, repay, withdraw everything, and a settable price.
import { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  AAVE_ADDRESSES,
  AAVE_RESERVES,
  aaveOracleAbi,
  aaveProtocolDataProviderAbi,
  aaveV3PoolAbi,
  devnetChain,
  setAavePrice,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("Aave v3 on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const { USDC, USDm } = devnet.tokens;
  const pool = AAVE_ADDRESSES.pool;

  it("lists every reserve at its mainnet id with its aToken and variable-debt token at their mainnet addresses", async () => {
    const list = await client.readContract({
      address: pool,
      abi: aaveV3PoolAbi,
      functionName: "getReservesList",
    });
    for (const reserve of Object.values(AAVE_RESERVES)) {
      const asset = devnet.tokens[reserve.symbol].address;
      expect(list[reserve.id]).toBe(asset);
      const data = await client.readContract({
        address: pool,
        abi: aaveV3PoolAbi,
        functionName: "getReserveData",
        args: [asset],
      });
      expect(data.id).toBe(reserve.id);
      expect(data.aTokenAddress).toBe(reserve.aToken);
      expect(data.variableDebtTokenAddress).toBe(reserve.variableDebtToken);
      const config = await client.readContract({
        address: AAVE_ADDRESSES.protocolDataProvider,
        abi: aaveProtocolDataProviderAbi,
        functionName: "getReserveConfigurationData",
        args: [asset],
      });
      expect([config[1], config[2], config[3]]).toEqual([
        BigInt(reserve.ltv),
        BigInt(reserve.liquidationThreshold),
        BigInt(reserve.liquidationBonus),
      ]);
      expect(config[6]).toBe(true); // borrowing enabled
    }
  });

  it("supplies USDC, borrows USDm against it, repays everything and withdraws everything", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const user = account.address;
    await devnet.fund(user, "CELO", "1");
    await devnet.fund(user, "USDC", "1000");
    await devnet.fund(user, "USDm", "10"); // for the interest accrued until the repayment lands
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    // The gas limit is the estimate + 20 %: other test files share the devnet, and on a loaded machine seconds
    // can pass between the estimate and the block, enough for Aave to need more gas as interest accrues (an
    // exact estimate then reverts out of gas; core's executePreparedFlow adds the same headroom).
    const send = async (request: Parameters<typeof wallet.writeContract>[0]) => {
      const estimate = await client.estimateContractGas({ ...request, account } as never);
      const hash = await wallet.writeContract({ ...request, gas: estimate + estimate / 5n });
      const receipt = await client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
    };
    const accountData = () =>
      client.readContract({
        address: pool,
        abi: aaveV3PoolAbi,
        functionName: "getUserAccountData",
        args: [user],
      });

    await send({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [pool, parseUnits("1000", 6)],
    } as never);
    await send({
      address: pool,
      abi: aaveV3PoolAbi,
      functionName: "supply",
      args: [USDC.address, parseUnits("1000", 6), user, 0],
    } as never);
    expect(
      await client.readContract({
        address: AAVE_RESERVES.USDC.aToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBe(parseUnits("1000", 6));
    const supplied = await accountData();
    expect(supplied[0]).toBe(1000n * 10n ** 8n); // collateral, USD with 8 decimals
    expect(supplied[1]).toBe(0n);
    expect(supplied[2]).toBe(750n * 10n ** 8n); // LTV 75 %

    await send({
      address: pool,
      abi: aaveV3PoolAbi,
      functionName: "borrow",
      args: [USDm.address, parseUnits("500", 18), 2n, 0, user],
    } as never);
    const borrowed = await accountData();
    expect(borrowed[1]).toBe(500n * 10n ** 8n);
    expect(borrowed[5]).toBe((1000n * 7800n * 10n ** 18n) / (500n * 10000n)); // health factor 1.56
    expect(
      await client.readContract({
        address: AAVE_RESERVES.USDm.variableDebtToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBeGreaterThanOrEqual(parseUnits("500", 18));

    await send({
      address: USDm.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [pool, maxUint256],
    } as never);
    await send({
      address: pool,
      abi: aaveV3PoolAbi,
      functionName: "repay",
      args: [USDm.address, maxUint256, 2n, user],
    } as never);
    expect(
      await client.readContract({
        address: AAVE_RESERVES.USDm.variableDebtToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBe(0n);

    await send({
      address: pool,
      abi: aaveV3PoolAbi,
      functionName: "withdraw",
      args: [USDC.address, maxUint256, user],
    } as never);
    expect(
      await client.readContract({
        address: AAVE_RESERVES.USDC.aToken,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBe(0n);
    expect(
      await client.readContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [user],
      }),
    ).toBe(parseUnits("1000", 6));
  });

  it("setAavePrice changes what AaveOracle reports", async () => {
    const read = () =>
      client.readContract({
        address: AAVE_ADDRESSES.oracle,
        abi: aaveOracleAbi,
        functionName: "getAssetPrice",
        args: [devnet.tokens.WETH.address],
      });
    expect(await read()).toBe(3000n * 10n ** 8n);
    await setAavePrice(devnet, "WETH", "2500.5");
    try {
      expect(await read()).toBe(250050000000n);
    } finally {
      await setAavePrice(devnet, "WETH", AAVE_RESERVES.WETH.price);
    }
  });
});
