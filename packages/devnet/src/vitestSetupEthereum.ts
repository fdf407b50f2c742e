import type { TestProject } from "vitest/node";
import { startDevnet } from "./startDevnet.js";
import type {} from "./vitestSetup.js";

/**
 * vitest global setup like `@preflow/devnet/vitest-setup`, with the Ethereum chain too (a second anvil at
 * chain id 1 with ENS, `startDevnet({ ethereum: true })`): for the packages whose tests resolve ENS names on
 * Ethereum. `useDevnet()` then has `ethereum.rpcUrl` and `registerEthereumName`.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ["@preflow/devnet/vitest-setup-ethereum"] } });
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const {
    timings,
    pids,
    childExited,
    stop,
    fund,
    sponsorUrl,
    registerCeloName,
    registerEthereumName,
    nextEpoch,
    increaseTime,
    whitelistGoodDollar,
    ...info
  } = await startDevnet({ ethereum: true });
  project.provide("devnet", info);
  return stop;
}
