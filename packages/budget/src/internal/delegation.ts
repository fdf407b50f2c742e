// EIP-712 of the framework's Delegation (DelegationManager v1.3.0: domain "DelegationManager" version "1"), its
// hash (the struct hash DelegationManager.getDelegationHash computes) and the permission context of a redemption.
import { type Address, encodeAbiParameters, type Hex, hashStruct } from "viem";
import { delegationChainParameters } from "../abi.js";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import type { BudgetCaveat, BudgetDelegation } from "../types.js";

/** The EIP-712 types of a delegation. @internal */
export const delegationTypes = {
  Delegation: [
    { name: "delegate", type: "address" },
    { name: "delegator", type: "address" },
    { name: "authority", type: "bytes32" },
    { name: "caveats", type: "Caveat[]" },
    { name: "salt", type: "uint256" },
  ],
  Caveat: [
    { name: "enforcer", type: "address" },
    { name: "terms", type: "bytes" },
  ],
} as const;

/** The unsigned part of a delegation. @internal */
export type UnsignedDelegation = Omit<BudgetDelegation, "signature">;

/** What the owner signs (`signTypedData`'s parameters). @internal */
export function delegationTypedData(delegation: UnsignedDelegation) {
  return {
    domain: {
      name: "DelegationManager",
      version: "1",
      chainId: 42220,
      verifyingContract: FRAMEWORK.DelegationManager,
    },
    types: delegationTypes,
    primaryType: "Delegation" as const,
    message: {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
      salt: BigInt(delegation.salt),
    },
  };
}

/** The delegation's hash (its id on chain: `disabledDelegations`, the enforcers' state). @internal */
export function delegationHash(delegation: UnsignedDelegation): Hex {
  const { types, message } = delegationTypedData(delegation);
  return hashStruct({ types, primaryType: "Delegation", data: message });
}

/** The delegation as the contract's tuple, with `caveats` (and their args) as given. @internal */
export function delegationTuple(
  delegation: BudgetDelegation,
  caveats: readonly BudgetCaveat[] = delegation.caveats,
) {
  return {
    delegate: delegation.delegate,
    delegator: delegation.delegator,
    authority: delegation.authority,
    caveats: caveats.map(({ enforcer, terms, args }) => ({ enforcer, terms, args })),
    salt: BigInt(delegation.salt),
    signature: delegation.signature,
  };
}

/** `abi.encode(Delegation[])` of a one-link chain: the permission context of `redeemDelegations`. @internal */
export function permissionContext(delegation: BudgetDelegation, caveats: readonly BudgetCaveat[]): Hex {
  return encodeAbiParameters(delegationChainParameters, [[delegationTuple(delegation, caveats)]]);
}

/** EIP-7702 designator code of an EOA delegating to `implementation`. @internal */
export function designatorOf(implementation: Address): Hex {
  return `0xef0100${implementation.slice(2).toLowerCase()}`;
}
