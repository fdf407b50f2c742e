import { SdkError } from "./base.js";

/**
 * A contract call cannot be encoded: a bad ABI, an unknown function, arguments that do not fit the ABI,
 * a value sent to a non-payable function, or a duplicate approval.
 *
 * @example
 * ```ts
 * import { InvalidContractCallError } from "@preflow/core";
 *
 * try {
 *   await client.transaction.prepareContractCall(from, { to, abi, functionName: "depositt", args: [] });
 * } catch (error) {
 *   if (error instanceof InvalidContractCallError) console.error(error.details.field); // "functionName"
 * }
 * ```
 */
export class InvalidContractCallError extends SdkError<"INVALID_CONTRACT_CALL"> {
  override readonly name: string = "InvalidContractCallError";

  constructor(parameters: { field: string; reason: string; cause?: unknown }) {
    const { field, reason, cause } = parameters;
    super({
      code: "INVALID_CONTRACT_CALL",
      message: `Invalid contract call (\`${field}\`): ${reason}.`,
      details: { field, reason },
      cause,
    });
  }
}
