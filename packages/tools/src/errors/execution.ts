import { ToolsError } from "./base.js";

/**
 * A tool did not finish within the server's answer bound (`PREFLOW_TOOL_TIMEOUT_MS`), usually because the
 * RPC endpoint did not answer. Read, prepare and inspect tools send nothing; executing tools never answer
 * with this (they answer `pending` with the hashes and a `flow_id` for `get_flow_status`).
 *
 * @example
 * ```ts
 * import { ToolTimeoutError } from "@preflow/tools";
 *
 * const error = new ToolTimeoutError({ tool: "get_balances", boundMs: 50_000 });
 * error.code; // "TOOL_TIMEOUT"
 * ```
 */
export class ToolTimeoutError extends ToolsError<"TOOL_TIMEOUT"> {
  override readonly name: string = "ToolTimeoutError";

  constructor(parameters: { tool: string; boundMs: number; waitsOn?: string | undefined }) {
    const { tool, boundMs, waitsOn } = parameters;
    super({
      code: "TOOL_TIMEOUT",
      message:
        waitsOn === undefined
          ? `${tool} did not finish within ${boundMs} ms (the RPC endpoint did not answer in time); nothing was sent. Check the endpoint (get_network_status) and try again.`
          : `${tool} did not finish within ${boundMs} ms (${waitsOn} did not answer in time). Try again later.`,
      details: { tool, bound_ms: boundMs, ...(waitsOn === undefined ? {} : { waits_on: waitsOn }) },
    });
  }
}

/**
 * `get_flow_status` was asked about a flow id this server does not remember (it keeps the signer's last 1,000
 * executions, across restarts, in its state directory).
 *
 * @example
 * ```ts
 * import { FlowNotFoundError } from "@preflow/tools";
 *
 * const error = new FlowNotFoundError({ flowId: "0x…" });
 * error.code; // "FLOW_NOT_FOUND"
 * ```
 */
export class FlowNotFoundError extends ToolsError<"FLOW_NOT_FOUND"> {
  override readonly name: string = "FlowNotFoundError";

  constructor(parameters: { flowId: string }) {
    const { flowId } = parameters;
    super({
      code: "FLOW_NOT_FOUND",
      message: `No execution of flow ${flowId} is known to this server (it remembers the signer's last 1,000 executions, across restarts, in its state directory). Check the flow_id an executing tool returned.`,
      details: { flow_id: flowId },
    });
  }
}

/**
 * An executing tool was asked to pay gas in one currency (`fee_currency`, else the server's `FEE_CURRENCY`) and the
 * prepared flow pays in another: a flow's fee currency and fee caps are fixed when it is prepared (every step
 * carries them). Nothing was signed or sent; prepare the flow again with the wanted `fee_currency`.
 *
 * @example
 * ```ts
 * import { FeeCurrencyMismatchError } from "@preflow/tools";
 *
 * const error = new FeeCurrencyMismatchError({ tool: "execute_prepared_flow", requested: "USDm", flowPays: "CELO" });
 * error.code; // "FEE_CURRENCY_MISMATCH"
 * ```
 */
export class FeeCurrencyMismatchError extends ToolsError<"FEE_CURRENCY_MISMATCH"> {
  override readonly name: string = "FeeCurrencyMismatchError";

  constructor(parameters: { tool: string; requested: string; flowPays: string }) {
    const { tool, requested, flowPays } = parameters;
    super({
      code: "FEE_CURRENCY_MISMATCH",
      message: `${tool} was asked to pay gas in ${requested} (fee_currency, else the server's FEE_CURRENCY), but this flow pays gas in ${flowPays}: its fee currency and fee caps were fixed when it was prepared. Nothing was sent. Prepare it again with fee_currency "${requested}", or pass fee_currency "${flowPays === "CELO" ? "CELO" : "auto"}" to execute it as it is.`,
      details: { tool, requested, flow_pays: flowPays },
    });
  }
}

/**
 * `x402_fetch` within an agent budget (`PREFLOW_BUDGET`) had to top the agent's float up from the owner's budget
 * first, and that send did not succeed (it reverted, failed or is still `pending`): no payment was signed. A
 * `pending` top-up may still land: check `hash` with `get_transaction` (or `flow_id` with `get_flow_status`)
 * before trying again.
 *
 * @example
 * ```ts
 * import { TopUpFailedError } from "@preflow/tools";
 *
 * const error = new TopUpFailedError({ status: "pending", hash: null, flowId: "ab…", token: "USDC", amount: "0.01" });
 * error.code; // "BUDGET_TOP_UP_FAILED"
 * ```
 */
export class TopUpFailedError extends ToolsError<"BUDGET_TOP_UP_FAILED"> {
  override readonly name: string = "TopUpFailedError";

  constructor(parameters: {
    status: string;
    hash: string | null;
    flowId: string;
    token: string;
    amount: string;
  }) {
    const { status, hash, flowId, token, amount } = parameters;
    super({
      code: "BUDGET_TOP_UP_FAILED",
      message: `The agent's float had to be topped up by ${amount} ${token} from the owner's budget before the x402 payment, and that send ended ${status}${hash === null ? "" : ` (${hash})`}: no payment was signed.${status === "pending" ? " It may still land: check it with get_transaction or get_flow_status before trying again." : ""}`,
      details: { status, hash, flow_id: flowId, token, amount },
    });
  }
}
