// What the execution stages use of the tool server: the runtime, the server's context and the call. Declared here,
// below the tool handlers (tools/context.ts names them ToolRuntime, ToolContext, ToolCall), above approval's part of
// them (approval/approvalContext.ts), so no import runs back up the layers.
import type { SdkClient } from "@preflow/core";
import type { Account, Chain, PublicClient, Transport } from "viem";
import type { ApprovalCall, ApprovalContext, ApprovalRuntime } from "../approval/approvalContext.js";
import { SignerNotConfiguredError } from "../errors/signer.js";
import type { ExecutionRegistry } from "./executionRegistry.js";
import type { BudgetRuntime } from "./loadBudget.js";

/** What the tools use once the heavy modules are loaded (on the first call, not at start). @internal */
export interface ExecutionRuntime extends ApprovalRuntime {
  readonly sdk: SdkClient;
  /** A client whose transport timeout and retries fit inside the tool bound (execution, attribution lookups). */
  readonly client: PublicClient<Transport, Chain>;
  readonly account: Account | undefined;
  /** The RPC URL with credentials redacted. */
  readonly rpcUrl: string;
  /**
   * PREFLOW_BUDGET: the server acts for the budget's owner, its signer (`account`) being the budget's agent. Flows
   * are the owner's; they are sent as the agent's `redeemDelegations` (runSteps.ts).
   */
  readonly budget?: BudgetRuntime | undefined;
}

/** What every tool can use: settings, the lazily loaded runtime, the executions and the log. @internal */
export interface ExecutionContext extends ApprovalContext {
  readonly receiptTimeoutMs: number;
  /** The signer's address is known only after load; this says whether a key is configured. */
  readonly hasSigner: boolean;
  /** `PREFLOW_STATE_DIR`, when set (else the default state directory, resolved where it is used). */
  readonly stateDir: string | undefined;
  /** `FEE_CURRENCY` (`"CELO"` by default): who pays gas when a tool's `fee_currency` argument is absent. */
  readonly feeCurrency: string;
  runtime(): Promise<ExecutionRuntime>;
  readonly executions: ExecutionRegistry;
  /** Removes the configured secrets (keys, the RPC URL's credentials) from a text kept outside the process. */
  redact(text: string): string;
}

/** One tool call: cancellation, the answer deadline and progress. @internal */
export interface ExecutionCall extends ApprovalCall {
  /** Sends `notifications/progress` if the request carries a progress token; values only ever increase. */
  progress(progress: number, total: number | undefined, message: string): Promise<void>;
}

/** The signer, or a {@link SignerNotConfiguredError} naming the tool. @internal */
export function requireSigner(runtime: ExecutionRuntime, tool: string): Account {
  if (!runtime.account) throw new SignerNotConfiguredError({ operation: tool });
  return runtime.account;
}
