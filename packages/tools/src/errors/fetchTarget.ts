import { ToolsError } from "./base.js";

/**
 * `x402_fetch` refused a URL before any request: not http(s), or its host resolves to a loopback, private,
 * link-local or otherwise internal address and is not listed in the policy's `x402.hosts` (no SSRF by default).
 *
 * @example
 * ```ts
 * import { FetchTargetRefusedError } from "@preflow/tools";
 * const error = new FetchTargetRefusedError({ host: "localhost:8080", address: "127.0.0.1", rule: "resolves to a loopback address" });
 * error.code; // "FETCH_TARGET_REFUSED"
 * ```
 */
export class FetchTargetRefusedError extends ToolsError<"FETCH_TARGET_REFUSED"> {
  override readonly name: string = "FetchTargetRefusedError";

  constructor(parameters: { host: string; address?: string | undefined; rule: string }) {
    const { host, address, rule } = parameters;
    super({
      code: "FETCH_TARGET_REFUSED",
      message: `x402_fetch refused ${host}: it ${rule}. Nothing was requested; list the host in the policy's x402.hosts to allow it.`,
      details: { host, ...(address === undefined ? {} : { address }), rule },
    });
  }
}
