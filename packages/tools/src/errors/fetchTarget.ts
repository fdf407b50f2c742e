import { ToolsError } from "./base.js";

/**
 * A tool fetching a URL from outside (`x402_fetch`) refused it before any request: not http(s), credentials in
 * the URL, or its host resolves to a loopback, private, link-local or otherwise special address (in any spelling:
 * IPv4-mapped, NAT64, 6to4...) and is not listed in the policy's `x402.hosts` (no SSRF by default).
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

  constructor(parameters: { host: string; address?: string | undefined; rule: string; tool?: string }) {
    const { host, address, rule, tool = "x402_fetch" } = parameters;
    super({
      code: "FETCH_TARGET_REFUSED",
      message: `${tool} refused ${host}: it ${rule}. Nothing was requested; list the host in the policy's x402.hosts to allow it.`,
      details: { host, ...(address === undefined ? {} : { address }), rule },
    });
  }
}
