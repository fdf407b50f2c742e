import type { LocalAccount } from "viem";
import type { AnyClient } from "./requests.js";
import type { BeforeBroadcastStep, ExecutionStepEvent } from "./types.js";

/** What sending and settling a step needs from the execution around it. @internal */
export interface StepContext {
  client: AnyClient;
  account: LocalAccount;
  signal: AbortSignal | undefined;
  receiptTimeoutMs: number;
  rpcUrl: string | undefined;
  total: number;
  /** Reports progress (awaited, bounded, its errors ignored). */
  notify: (event: ExecutionStepEvent) => Promise<void>;
  /** The caller's `beforeBroadcast`, awaited before each send; it can stop the send. */
  beforeBroadcast: ((step: BeforeBroadcastStep) => void | Promise<void>) | undefined;
  /** The bound of `beforeBroadcast`, in ms. */
  beforeBroadcastTimeoutMs: number;
}
