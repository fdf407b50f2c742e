// Uniswap v3 on the devnet: the published bytecode at the mainnet addresses, seeded pools, quotes that equal
// executed swaps, a 2-hop path, and a test-moved pool that breaks a prepared minimum.
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  devnetChain,
  moveUniswapPrice,
  UNISWAP_ADDRESSES,
  UNISWAP_POOL_SEEDS,
  uniswapPoolAddress,
  uniswapQuoterV2Abi,
  uniswapSwapRouter02Abi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("Uniswap v3 on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const { USDC, USDm, USDT, CELO } = devnet.tokens;

  async function traderWith(token: "USDC" | "USDm", amount: string) {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, token, amount);
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const hash = await wallet.writeContract({
      address: devnet.tokens[token].address,
      abi: erc20Abi,
      functionName: "approve",
      args: [UNISWAP_ADDRESSES.swapRouter02, maxUint256],
    });
    await client.waitForTransactionReceipt({ hash });
    return wallet;
  }

  const balanceOf = (token: `0x${string}`, owner: `0x${string}`) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

  it("has the factory (fee 100 enabled) and every seeded pool at its CREATE2 address with liquidity", async () => {
    expect(
      await client.readContract({
        address: UNISWAP_ADDRESSES.factory,
        abi: uniswapV3FactoryAbi,
        functionName: "feeAmountTickSpacing",
        args: [100],
      }),
    ).toBe(1);
    for (const seed of UNISWAP_POOL_SEEDS) {
      const [a, b] = [devnet.tokens[seed.base].address, devnet.tokens[seed.quote].address];
      const pool = await client.readContract({
        address: UNISWAP_ADDRESSES.factory,
        abi: uniswapV3FactoryAbi,
        functionName: "getPool",
        args: [a, b, seed.fee],
      });
      expect(getAddress(pool)).toBe(uniswapPoolAddress(a, b, seed.fee));
      expect(
        await client.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "liquidity" }),
      ).toBeGreaterThan(0n);
    }
    expect(uniswapPoolAddress(USDm.address, USDC.address, 100)).toBe(
      "0x34757893070B0FC5de37AaF2844255fF90F7F1E0",
    );
  });

  it("prices pools realistically: 100 CELO ≈ 30 USDm, 100 EURm ≈ 108 USDm, 100 USDC ≈ 100 USDm", async () => {
    const quote = async (tokenIn: `0x${string}`, tokenOut: `0x${string}`, fee: number, amountIn: bigint) =>
      (
        await client.simulateContract({
          address: UNISWAP_ADDRESSES.quoterV2,
          abi: uniswapQuoterV2Abi,
          functionName: "quoteExactInputSingle",
          args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
        })
      ).result[0];
    const celo = await quote(CELO.address, USDm.address, 3000, parseUnits("100", 18));
    expect(Number(celo) / 1e18).toBeGreaterThan(29.8);
    expect(Number(celo) / 1e18).toBeLessThan(30);
    const eur = await quote(devnet.tokens.EURm.address, USDm.address, 500, parseUnits("100", 18));
    expect(Number(eur) / 1e18).toBeGreaterThan(107.8);
    expect(Number(eur) / 1e18).toBeLessThan(108);
    const usdc = await quote(USDC.address, USDm.address, 100, parseUnits("100", 6));
    expect(Number(usdc) / 1e18).toBeGreaterThan(99.98); // fee 0.01 %, negligible price impact
  });

  it("QuoterV2's quote equals what SwapRouter02.exactInputSingle delivers", async () => {
    const trader = await traderWith("USDC", "100");
    const amountIn = parseUnits("100", 6);
    const { result } = await client.simulateContract({
      address: UNISWAP_ADDRESSES.quoterV2,
      abi: uniswapQuoterV2Abi,
      functionName: "quoteExactInputSingle",
      args: [{ tokenIn: USDC.address, tokenOut: USDm.address, amountIn, fee: 100, sqrtPriceLimitX96: 0n }],
    });
    const before = await balanceOf(USDm.address, trader.account.address);
    const hash = await trader.writeContract({
      address: UNISWAP_ADDRESSES.swapRouter02,
      abi: uniswapSwapRouter02Abi,
      functionName: "exactInputSingle",
      args: [
        {
          tokenIn: USDC.address,
          tokenOut: USDm.address,
          fee: 100,
          recipient: trader.account.address,
          amountIn,
          amountOutMinimum: result[0],
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect((await balanceOf(USDm.address, trader.account.address)) - before).toBe(result[0]);
  });

  it("a 2-hop exactInput (USDm → USDC → USDT) delivers the quoted amount", async () => {
    const trader = await traderWith("USDm", "10");
    const amountIn = parseUnits("10", 18);
    const path = encodePacked(
      ["address", "uint24", "address", "uint24", "address"],
      [USDm.address, 100, USDC.address, 100, USDT.address],
    );
    const { result } = await client.simulateContract({
      address: UNISWAP_ADDRESSES.quoterV2,
      abi: uniswapQuoterV2Abi,
      functionName: "quoteExactInput",
      args: [path, amountIn],
    });
    expect(result[1]).toHaveLength(2);
    const hash = await trader.writeContract({
      address: UNISWAP_ADDRESSES.swapRouter02,
      abi: uniswapSwapRouter02Abi,
      functionName: "exactInput",
      args: [{ path, recipient: trader.account.address, amountIn, amountOutMinimum: result[0] }],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(await balanceOf(USDT.address, trader.account.address)).toBe(result[0]);
  });

  it("moveUniswapPrice moves a pool beyond a 0.5 % slippage between quote and execution, and the swap reverts", async () => {
    // its own pool (USDC/USDT), so the other tests' quotes are not disturbed
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDT", "100");
    const trader = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await trader.writeContract({
        address: USDT.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [UNISWAP_ADDRESSES.swapRouter02, maxUint256],
      }),
    });
    const amountIn = parseUnits("100", 6);
    const { result } = await client.simulateContract({
      address: UNISWAP_ADDRESSES.quoterV2,
      abi: uniswapQuoterV2Abi,
      functionName: "quoteExactInputSingle",
      args: [{ tokenIn: USDT.address, tokenOut: USDC.address, amountIn, fee: 100, sqrtPriceLimitX96: 0n }],
    });
    const minimum = (result[0] * 9950n) / 10000n;
    const moved = await moveUniswapPrice(devnet, {
      tokenIn: "USDT",
      tokenOut: "USDC",
      fee: 100,
      amountIn: "600000",
    });
    expect(moved.tickAfter).not.toBe(moved.tickBefore);
    const swap = encodeFunctionData({
      abi: uniswapSwapRouter02Abi,
      functionName: "exactInputSingle",
      args: [
        {
          tokenIn: USDT.address,
          tokenOut: USDC.address,
          fee: 100,
          recipient: account.address,
          amountIn,
          amountOutMinimum: minimum,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
    const deadline = (await client.getBlock()).timestamp + 600n;
    await expect(
      client.simulateContract({
        account,
        address: UNISWAP_ADDRESSES.swapRouter02,
        abi: uniswapSwapRouter02Abi,
        functionName: "multicall",
        args: [deadline, [swap]],
      }),
    ).rejects.toThrow(/Too little received/);
    // and an expired deadline reverts on its own
    await expect(
      client.simulateContract({
        account,
        address: UNISWAP_ADDRESSES.swapRouter02,
        abi: uniswapSwapRouter02Abi,
        functionName: "multicall",
        args: [1n, [swap]],
      }),
    ).rejects.toThrow(/Transaction too old/);
  });
});
