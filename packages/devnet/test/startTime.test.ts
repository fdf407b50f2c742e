// Reports how long a devnet with every protocol takes to start (a figure, not a timed assertion; the budget is
// 4 s), and that the prebuilt state is what it loaded.
import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { AAVE_ADDRESSES, MENTO_ADDRESSES, startDevnet, UNISWAP_ADDRESSES } from "../src/index.js";

describe("devnet start-up with the protocols", () => {
  it("reports its start time and has every protocol in place", async () => {
    const devnet = await startDevnet();
    try {
      console.log(`devnet start-up (budget 4000 ms): ${JSON.stringify(devnet.timings)}`);
      const client = createPublicClient({ transport: http(devnet.rpcUrl) });
      for (const address of [
        UNISWAP_ADDRESSES.factory,
        UNISWAP_ADDRESSES.swapRouter02,
        UNISWAP_ADDRESSES.quoterV2,
        MENTO_ADDRESSES.router,
        AAVE_ADDRESSES.pool,
      ]) {
        expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2);
      }
    } finally {
      await devnet.stop();
    }
  });
});
