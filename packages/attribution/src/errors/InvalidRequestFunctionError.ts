import { AttributionError } from "./AttributionError.js";

/**
 * Thrown by {@link checkAttributionInTransaction} and {@link verifyAttributionInTransaction}, before any
 * network I/O, when `request` is not a function (an EIP-1193 `request`, such as a viem client's `request`).
 *
 * @example
 * ```ts
 * import { InvalidRequestFunctionError, checkAttributionInTransaction } from "@preflow/attribution";
 *
 * await checkAttributionInTransaction({ request: undefined as never, hash }).catch((error) => {
 *   error instanceof InvalidRequestFunctionError; // true, error.code === "INVALID_REQUEST_FUNCTION"
 * });
 * ```
 */
export class InvalidRequestFunctionError extends AttributionError<{ type: string; rule: "function" }> {
  override readonly name: string = "InvalidRequestFunctionError";

  constructor(parameters: { request: unknown }) {
    const type = parameters.request === null ? "null" : typeof parameters.request;
    super({
      message: `Invalid request (a ${type}): request must be an EIP-1193 request function, e.g. a viem client's \`request\` or \`window.ethereum.request\`.`,
      code: "INVALID_REQUEST_FUNCTION",
      details: { type, rule: "function" },
    });
  }
}
