import type { Telemetry } from "@preflow/telemetry";
import type { ResolvedConfig } from "../config/resolveConfig.js";
import type { Track } from "./types.js";
import { SDK_VERSION } from "./version.js";

/**
 * Builds the `track` function every read of a client reports through (`prepare*` never does). Telemetry never
 * throws into the read. With telemetry off (`analyticsEnabled: false`) `track` just runs the read and the
 * telemetry client is never loaded: in a browser bundle it is a chunk of its own, fetched only by a client with
 * telemetry on, which starts loading it when the client is made; a read waits for that load only if it is
 * made before the load ends (and runs, untracked, if the load fails).
 * @internal
 */
export function createTrack(config: ResolvedConfig): Track {
  const { enabled, apiKey, endpoint, deviceId, walletAddress: defaultWalletAddress } = config.telemetry;
  if (!enabled) return (_operation, _walletAddress, run) => run();
  const telemetry: Promise<Telemetry | undefined> = import("./telemetryClient.js")
    .then(({ createTelemetry }) =>
      createTelemetry({
        sdkVersion: SDK_VERSION,
        rpcUrl: config.rpcUrl, // a local chain (devnet, anvil) sends nothing: development is not usage
        apiKey: apiKey?.reveal(),
        endpoint,
        deviceId,
        walletAddress: defaultWalletAddress,
      }),
    )
    .catch(() => undefined);
  return async (operation, walletAddress, run) => {
    const loaded = await telemetry;
    return loaded ? loaded.track(operation, walletAddress, run) : run();
  };
}
