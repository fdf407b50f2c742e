import { inject } from "vitest";
import { connectDevnet, type DevnetClient } from "./connectDevnet.js";
import type {} from "./vitestSetup.js";

/**
 * The devnet started by the global setup (`@preflow/devnet/vitest-setup`), for use inside tests.
 *
 * @example
 * const devnet = useDevnet();
 * await devnet.fund(alice, "USDm", "10");
 */
export function useDevnet(): DevnetClient {
  const info = inject("devnet");
  if (!info) {
    throw new Error(
      'useDevnet(): add globalSetup: ["@preflow/devnet/vitest-setup"] to this package\'s vitest config',
    );
  }
  return connectDevnet(info);
}
