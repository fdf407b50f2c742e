// The Mento v3 stand-in on the devnet: the Router's quote equals the swap's output, a passed deadline reverts with
// the Router's custom error, and setMentoRate lets a test decide which venue wins.
import {
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseUnits,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  devnetChain,
  MENTO_ADDRESSES,
  mentoFpmmAbi,
  mentoPoolAddress,
  mentoRouterAbi,
  setMentoRate,
  UNISWAP_ADDRESSES,
  uniswapQuoterV2Abi,
} from "../src/index.js";
import { useDevnet } from "../src/vitest.js";

describe("Mento v3 stand-in on the devnet", () => {
  const devnet = useDevnet();
  const chain = devnetChain(devnet.rpcUrl);
  const client = createPublicClient({ chain, transport: http(devnet.rpcUrl) });
  const { USDC, USDm, EURm } = devnet.tokens;
  const route = (from: `0x${string}`, to: `0x${string}`) => ({ from, to, factory: zeroAddress });

  async function trader() {
    const account = privateKeyToAccount(generatePrivateKey());
    await devnet.fund(account.address, "CELO", "1");
    await devnet.fund(account.address, "USDC", "1000");
    const wallet = createWalletClient({ account, chain, transport: http(devnet.rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "approve",
        args: [MENTO_ADDRESSES.router, maxUint256],
      }),
    });
    return wallet;
  }

  /** Why a mined transaction reverted: the innermost failing call's error, decoded with the Router's and pools' ABIs. */
  async function whyReverted(hash: Hex, gasUsed: bigint, gasLimit: bigint): Promise<string> {
    type Frame = { to?: string; error?: string; output?: Hex; calls?: Frame[] };
    const trace = (await client.request({
      method: "debug_traceTransaction" as never,
      params: [hash, { tracer: "callTracer" }] as never,
    })) as Frame;
    let failing = trace;
    for (
      let next = trace.calls?.find((call) => call.error);
      next;
      next = next.calls?.find((call) => call.error)
    )
      failing = next;
    let reason = failing.error ?? "no error in the trace";
    if (failing.output && failing.output !== "0x") {
      try {
        const decoded = decodeErrorResult({
          abi: [...mentoRouterAbi, ...mentoFpmmAbi],
          data: failing.output,
        });
        reason = `${decoded.errorName}(${decoded.args?.join(", ") ?? ""})`;
      } catch {
        reason = `${reason} (revert data ${failing.output.slice(0, 74)})`;
      }
    }
    return `${hash} reverted in a call to ${failing.to}: ${reason}; gas used ${gasUsed} of ${gasLimit}`;
  }

  it("has the USDm/USDC pool at its mainnet address with reserves", async () => {
    const pool = mentoPoolAddress(USDm.address, USDC.address);
    expect(pool).toBe("0x462fe04b4FD719Cbd04C0310365D421D02AaA19E");
    const [reserve0, reserve1] = await client.readContract({
      address: pool,
      abi: mentoFpmmAbi,
      functionName: "getReserves",
    });
    expect(reserve0).toBeGreaterThan(0n);
    expect(reserve1).toBeGreaterThan(0n);
  });

  it("getAmountsOut equals what swapExactTokensForTokens delivers, on one hop and two (USDC → USDm → EURm)", async () => {
    const wallet = await trader();
    for (const routes of [
      [route(USDC.address, USDm.address)],
      [route(USDC.address, USDm.address), route(USDm.address, EURm.address)],
    ]) {
      const amountIn = parseUnits("100", 6);
      const amounts = await client.readContract({
        address: MENTO_ADDRESSES.router,
        abi: mentoRouterAbi,
        functionName: "getAmountsOut",
        args: [amountIn, routes],
      });
      const out = routes.at(-1)!.to;
      const before = await client.readContract({
        address: out,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [wallet.account.address],
      });
      const deadline = (await client.getBlock()).timestamp + 300n;
      const swap = {
        address: MENTO_ADDRESSES.router,
        abi: mentoRouterAbi,
        functionName: "swapExactTokensForTokens",
        args: [amountIn, amounts.at(-1)!, routes, wallet.account.address, deadline],
      } as const;
      // The gas limit has headroom over the estimate, as preflow's own sends have (core's gasLimitOf): the
      // estimate runs in the latest block's context, so when the first pool was swapped in that block its
      // `blockTimestampLast` write is a no-op there (100 gas) but a change in the next second's block (2,900):
      // sent with the exact estimate, this two-hop swap ran out of gas whenever it landed in the next second.
      const gas = ((await client.estimateContractGas({ ...swap, account: wallet.account })) * 140n) / 100n;
      const hash = await wallet.writeContract({ ...swap, gas });
      const receipt = await client.waitForTransactionReceipt({ hash });
      expect(receipt.status, await whyReverted(hash, receipt.gasUsed, gas)).toBe("success");
      const after = await client.readContract({
        address: out,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [wallet.account.address],
      });
      expect(after - before).toBe(amounts.at(-1));
    }
  });

  it("a passed deadline reverts with Expired(); a minimum above the quote with InsufficientOutputAmount()", async () => {
    const wallet = await trader();
    const routes = [route(USDC.address, USDm.address)];
    const revertName = async (amountOutMin: bigint, deadline: bigint) => {
      try {
        await client.simulateContract({
          account: wallet.account,
          address: MENTO_ADDRESSES.router,
          abi: mentoRouterAbi,
          functionName: "swapExactTokensForTokens",
          args: [parseUnits("1", 6), amountOutMin, routes, wallet.account.address, deadline],
        });
        return "no revert";
      } catch (error) {
        const revert = (error as { walk: (f: (e: unknown) => boolean) => unknown }).walk(
          (e) => e instanceof ContractFunctionRevertedError,
        ) as ContractFunctionRevertedError | null;
        return revert?.data?.errorName;
      }
    };
    const now = (await client.getBlock()).timestamp;
    expect(await revertName(0n, now - 1n)).toBe("Expired");
    expect(await revertName(parseUnits("2", 18), now + 300n)).toBe("InsufficientOutputAmount");
  });

  it("setMentoRate decides which venue wins USDC → USDm: Uniswap at the seeded rates, Mento after a better rate", async () => {
    const amountIn = parseUnits("100", 6);
    const quotes = async () => {
      const mento = await client.readContract({
        address: MENTO_ADDRESSES.router,
        abi: mentoRouterAbi,
        functionName: "getAmountsOut",
        args: [amountIn, [route(USDC.address, USDm.address)]],
      });
      const uniswap = await client.simulateContract({
        address: UNISWAP_ADDRESSES.quoterV2,
        abi: uniswapQuoterV2Abi,
        functionName: "quoteExactInputSingle",
        args: [{ tokenIn: USDC.address, tokenOut: USDm.address, amountIn, fee: 100, sqrtPriceLimitX96: 0n }],
      });
      return { mento: mento.at(-1)!, uniswap: uniswap.result[0] };
    };
    const seeded = await quotes();
    expect(seeded.uniswap).toBeGreaterThan(seeded.mento);
    await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1.002" });
    try {
      const moved = await quotes();
      expect(moved.mento).toBeGreaterThan(moved.uniswap);
      expect(moved.mento).toBe((parseUnits("100", 18) * 1002n * 9995n) / (1000n * 10000n));
    } finally {
      await setMentoRate(devnet, { tokenA: "USDC", tokenB: "USDm", rate: "1" });
    }
  });
});
