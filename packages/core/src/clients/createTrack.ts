import { createTelemetry, type Telemetry } from "@preflow/telemetry";
import type { ResolvedConfig } from "../config/resolveConfig.js";
import type { Track } from "./types.js";
import { SDK_VERSION } from "./version.js";

/**
 * Builds the telemetry instance of a client from its options and the `track` function every read reports
 * through (`prepare*` never does). Telemetry never awaits the network and never throws into the read.
 * @internal
 */
export function createTrack(config: ResolvedConfig): { telemetry: Telemetry; track: Track } {
  const { enabled, apiKey, endpoint, deviceId, walletAddress } = config.telemetry;
  const telemetry = createTelemetry({
    enabled,
    sdkVersion: SDK_VERSION,
    rpcUrl: config.rpcUrl, // a local chain (devnet, anvil) sends nothing: development is not usage
    ...(apiKey === undefined ? {} : { apiKey: apiKey.reveal() }),
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(deviceId === undefined ? {} : { deviceId }),
    ...(walletAddress === undefined ? {} : { walletAddress }),
  });
  return {
    telemetry,
    track: (operation, walletAddress, run) => telemetry.track(operation, walletAddress, run),
  };
}
