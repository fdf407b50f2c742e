import { type ProtocolRefusalParameters, ProtocolRefusedError } from "../../errors/refusal.js";
import type { ProtocolRevertErrors } from "../definition.js";

/**
 * The error codes ERC-8004's actions add to `CoreErrorCode`.
 *
 * @example
 * ```ts
 * import type { Erc8004ErrorCode } from "@preflow/core";
 * const code: Erc8004ErrorCode = "ERC8004_REFUSED";
 * ```
 */
export type Erc8004ErrorCode = "ERC8004_REFUSED";

/** Every {@link Erc8004ErrorCode}, for the protocol definition. @internal */
export const ERC8004_ERROR_CODES = ["ERC8004_REFUSED"] as const satisfies readonly Erc8004ErrorCode[];

/**
 * Why an ERC-8004 action refused, read before anything was prepared:
 * - `no-such-agent`: the Identity registry has no agent with that id;
 * - `not-authorized`: the signer is neither the agent's owner nor an operator of it (the registry would revert
 *   "Not authorized");
 * - `self-feedback`: the signer owns or operates the agent it would review ("Self-feedback not allowed");
 * - `deadline-out-of-window`: the wallet signature's deadline is past or more than 5 minutes after the block's time;
 * - `invalid-wallet-signature`: the signature is neither the new wallet's ECDSA signature nor accepted by its
 *   ERC-1271 `isValidSignature`;
 *
 * @example
 * ```ts
 * import type { Erc8004Refusal } from "@preflow/core";
 * const reason: Erc8004Refusal = "self-feedback";
 * ```
 */
export type Erc8004Refusal =
  | "no-such-agent"
  | "not-authorized"
  | "self-feedback"
  | "deadline-out-of-window"
  | "invalid-wallet-signature";

/**
 * An ERC-8004 action refused what it was asked, before any transaction was built (nothing was prepared or sent):
 * `details.operation` (`"feedback"`, `"agent wallet change"`, ...), `details.reason` (an {@link Erc8004Refusal})
 * and what was read (`agentId`, `owner`, ...).
 *
 * @example
 * ```ts
 * import { Erc8004RefusedError, prepareGiveFeedback } from "@preflow/core";
 *
 * try {
 *   await prepareGiveFeedback(client, { from, agentId: 7n, value: 90n });
 * } catch (error) {
 *   if (error instanceof Erc8004RefusedError && error.details.reason === "self-feedback") console.log("not your own agent");
 * }
 * ```
 */
export class Erc8004RefusedError extends ProtocolRefusedError<"ERC8004_REFUSED", Erc8004Refusal> {
  override readonly name: string = "Erc8004RefusedError";

  constructor(parameters: ProtocolRefusalParameters<Erc8004Refusal>) {
    super("ERC8004_REFUSED", `prepare an ERC-8004 ${parameters.operation}`, parameters);
  }
}

/** The registries' revert strings explained (v2.0.0). @internal */
export const erc8004RevertErrors: ProtocolRevertErrors = {
  messages: {
    "Self-feedback not allowed": "the agent's owner and operators may not give it feedback",
    "too many decimals": "a feedback value has at most 18 decimals",
    "value too large": "a feedback value is at most 1e38 in absolute value",
    "clientAddresses required": "a reputation summary needs the list of reviewers the reader trusts",
    "reserved key": "the metadata key `agentWallet` is set only by setAgentWallet",
    "invalid wallet sig":
      "the new agent wallet's signature is neither its ECDSA signature nor accepted by its ERC-1271",
    "deadline too far": "the agent wallet signature's deadline is more than 5 minutes ahead",
    "bad wallet": "the agent wallet may not be the zero address",
  },
};
