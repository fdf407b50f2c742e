// The fee-currency `prepareSend` (10 USDC from an account with 0 CELO, gas paid in USDC through its adapter)
// against the same work in plain viem, in one run: HTTP requests at a counting proxy in front of the devnet, and
// time (median of warm runs). The viem side does what an app would do by hand to price a CIP-64 send: the
// directory's config and rate for the currency, `eth_gasPrice` and `eth_maxPriorityFeePerGas` with the fee
// currency, `eth_estimateGas` with `feeCurrency`, the token balance (amount + max fee must fit), one call after
// the other, chain id checked once. Prints figures and ratios; asserts nothing about time.
// Run: `pnpm --filter @preflow/core bench` (or `pnpm bench`).
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import {
  createSdkClient,
  FEE_CURRENCY_DIRECTORY_ADDRESS,
  FEE_CURRENCY_OF_TOKEN,
  TOKENS,
} from "../src/index.js";
import { freshAccount } from "../test/support/wallet.js";

const RUNS = 15;
const devnet = useDevnet();
let proxy: FaultProxy;
let alice: Address;
const bob = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  alice = (await freshAccount(devnet, { USDC: "50" })).address; // no CELO at all
});
afterAll(() => proxy.close());

const directoryAbi = parseAbi([
  "function getCurrencyConfig(address token) view returns ((address oracle, uint256 intrinsicGas))",
  "function getExchangeRate(address token) view returns (uint256 numerator, uint256 denominator)",
]);

/** The same work with plain viem on its `celo` chain: sequential calls, chain id checked once. */
function plainViem() {
  const client = createPublicClient({ chain: celo, transport: http(proxy.url) });
  let verified = false;
  return async () => {
    if (!verified) {
      if ((await client.getChainId()) !== 42220) throw new Error("wrong chain");
      verified = true;
    }
    const feeCurrency = FEE_CURRENCY_OF_TOKEN.USDC as Address; // the adapter, not the token
    const amount = parseUnits("10", 6);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [bob, amount] });
    const config = await client.readContract({
      address: FEE_CURRENCY_DIRECTORY_ADDRESS,
      abi: directoryAbi,
      functionName: "getCurrencyConfig",
      args: [feeCurrency],
    });
    const [numerator, denominator] = await client.readContract({
      address: FEE_CURRENCY_DIRECTORY_ADDRESS,
      abi: directoryAbi,
      functionName: "getExchangeRate",
      args: [feeCurrency],
    });
    if (config.intrinsicGas === 0n || numerator === 0n || denominator === 0n) throw new Error("unregistered");
    const gasPrice = BigInt(await client.request({ method: "eth_gasPrice", params: [feeCurrency] } as never));
    const tip = BigInt(
      await client.request({ method: "eth_maxPriorityFeePerGas", params: [feeCurrency] } as never),
    );
    const gas = await client.estimateGas({
      account: alice,
      to: TOKENS.USDC.address,
      data,
      feeCurrency,
    });
    const balance = await client.readContract({
      address: TOKENS.USDC.address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [alice],
    });
    const maxFee = (gas * (gasPrice + tip)) / 10n ** 12n + 1n; // 18-decimal fee units to USDC's 6
    if (balance < amount + maxFee) throw new Error("insufficient");
    return { gas, gasPrice, tip, maxFee };
  };
}

async function measure(fn: () => Promise<unknown>) {
  proxy.reset();
  await fn(); // cold: includes the one-time chain check
  const cold = proxy.requests;
  const times: number[] = [];
  proxy.reset();
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  const warm = proxy.requests / RUNS;
  times.sort((a, b) => a - b);
  return { cold, warm, medianMs: times[Math.floor(RUNS / 2)] ?? Number.NaN };
}

it("prints the fee-currency prepareSend against plain viem: requests and time, as ratios", async () => {
  const client = createSdkClient({ rpcUrl: proxy.url, attributionTags: ["bench"], analyticsEnabled: false });
  const viem = plainViem();
  // interleaved, so both see the same machine load
  const preflow = await measure(() =>
    client.transaction.prepareSend(alice, bob, "USDC", "10", { feeCurrency: "USDC" }),
  );
  const plain = await measure(viem);
  const preflowAgain = await measure(() =>
    client.transaction.prepareSend(alice, bob, "USDC", "10", { feeCurrency: "USDC" }),
  );
  const preflowMs = Math.min(preflow.medianMs, preflowAgain.medianMs);
  const lines = [
    "prepareSend 10 USDC paying gas in USDC (adapter), account with 0 CELO: preflow vs plain viem (same run)",
    `  HTTP requests, cold (first call, chain check):  preflow ${preflow.cold}, viem ${plain.cold} -> viem/preflow ${(plain.cold / preflow.cold).toFixed(1)}x`,
    `  HTTP requests, warm:                            preflow ${preflow.warm}, viem ${plain.warm} -> ${(plain.warm / preflow.warm).toFixed(1)}x`,
    `  time, median of ${RUNS} warm runs:                preflow ${preflowMs.toFixed(1)} ms, viem ${plain.medianMs.toFixed(1)} ms -> viem/preflow ${(plain.medianMs / preflowMs).toFixed(2)}x`,
    "  (viem: directory getCurrencyConfig + getExchangeRate, eth_gasPrice and eth_maxPriorityFeePerGas with the",
    "   fee currency, eth_estimateGas with feeCurrency, balanceOf; preflow reads all of it in one JSON-RPC batch)",
  ];
  console.log(`\n${lines.join("\n")}\n`);
});
