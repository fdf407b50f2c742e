// The chain reads' HTTP requests and time, counted at a local proxy in front of the devnet, next to the same work
// done with plain sequential viem calls in the same run. Run: `pnpm --filter @preflow/core bench`. Prints figures
// (ratios against viem); asserts nothing about time.
import { type FaultProxy, startFaultProxy } from "@preflow/devnet";
import { useDevnet } from "@preflow/devnet/vitest";
import { createPublicClient, erc20Abi, http, parseAbi } from "viem";
import { celo } from "viem/chains";
import { afterAll, beforeAll, it } from "vitest";
import { createSdkClient, FEE_CURRENCY_DIRECTORY_ADDRESS, TOKENS } from "../src/index.js";
import { freshAccount } from "../test/support/wallet.js";
import { measureRequests } from "./support/measureRequests.js";

const devnet = useDevnet();
let proxy: FaultProxy;
let holder: `0x${string}`;
const recipient = "0x000000000000000000000000000000000000dEaD";

beforeAll(async () => {
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl });
  holder = (await freshAccount(devnet, { CELO: "5", USDm: "10" })).address;
});
afterAll(() => proxy.close());

it("chain reads: requests and time per call, preflow / plain viem", async () => {
  const sdk = createSdkClient({ rpcUrl: proxy.url, analyticsEnabled: false });
  const viem = createPublicClient({ chain: celo, transport: http(proxy.url) });
  const rows: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      "latest 20 blocks",
      () => sdk.blockchain.getLatestBlocks({ count: 20 }),
      async () => {
        const head = await viem.getBlockNumber({ cacheTime: 0 });
        const blocks = [];
        for (let n = head; n > head - 20n && n >= 0n; n--)
          blocks.push(await viem.getBlock({ blockNumber: n }));
        return blocks;
      },
    ],
    [
      "readContract (balanceOf)",
      () =>
        sdk.blockchain.readContract({
          to: TOKENS.USDm.address,
          abi: ["function balanceOf(address) view returns (uint256)"],
          functionName: "balanceOf",
          args: [holder],
        }),
      () =>
        viem.readContract({
          address: TOKENS.USDm.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [holder],
        }),
    ],
    [
      "estimateGas (USDm send, fee in USDm)",
      () =>
        sdk.blockchain.estimateGas({
          from: holder,
          to: recipient,
          token: "USDm",
          amount: "1",
          feeCurrency: "USDm",
        }),
      async () => {
        // what the fee needs with plain viem: the gas, the gas price and tip, the currency's rate and intrinsic gas
        const directory = FEE_CURRENCY_DIRECTORY_ADDRESS;
        const abi = parseAbi([
          "function getExchangeRate(address) view returns (uint256, uint256)",
          "function getCurrencyConfig(address) view returns ((address oracle, uint256 intrinsicGas))",
        ]);
        const gas = await viem.estimateContractGas({
          account: holder,
          address: TOKENS.USDm.address,
          abi: erc20Abi,
          functionName: "transfer",
          args: [recipient, 10n ** 18n],
        });
        await viem.getGasPrice();
        await viem.estimateMaxPriorityFeePerGas();
        await viem
          .readContract({
            address: directory,
            abi,
            functionName: "getExchangeRate",
            args: [TOKENS.USDm.address],
          })
          .catch(() => undefined);
        await viem
          .readContract({
            address: directory,
            abi,
            functionName: "getCurrencyConfig",
            args: [TOKENS.USDm.address],
          })
          .catch(() => undefined);
        await viem.readContract({
          address: TOKENS.USDm.address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [holder],
        });
        return gas;
      },
    ],
  ];
  const lines: string[] = [];
  for (const [name, ours, theirs] of rows) {
    const a = await measureRequests(proxy, ours, 10);
    const b = await measureRequests(proxy, theirs, 10);
    lines.push(
      `${name}: preflow ${a.requests} request(s), ${a.medianMs.toFixed(1)} ms (median); viem ${b.requests} request(s), ${b.medianMs.toFixed(1)} ms; requests ${(a.requests / b.requests).toFixed(2)}x, time ${(a.medianMs / b.medianMs).toFixed(2)}x`,
    );
  }
  console.log(lines.join("\n"));
});
