import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { connectDevnet, type DevnetClient, type DevnetInfo } from "./connectDevnet.js";
import { startDevnet } from "./startDevnet.js";

declare module "vitest" {
  export interface ProvidedContext {
    devnet: DevnetInfo;
  }
}

/**
 * vitest global setup: starts one devnet for the package's whole test run and stops it afterwards.
 * Add `globalSetup: ["@preflow/devnet/vitest"]` to the vitest config, then call {@link useDevnet} in tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const devnet = await startDevnet();
  const { timings, pids, stop, fund, sponsorUrl, ...info } = devnet;
  project.provide("devnet", info);
  return stop;
}

/**
 * The devnet started by the global setup, for use inside tests.
 *
 * @example
 * const devnet = useDevnet();
 * await devnet.fund(alice, "USDm", "10");
 */
export function useDevnet(): DevnetClient {
  const info = inject("devnet");
  if (!info)
    throw new Error(
      'useDevnet(): add globalSetup: ["@preflow/devnet/vitest"] to this package\'s vitest config',
    );
  return connectDevnet(info);
}
