import { SdkError } from "./base.js";

/**
 * What a protocol's refusal is made of: the operation's words, the rule's reason, a message and the figures read.
 * Public as each protocol's own name (`CeloRefusalParameters`, the `GoodDollarRefusedError` constructor's).
 */
export interface ProtocolRefusalParameters<Reason extends string> {
  operation: string;
  reason: Reason;
  message: string;
  details?: Record<string, string | number | boolean>;
}

/**
 * The base of every protocol's "refused" error ({@link CeloStakingRefusedError}, {@link CeloGovernanceRefusedError},
 * {@link GoodDollarRefusedError}): a read before anything was prepared found that the protocol would refuse the
 * operation, so nothing was prepared or sent. The message reads "Cannot <what>: <message>. Nothing was prepared.";
 * `details` holds `operation`, `reason` (the rule, one of the protocol's refusal reasons) and the figures read.
 * Not exported: users catch the protocol's own class. @internal
 */
export abstract class ProtocolRefusedError<
  Code extends string,
  Reason extends string,
> extends SdkError<Code> {
  declare readonly details: { operation: string; reason: Reason; [key: string]: unknown };

  /** `what` completes "Cannot …" (the operation, in the protocol's words). */
  protected constructor(code: Code, what: string, parameters: ProtocolRefusalParameters<Reason>) {
    const { operation, reason, message, details } = parameters;
    super({
      code,
      message: `Cannot ${what}: ${message}. Nothing was prepared.`,
      details: { operation, reason, ...details },
    });
  }
}
