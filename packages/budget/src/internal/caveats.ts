// The caveats of a budget, from its plain fields: one MultiTokenPeriodEnforcer (per-token period caps), the
// recipients (AllowedCalldataEnforcer pinning transfer's `to`; several: LogicalOrWrapperEnforcer groups), the
// expiry (TimestampEnforcer). Terms encodings as the framework's enforcers read them.
import { type Address, concat, encodeAbiParameters, type Hex, numberToHex, pad } from "viem";
import { DELEGATION_FRAMEWORK_ADDRESSES as FRAMEWORK } from "../constants.js";
import type { BudgetCaveat, BudgetLimit } from "../types.js";

const caveatGroupsParameters = [
  {
    type: "tuple[]",
    components: [
      {
        name: "caveats",
        type: "tuple[]",
        components: [
          { name: "enforcer", type: "address" },
          { name: "terms", type: "bytes" },
          { name: "args", type: "bytes" },
        ],
      },
    ],
  },
] as const;

const selectedGroupParameters = [
  {
    type: "tuple",
    components: [
      { name: "groupIndex", type: "uint256" },
      { name: "caveatArgs", type: "bytes[]" },
    ],
  },
] as const;

/** MultiTokenPeriodEnforcer terms: per token 20 bytes address, then uint256 amount, duration, start date. */
export function multiTokenPeriodTerms(limits: readonly BudgetLimit[]): Hex {
  return concat(
    limits.flatMap((limit) => [
      limit.address,
      numberToHex(BigInt(limit.baseUnits), { size: 32 }),
      numberToHex(BigInt(limit.periodSeconds), { size: 32 }),
      numberToHex(BigInt(limit.startDate), { size: 32 }),
    ]),
  );
}

/** AllowedCalldataEnforcer terms pinning an ERC-20 `transfer`'s `to` (bytes 4..36 of the calldata). */
function recipientTerms(recipient: Address): Hex {
  return concat([numberToHex(4n, { size: 32 }), pad(recipient, { size: 32 })]);
}

/** TimestampEnforcer terms: uint128 "not before" (0: none) then uint128 "before". */
function expiryTerms(validUntil: bigint): Hex {
  return concat([numberToHex(0n, { size: 16 }), numberToHex(validUntil, { size: 16 })]);
}

/** The caveats a budget's plain fields mean, in order (args empty, as signed). @internal */
export function budgetCaveats(fields: {
  limits: readonly BudgetLimit[];
  recipients: readonly Address[] | null;
  validUntil: string | null;
}): BudgetCaveat[] {
  const caveats: BudgetCaveat[] = [
    { enforcer: FRAMEWORK.MultiTokenPeriodEnforcer, terms: multiTokenPeriodTerms(fields.limits), args: "0x" },
  ];
  const { recipients } = fields;
  if (recipients && recipients.length === 1) {
    caveats.push({
      enforcer: FRAMEWORK.AllowedCalldataEnforcer,
      terms: recipientTerms(recipients[0]!),
      args: "0x",
    });
  } else if (recipients && recipients.length > 1) {
    const groups = recipients.map((recipient) => ({
      caveats: [
        { enforcer: FRAMEWORK.AllowedCalldataEnforcer, terms: recipientTerms(recipient), args: "0x" as Hex },
      ],
    }));
    caveats.push({
      enforcer: FRAMEWORK.LogicalOrWrapperEnforcer,
      terms: encodeAbiParameters(caveatGroupsParameters, [groups]),
      args: "0x",
    });
  }
  if (fields.validUntil !== null) {
    caveats.push({
      enforcer: FRAMEWORK.TimestampEnforcer,
      terms: expiryTerms(BigInt(fields.validUntil)),
      args: "0x",
    });
  }
  return caveats;
}

/** MultiTokenPeriodEnforcer v1.3.0 args: the index of the token's configuration in the terms (uint256). @internal */
export function tokenIndexArgs(index: number): Hex {
  return numberToHex(BigInt(index), { size: 32 });
}

/**
 * The caveats with the redeemer's args for a transfer of the `tokenIndex`-th budgeted token to `recipient`
 * (MultiTokenPeriodEnforcer: which token; LogicalOrWrapper: which recipient group). @internal
 */
export function caveatsWithArgs(
  caveats: readonly BudgetCaveat[],
  recipients: readonly Address[] | null,
  recipient: Address,
  tokenIndex: number,
): BudgetCaveat[] {
  return caveats.map((caveat) => {
    if (caveat.enforcer === FRAMEWORK.MultiTokenPeriodEnforcer)
      return { ...caveat, args: tokenIndexArgs(tokenIndex) };
    if (caveat.enforcer !== FRAMEWORK.LogicalOrWrapperEnforcer || !recipients)
      return { ...caveat, args: "0x" };
    const groupIndex = recipients.findIndex((r) => r.toLowerCase() === recipient.toLowerCase());
    return {
      ...caveat,
      args: encodeAbiParameters(selectedGroupParameters, [
        { groupIndex: BigInt(groupIndex), caveatArgs: ["0x"] },
      ]),
    };
  });
}
