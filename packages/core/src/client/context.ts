import type { Hex } from "viem";
import type { ResolvedConfig } from "../config/resolveConfig.js";
import type { Rpc } from "../rpc/createRpc.js";

/**
 * Runs a read operation and reports it to telemetry. The seam between the core client and
 * `@preflow/telemetry`: reads call `ctx.track("token.getBalance", owner, () => ...)`. @internal
 */
export type Track = <T>(
  operation: string,
  walletAddress: string | undefined,
  run: () => Promise<T>,
) => Promise<T>;

/** What every action receives: validated config, RPC layer, calldata tagging and telemetry. @internal */
export interface ClientContext {
  readonly config: ResolvedConfig;
  readonly rpc: Rpc;
  /** Appends the ERC-8021 suffix when `attributionTags` is configured; identity otherwise. */
  readonly tag: (data: Hex) => Hex;
  readonly track: Track;
}
