// Uniswap v4 on the devnet with plain viem: the published bytecode at the Celo mainnet addresses, seeded pools that
// StateView reads and V4Quoter quotes, and an exact-input swap through the UniversalRouter (V4_SWAP) paid through
// Permit2 with an exact, expiring allowance, which emits the PoolManager's Swap and delivers the quoted amount.
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
  parseUnits,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  DEVNET_TOKENS,
  devnetChain,
  moveUniswapV4Price,
  permit2Abi,
  UNISWAP_V4_ACTIONS,
  UNISWAP_V4_ADDRESSES,
  UNISWAP_V4_POOLS,
  UNIVERSAL_ROUTER_COMMANDS,
  type UniswapV4SeededPool,
  uniswapV4ExactInputSingleParameters,
  uniswapV4PoolManagerAbi,
  uniswapV4PositionManagerAbi,
  uniswapV4QuoterAbi,
  uniswapV4StateViewAbi,
  universalRouterAbi,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

const pool = (name: string): UniswapV4SeededPool => {
  const found = UNISWAP_V4_POOLS.find((p) => p.name === name);
  if (!found) throw new Error(`no seeded v4 pool ${name}`);
  return found;
};

/** The UniversalRouter input of an exact-input single-pool swap: V4_SWAP with SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL. */
function v4SwapInput(
  seeded: UniswapV4SeededPool,
  tokenIn: Address,
  amountIn: bigint,
  minimumOut: bigint,
): Hex {
  const zeroForOne = tokenIn === seeded.key.currency0;
  const [currencyIn, currencyOut] = zeroForOne
    ? [seeded.key.currency0, seeded.key.currency1]
    : [seeded.key.currency1, seeded.key.currency0];
  const actions = encodePacked(
    ["uint8", "uint8", "uint8"],
    [UNISWAP_V4_ACTIONS.SWAP_EXACT_IN_SINGLE, UNISWAP_V4_ACTIONS.SETTLE_ALL, UNISWAP_V4_ACTIONS.TAKE_ALL],
  );
  const params = [
    encodeAbiParameters(uniswapV4ExactInputSingleParameters, [
      { poolKey: seeded.key, zeroForOne, amountIn, amountOutMinimum: minimumOut, hookData: "0x" },
    ]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [currencyIn, amountIn]),
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [currencyOut, minimumOut]),
  ];
  return encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actions, params]);
}

