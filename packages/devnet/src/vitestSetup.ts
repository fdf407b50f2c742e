import type { TestProject } from "vitest/node";
import type { DevnetInfo } from "./connectDevnet.js";
import { startDevnet } from "./startDevnet.js";

declare module "vitest" {
  export interface ProvidedContext {
    devnet: DevnetInfo;
  }
}

/**
 * vitest global setup: starts one devnet for the package's whole test run and stops it afterwards.
 * Add `globalSetup: ["@preflow/devnet/vitest-setup"]` to the vitest config, then call `useDevnet()` from
 * `@preflow/devnet/vitest` in tests.
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
  } = await startDevnet();
  project.provide("devnet", info);
  return stop;
}
