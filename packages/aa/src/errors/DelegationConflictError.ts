import { SdkError } from "@preflow/core";
import type { Address } from "viem";
import type { CompletedSteps } from "./SponsorshipUnauthorizedError.js";

/**
 * The owner's EOA (the `simple-7702` account) already has code that is not the delegation to
 * `SIMPLE_7702_ACCOUNT_ADDRESS`: an EIP-7702 delegation to another contract (`details.delegate`), or other
 * code. preflow never replaces it silently: nothing was signed or submitted. Remove or change the delegation
 * yourself (a new EIP-7702 authorization) if you mean to, then send again.
 *
 * @example
 * ```ts
 * import { DelegationConflictError } from "@preflow/aa";
 *
 * try {
 *   await aa.sendPreparedFlow(flow);
 * } catch (error) {
 *   if (error instanceof DelegationConflictError) console.error("delegated to", error.details.delegate);
 * }
 * ```
 */
export class DelegationConflictError extends SdkError {
  override readonly name: string = "DelegationConflictError";

  constructor(parameters: {
    account: Address;
    delegate: Address | null;
    expected: Address;
    completed?: CompletedSteps | undefined;
  }) {
    const { account, delegate, expected, completed } = parameters;
    const what =
      delegate === null ? "has contract code that is no EIP-7702 delegation" : `is delegated to ${delegate}`;
    super({
      code: "DELEGATION_CONFLICT",
      message: `The account ${account} ${what}, not to the simple 7702 account ${expected}; preflow does not replace a delegation. Nothing was sent.`,
      details: {
        account,
        delegate,
        expected,
        ...(completed === undefined ? {} : { completed }),
      },
    });
  }
}