describe("Uniswap v4 on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });

  const quote = async (seeded: UniswapV4SeededPool, tokenIn: Address, amountIn: bigint) =>
    (
      await client.simulateContract({
        address: UNISWAP_V4_ADDRESSES.v4Quoter,
        abi: uniswapV4QuoterAbi,
        functionName: "quoteExactInputSingle",
        args: [
          {
            poolKey: seeded.key,
            zeroForOne: tokenIn === seeded.key.currency0,
            exactAmount: amountIn,
            hookData: "0x",
          },
        ],
      })
    ).result[0];

  const revertOf = async (from: Address, data: Hex) => {
    try {
      await client.call({ account: from, to: UNISWAP_V4_ADDRESSES.universalRouter, data });
    } catch (error) {
      const revert = (error as { walk: (f: (e: unknown) => boolean) => { data?: Hex } | null }).walk(
        (e) => typeof (e as { data?: unknown }).data === "string",
      );
      return decodeErrorResult({ abi: [...universalRouterAbi, ...permit2Abi], data: revert!.data! });
    }
    throw new Error("the swap did not revert");
  };

  it("has every contract's code at its mainnet address, and the pool keys sorted without hooks", async () => {
    for (const [name, address] of Object.entries(UNISWAP_V4_ADDRESSES)) {
      expect((await client.getCode({ address }))?.length ?? 0, name).toBeGreaterThan(1000);
    }
    expect(
      await client.readContract({
        address: UNISWAP_V4_ADDRESSES.universalRouter,
        abi: universalRouterAbi,
        functionName: "poolManager",
      }),
    ).toBe(UNISWAP_V4_ADDRESSES.poolManager);
    expect(UNISWAP_V4_POOLS.map((p) => p.name)).toEqual(["USDC/USDm", "USDT/USDm", "CELO/USDm"]);
    for (const { key } of UNISWAP_V4_POOLS) {
      expect(BigInt(key.currency0)).toBeLessThan(BigInt(key.currency1));
      expect(key.hooks).toBe("0x0000000000000000000000000000000000000000");
    }
    // the seed liquidity provider holds one position NFT per pool
    expect(
      await client.readContract({
        address: UNISWAP_V4_ADDRESSES.positionManager,
        abi: uniswapV4PositionManagerAbi,
        functionName: "nextTokenId",
      }),
    ).toBe(BigInt(UNISWAP_V4_POOLS.length + 1));
  });

  it("StateView reads each seeded pool: initialised at its price, with liquidity", async () => {
    const prices: Record<string, number> = {};
    for (const seeded of UNISWAP_V4_POOLS) {
      const [sqrtPriceX96, , , lpFee] = await client.readContract({
        address: UNISWAP_V4_ADDRESSES.stateView,
        abi: uniswapV4StateViewAbi,
        functionName: "getSlot0",
        args: [seeded.id],
      });
      expect(lpFee).toBe(seeded.key.fee);
      const liquidity = await client.readContract({
        address: UNISWAP_V4_ADDRESSES.stateView,
        abi: uniswapV4StateViewAbi,
        functionName: "getLiquidity",
        args: [seeded.id],
      });
      expect(liquidity).toBeGreaterThan(0n);
      // whole currency1 per whole currency0
      const decimals = (a: Address) => Object.values(DEVNET_TOKENS).find((t) => t.address === a)!.decimals;
      const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
      prices[seeded.name] = raw * 10 ** (decimals(seeded.key.currency0) - decimals(seeded.key.currency1));
    }
    expect(prices["USDC/USDm"]).toBeCloseTo(1, 6); // USDm is currency0
    expect(prices["USDT/USDm"]).toBeCloseTo(1, 6); // USDT is currency0
    expect(prices["CELO/USDm"]).toBeCloseTo(0.3, 6); // CELO is currency0
  });

  it("V4Quoter quotes each seeded pool in both directions near its price", async () => {
    const { USDC, USDT, USDm, CELO } = devnet.tokens;
    const usdc = await quote(pool("USDC/USDm"), USDC.address, parseUnits("100", 6));
    expect(Number(usdc) / 1e18).toBeGreaterThan(99.98); // fee 0.01 %
    expect(Number(usdc) / 1e18).toBeLessThan(100);
    const usdm = await quote(pool("USDC/USDm"), USDm.address, parseUnits("100", 18));
    expect(Number(usdm) / 1e6).toBeGreaterThan(99.98);
    const usdt = await quote(pool("USDT/USDm"), USDT.address, parseUnits("100", 6));
    expect(Number(usdt) / 1e18).toBeGreaterThan(99.98);
    const celo = await quote(pool("CELO/USDm"), CELO.address, parseUnits("100", 18));
    expect(Number(celo) / 1e18).toBeGreaterThan(29.8); // 0.30 USDm per CELO less 0.3 %
    expect(Number(celo) / 1e18).toBeLessThan(30);
  });

  it("a swap through the UniversalRouter, paid through Permit2 with an exact expiring allowance, emits Swap and delivers the quote", async () => {
    const { USDC, USDm } = devnet.tokens;
    const seeded = pool("USDC/USDm");
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDC", "250");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const amountIn = parseUnits("250", 6);
    const deadline = (await client.getBlock()).timestamp + 600n;
    // the token approves Permit2 for exactly the amount, Permit2 lets the router pull it until the deadline
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [UNISWAP_V4_ADDRESSES.permit2, amountIn],
      }),
    });
    const permitReceipt = await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: UNISWAP_V4_ADDRESSES.permit2,
        abi: permit2Abi,
        functionName: "approve",
        args: [USDC.address, UNISWAP_V4_ADDRESSES.universalRouter, amountIn, Number(deadline)],
      }),
    });
    const [approval] = parseEventLogs({ abi: permit2Abi, eventName: "Approval", logs: permitReceipt.logs });
    expect(approval?.args).toMatchObject({ amount: amountIn, expiration: Number(deadline) });

    const quoted = await quote(seeded, USDC.address, amountIn);
    const commands = toHex(UNIVERSAL_ROUTER_COMMANDS.V4_SWAP, { size: 1 });
    const inputs = [v4SwapInput(seeded, USDC.address, amountIn, quoted)];
    const hash = await wallet.writeContract({
      address: UNISWAP_V4_ADDRESSES.universalRouter,
      abi: universalRouterAbi,
      functionName: "execute",
      args: [commands, inputs, deadline],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const swaps = parseEventLogs({ abi: uniswapV4PoolManagerAbi, eventName: "Swap", logs: receipt.logs });
    expect(swaps).toHaveLength(1);
    const [swap] = swaps;
    expect(swap!.address.toLowerCase()).toBe(UNISWAP_V4_ADDRESSES.poolManager.toLowerCase());
    expect(swap!.args.id).toBe(seeded.id);
    expect(swap!.args.sender.toLowerCase()).toBe(UNISWAP_V4_ADDRESSES.universalRouter.toLowerCase());
    // USDm is currency0 (out: positive to the swapper), USDC currency1 (in: negative)
    expect(swap!.args.amount0).toBe(quoted);
    expect(swap!.args.amount1).toBe(-amountIn);
    expect(
      await client.readContract({
        address: USDm.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account.address],
      }),
    ).toBe(quoted);
    const [left] = await client.readContract({
      address: UNISWAP_V4_ADDRESSES.permit2,
      abi: permit2Abi,
      functionName: "allowance",
      args: [account.address, USDC.address, UNISWAP_V4_ADDRESSES.universalRouter],
    });
    expect(left).toBe(0n); // the exact allowance is used up
  });

  it("refuses a swap above the Permit2 allowance, past the deadline, below the minimum, with a short token allowance or an expired Permit2 allowance, with their errors", async () => {
    const { USDT } = devnet.tokens;
    const seeded = pool("USDT/USDm");
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDT", "20");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const now = (await client.getBlock()).timestamp;
    const allow = async (tokenAmount: string, permit2Amount: string, expiration: bigint) => {
      for (const data of [
        encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [UNISWAP_V4_ADDRESSES.permit2, parseUnits(tokenAmount, 6)],
        }),
        encodeFunctionData({
          abi: permit2Abi,
          functionName: "approve",
          args: [
            USDT.address,
            UNISWAP_V4_ADDRESSES.universalRouter,
            parseUnits(permit2Amount, 6),
            Number(expiration),
          ],
        }),
      ]) {
        const to = data.startsWith("0x095ea7b3") ? USDT.address : UNISWAP_V4_ADDRESSES.permit2;
        await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, data }) });
      }
    };
    await allow("20", "10", now + 600n);
    const execute = (amountIn: bigint, minimumOut: bigint, deadline: bigint) =>
      encodeFunctionData({
        abi: universalRouterAbi,
        functionName: "execute",
        args: [
          toHex(UNIVERSAL_ROUTER_COMMANDS.V4_SWAP, { size: 1 }),
          [v4SwapInput(seeded, USDT.address, amountIn, minimumOut)],
          deadline,
        ],
      });
    const over = await revertOf(account.address, execute(parseUnits("15", 6), 0n, now + 600n));
    expect(over.errorName).toBe("InsufficientAllowance");
    const late = await revertOf(account.address, execute(parseUnits("10", 6), 0n, now - 1n));
    expect(late.errorName).toBe("TransactionDeadlinePassed");
    const greedy = await revertOf(
      account.address,
      execute(parseUnits("10", 6), parseUnits("11", 18), now + 600n),
    );
    expect(greedy.errorName).toBe("V4TooLittleReceived");
    await allow("1", "10", now + 600n);
    const short = await revertOf(account.address, execute(parseUnits("5", 6), 0n, now + 600n));
    expect([short.errorName, short.args]).toEqual(["Error", ["TRANSFER_FROM_FAILED"]]);
    await allow("20", "10", 1n); // expired since 1970
    const expired = await revertOf(account.address, execute(parseUnits("5", 6), 0n, now + 600n));
    expect([expired.errorName, expired.args]).toEqual(["AllowanceExpired", [1n]]);
  });

  it("moveUniswapV4Price moves a pool between quote and execution: a swap with the old minimum reverts", async () => {
    const { USDT } = devnet.tokens;
    const seeded = pool("USDT/USDm"); // the last test on this pool
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDT", "100");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    const amountIn = parseUnits("100", 6);
    const deadline = (await client.getBlock()).timestamp + 600n;
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: USDT.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [UNISWAP_V4_ADDRESSES.permit2, amountIn],
      }),
    });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: UNISWAP_V4_ADDRESSES.permit2,
        abi: permit2Abi,
        functionName: "approve",
        args: [USDT.address, UNISWAP_V4_ADDRESSES.universalRouter, amountIn, Number(deadline)],
      }),
    });
    const minimum = ((await quote(seeded, USDT.address, amountIn)) * 9950n) / 10000n;
    const moved = await moveUniswapV4Price(devnet, {
      pool: "USDT/USDm",
      tokenIn: "USDT",
      amountIn: "250000",
    });
    expect(moved.poolId).toBe(seeded.id);
    expect(moved.tickAfter).toBeLessThan(moved.tickBefore); // USDT is currency0: selling it lowers the price
    const data = encodeFunctionData({
      abi: universalRouterAbi,
      functionName: "execute",
      args: [
        toHex(UNIVERSAL_ROUTER_COMMANDS.V4_SWAP, { size: 1 }),
        [v4SwapInput(seeded, USDT.address, amountIn, minimum)],
        deadline,
      ],
    });
    expect((await revertOf(account.address, data)).errorName).toBe("V4TooLittleReceived");
  });
});
