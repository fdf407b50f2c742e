import { describeValue, SdkError } from "./base.js";
import { redactSecrets } from "./redact.js";

/**
 * A token symbol or address that the token registry does not list. The message suggests up to three
 * close symbols ("did you mean USDm?").
 *
 * @example
 * ```ts
 * import { resolveToken, UnknownTokenError } from "@preflow/core";
 *
 * try {
 *   resolveToken("USDN");
 * } catch (error) {
 *   if (error instanceof UnknownTokenError) console.error(error.details.suggestions); // ["USDm", "USDC", "USDT"]
 * }
 * ```
 */
export class UnknownTokenError extends SdkError<"UNKNOWN_TOKEN"> {
  /** Up to three listed symbols close to the input. */
  readonly suggestions: readonly string[];
  override readonly name: string = "UnknownTokenError";

  constructor(parameters: {
    token: unknown;
    /** Up to three listed symbols close to the input. */
    suggestions: readonly string[];
    /** Every listed symbol. */
    known: readonly string[];
  }) {
    const { token, suggestions, known } = parameters;
    const hint =
      suggestions.length > 0
        ? `Did you mean ${suggestions.join(", ")}?`
        : `Listed tokens: ${known.join(", ")}.`;
    super({
      code: "UNKNOWN_TOKEN",
      message: `Unknown token ${describeValue(token)}: not in the token registry of chain 42220. ${hint}`,
      details: { token: describeValue(token), suggestions: [...suggestions] },
    });
    this.suggestions = suggestions;
  }
}

/**
 * Reading a token contract failed (the call reverted or returned nothing, e.g. no contract at the address
 * on this RPC's chain).
 *
 * @example
 * ```ts
 * import { TokenReadError } from "@preflow/core";
 *
 * try {
 *   await client.token.getBalance(owner, "WETH");
 * } catch (error) {
 *   if (error instanceof TokenReadError) console.error(error.details.symbol, error.details.reason);
 * }
 * ```
 */
export class TokenReadError extends SdkError<"TOKEN_READ_FAILED"> {
  override readonly name: string = "TokenReadError";

  constructor(parameters: { symbol: string; address: string; functionName: string; reason: string }) {
    const { symbol, address, functionName } = parameters;
    const reason = redactSecrets(parameters.reason);
    super({
      code: "TOKEN_READ_FAILED",
      message: `Reading ${functionName} of ${symbol} (${address}) failed: ${reason}. Check that rpcUrl serves chain 42220 with the token deployed.`,
      details: { symbol, address, functionName, reason },
    });
  }
}
