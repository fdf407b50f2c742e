import type { Address, Hex } from "viem";

/**
 * The MetaMask Delegation Framework v1.3.0 contracts a budget uses, at their Celo addresses (read from
 * `@metamask/delegation-deployments` 2.0.0, `DELEGATOR_CONTRACTS["1.3.0"][42220]`; a test checks them against
 * that package, kept out of the runtime dependencies).
 *
 * @example
 * ```ts
 * import { DELEGATION_FRAMEWORK_ADDRESSES } from "@preflow/budget";
 * console.log(DELEGATION_FRAMEWORK_ADDRESSES.DelegationManager); // 0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3
 * ```
 */
export const DELEGATION_FRAMEWORK_ADDRESSES = Object.freeze({
  DelegationManager: "0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3" as Address,
  EIP7702StatelessDeleGatorImpl: "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B" as Address,
  MultiTokenPeriodEnforcer: "0xFB2f1a9BD76d3701B730E5d69C3219D42D80eBb7" as Address,
  AllowedCalldataEnforcer: "0xc2b0d624c1c4319760C96503BA27C347F3260f55" as Address,
  LogicalOrWrapperEnforcer: "0xE1302607a3251AF54c3a6e69318d6aa07F5eB46c" as Address,
  TimestampEnforcer: "0x1046bb45C8d673d4ea75321280DB34899413c069" as Address,
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
