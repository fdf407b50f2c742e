// What the approval stage uses of the tool server: the policy and core (the runtime), the store and the log (the
// context), and the call's way to a person. Declared here, below the layers that pass them (execution, the tool
// handlers, whose context is a superset: execution/executionContext.ts), so approval never imports them.
import type { LoadedPolicy } from "../policy/loadPolicy.js";
import type { ToolServerStore } from "../store/types.js";
import type { HumanChannel } from "./humanChannel.js";

/** The loaded modules approval reads. @internal */
export interface ApprovalRuntime {
  readonly core: typeof import("@preflow/core");
  readonly policy: LoadedPolicy | undefined;
}

/** The server's settings and services approval uses. @internal */
export interface ApprovalContext {
  readonly toolTimeoutMs: number;
  /** PREFLOW_STATE_DIR (unset: the default state directory): where an enrolled passkey is kept. */
  readonly stateDir?: string | undefined;
  /**
   * The store (store/types.ts): opened on first use, the engine loaded then; rejects with StoreUnavailableError
   * (a failed open is tried again on the next call).
   */
  store(): Promise<ToolServerStore>;
  log(line: string): void;
}

/** The call approval answers within. @internal */
export interface ApprovalCall {
  /** Aborted by `notifications/cancelled` (or when the client goes away). */
  readonly signal: AbortSignal;
  /** When the answer must be on its way (epoch ms); executing tools answer `pending` by then. */
  readonly deadline: number;
  /** The way to a person through the client (MCP elicitation), for approvals. */
  readonly human?: HumanChannel;
  /** The tool called (an approval's passkey challenge and its link name it). */
  readonly tool?: string;
  /** Whether the client renders the flow view (MCP Apps): an approval it cannot ask is then offered in the view. */
  readonly apps?: boolean;
  /** approve_flow's answer: the view approval's id and the code the view showed (approval/viewApprovals.ts). */
  readonly viewApproval?: { approvalId: string; code: string };
}
