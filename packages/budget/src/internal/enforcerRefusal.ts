// An enforcer's or the DelegationManager's refusal, in words (the framework's revert strings and errors).
const WORDS: readonly [RegExp, string][] = [
  [
    /MultiTokenPeriodEnforcer:transfer-amount-exceeded/,
    "the budget's cap for this token in this period is used up",
  ],
  [
    /MultiTokenPeriodEnforcer:(token-config-not-found|token-mismatch)/,
    "the budget does not include this token (or this way of paying it)",
  ],
  [/MultiTokenPeriodEnforcer:transfer-not-started/, "the budget's period has not started yet"],
  [
    /MultiTokenPeriodEnforcer:(invalid-method|invalid-call-data-length|invalid-value-in-erc20-transfer)/,
    "the budget allows only plain ERC-20 transfers",
  ],
  [/AllowedCalldataEnforcer:invalid-[a-z-]+/, "the budget does not allow paying this recipient"],
  [/LogicalOrWrapperEnforcer:[a-z-]+/, "the budget does not allow paying this recipient"],
  [/TimestampEnforcer:expired-delegation/, "the budget has expired"],
  [/CannotUseADisabledDelegation/, "the owner revoked the budget"],
  [/InvalidDelegate/, "this key is not the budget's agent"],
  [
    /InvalidEOASignature|InvalidERC1271Signature/,
    "the budget's signature is not the owner's (or the owner's EOA no longer delegates to the framework)",
  ],
];

/**
 * The framework's refusal in `text` (a revert reason or error message), in words, or `undefined` when it names
 * none. Pure.
 *
 * @example
 * ```ts
 * import { describeEnforcerRefusal } from "@preflow/budget";
 * describeEnforcerRefusal("execution reverted: MultiTokenPeriodEnforcer:transfer-amount-exceeded");
 * // "the budget's cap for this token in this period is used up (MultiTokenPeriodEnforcer:transfer-amount-exceeded)"
 * ```
 */
export function describeEnforcerRefusal(text: string | undefined): string | undefined {
  if (!text) return undefined;
  for (const [pattern, words] of WORDS) {
    const match = pattern.exec(text);
    if (match) return `${words} (${match[0].replace(/:$/, "")})`;
  }
  return undefined;
}
