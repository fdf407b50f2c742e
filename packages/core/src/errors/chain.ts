import { SdkError } from "./base.js";
import { redactSecrets } from "./redact.js";

/**
 * The RPC endpoint serves another chain than 42220. preflow never prepares for another chain.
 *
 * @example
 * ```ts
 * import { ChainMismatchError } from "@preflow/core";
 *
 * try {
 *   await client.network.getStatus();
 * } catch (error) {
 *   if (error instanceof ChainMismatchError) console.error(error.details.actual); // e.g. 44787
 * }
 * ```
 */
export class ChainMismatchError extends SdkError<"CHAIN_MISMATCH"> {
  override readonly name: string = "ChainMismatchError";

  constructor(parameters: { expected: number; actual: number; rpcUrl: string }) {
    const { expected, actual } = parameters;
    const rpcUrl = redactSecrets(parameters.rpcUrl);
    super({
      code: "CHAIN_MISMATCH",
      message: `The RPC endpoint ${rpcUrl} serves chain ${actual}, but preflow works only on chain ${expected}. Set rpcUrl to a chain ${expected} endpoint.`,
      details: { expected, actual, rpcUrl },
    });
  }
}
