import { DELEGATOR_CONTRACTS } from "@metamask/delegation-deployments";
import { type Address, getAddress, type Hex } from "viem";

const CELO = (DELEGATOR_CONTRACTS["1.3.0"] as Record<number, Record<string, string>>)[42220] ?? {};

function canonical(name: string): Address {
  const address = CELO[name];
  if (!address) throw new Error(`@metamask/delegation-deployments 2.0.0 has no ${name} on chain 42220`);
  return getAddress(address);
}

/**
 * The MetaMask Delegation Framework v1.3.0 contracts a budget uses, at their Celo addresses (read from
 * `@metamask/delegation-deployments` 2.0.0, `DELEGATOR_CONTRACTS["1.3.0"][42220]`).
 *
 * @example
 * ```ts
 * import { DELEGATION_FRAMEWORK_ADDRESSES } from "@preflow/budget";
 * console.log(DELEGATION_FRAMEWORK_ADDRESSES.DelegationManager); // 0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3
 * ```
 */
export const DELEGATION_FRAMEWORK_ADDRESSES = Object.freeze({
  DelegationManager: canonical("DelegationManager"),
  EIP7702StatelessDeleGatorImpl: canonical("EIP7702StatelessDeleGatorImpl"),
  MultiTokenPeriodEnforcer: canonical("MultiTokenPeriodEnforcer"),
  AllowedCalldataEnforcer: canonical("AllowedCalldataEnforcer"),
  LogicalOrWrapperEnforcer: canonical("LogicalOrWrapperEnforcer"),
  TimestampEnforcer: canonical("TimestampEnforcer"),
});

/**
 * The framework's root authority (`bytes32(type(uint256).max)`): a delegation signed directly by the owner.
 *
 * @example
 * ```ts
 * import { ROOT_AUTHORITY } from "@preflow/budget";
 * const isRoot = budget.delegation.authority === ROOT_AUTHORITY;
 * ```
 */
export const ROOT_AUTHORITY: Hex = `0x${"f".repeat(64)}`;

/** The period names a limit takes, in seconds. */
export const PERIOD_SECONDS = Object.freeze({ perHour: 3_600, perDay: 86_400, perWeek: 604_800 });
