import { ToolsError } from "./base.js";

/**
 * The spending-policy file (`PREFLOW_POLICY`) cannot be used: unreadable, not JSON, an unknown key, a bad
 * amount, address or token. The message names the key path and the rule. The server does not start with it.
 *
 * @example
 * ```ts
 * import { InvalidPolicyError } from "@preflow/tools";
 *
 * const error = new InvalidPolicyError({ file: "policy.json", path: "caps.USDm.perCal", rule: "unknown key; did you mean perCall?" });
 * error.code; // "INVALID_POLICY"
 * ```
 */
export class InvalidPolicyError extends ToolsError<"INVALID_POLICY"> {
  override readonly name: string = "InvalidPolicyError";

  constructor(parameters: { file: string; path: string; rule: string; cause?: unknown }) {
    const { file, path, rule } = parameters;
    super({
      code: "INVALID_POLICY",
      message: `Invalid spending policy ${file} at \`${path}\`: ${rule}. Fix the file (PREFLOW_POLICY) and restart.`,
      details: { file, path, rule },
      ...(parameters.cause === undefined ? {} : { cause: parameters.cause }),
    });
  }
}

/**
 * One rule of the spending policy a flow breaks, with the amounts (human decimal strings).
 *
 * @example
 * ```ts
 * import type { PolicyViolation } from "@preflow/tools";
 * const violation: PolicyViolation = { rule: "caps.USDm.perCall", step: null, message: "USDm per call: limit 5, this flow 10", limit: "5", requested: "10" };
 * ```
 */
export interface PolicyViolation {
  /** The rule, as a path into the policy file: `caps.USDm.perDay`, `allow.recipients`, `allowUnlimitedApprovals`. */
  rule: string;
  /** The step that breaks it, or `null` for a rule over the whole flow (caps). */
  step: number | null;
  message: string;
  token?: string;
  limit?: string;
  requested?: string;
  /** With gas paid in the capped token: the flow's amount without its fee (`requested` is amount + fee). */
  amount?: string;
  /** With gas paid in the capped token: the most the flow's gas can cost in it (`fee.max` of each step). */
  fee_max?: string;
  spent_24h?: string;
  remaining?: string;
  address?: string;
}

/**
 * The spending policy refused a flow before anything was signed: nothing was sent. `details.violations`
 * lists every rule broken, with the amounts.
 *
 * @example
 * ```ts
 * import { PolicyViolationError } from "@preflow/tools";
 *
 * const error = new PolicyViolationError({ violations: [{ rule: "allow.recipients", step: 0, message: "recipient 0x… is not in allow.recipients", address: "0x…" }] });
 * error.code; // "POLICY_VIOLATION"
 * ```
 */
export class PolicyViolationError extends ToolsError<"POLICY_VIOLATION"> {
  override readonly name: string = "PolicyViolationError";

  constructor(parameters: { violations: readonly PolicyViolation[] }) {
    const { violations } = parameters;
    const first = violations[0];
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more rule(s))` : "";
    super({
      code: "POLICY_VIOLATION",
      message: `The spending policy refused this flow before signing: ${first?.rule}: ${first?.message}${more}. Nothing was sent. See get_policy for the limits.`,
      details: { violations: violations.map((violation) => ({ ...violation })) },
    });
  }
}
